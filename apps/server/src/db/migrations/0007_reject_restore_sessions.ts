// Security review (docs/security.md): who rejected a clip and when, kept on the row so a reject can
// be seen and undone (modules/clips/rating.ts); when a session last made a request, so an idle
// session ends (plugins/auth.ts, SESSION_IDLE_HOURS).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The person at the keyboard (the admin while acting as someone), as in the audit log; null for
  // rows rejected before this migration and after a restore.
  await db.schema
    .alterTable('bin_clips')
    .addColumn('rejected_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('rejected_at', 'timestamptz')
    .execute();
  // The tray's 'Rejected' view reads a bin's rejected clips newest first: few rows, a small index.
  await sql`create index bin_clips_rejected on bin_clips (bin_id, posted_at desc, id desc) where rejected`.execute(db);

  await db.schema
    .alterTable('sessions')
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('last_seen_at').execute();
  await db.schema.dropIndex('bin_clips_rejected').ifExists().execute();
  await db.schema.alterTable('bin_clips').dropColumn('rejected_by').dropColumn('rejected_at').execute();
}
