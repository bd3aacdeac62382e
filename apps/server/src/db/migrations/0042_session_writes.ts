// When a session last changed something (a request other than a read that succeeded). With read
// replicas, a user who wrote within moments reads from the primary, so the change is never missing
// from the next screen (db/replicas.ts, http/route.ts); any API process can tell, with nothing
// kept in its memory.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('wrote_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('wrote_at').execute();
}
