// The mention engine's additions: the handle a post replies to (brand association is decided
// from it, and a re-match after profiles change needs it), and the index that engagement
// updates and rating use to find a clip's rows in every bin.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('clips').addColumn('in_reply_to_handle', 'text').execute();
  await sql`create index if not exists bin_clips_clip on bin_clips (clip_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('clips').dropColumn('in_reply_to_handle').execute();
}
