// The Top Authors page's posts index (modules/influencers/posts-index.ts) reads a bin's rejected
// rows again each minute in the background, and in a request when a range's count disagrees with
// the rollups (after a rejection or a restore). It reads their posted_at, author_id and stream_id:
// carried in the partial index bin_clips_rejected, that read is an index-only scan of the rejected
// rows instead of a visit to each one's heap page (about a second for 200,000 rejected rows among
// 10,000,000). The clip tray's 'Rejected' view reads the same index by its keys, as before.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists bin_clips_rejected`.execute(db);
  await sql`create index bin_clips_rejected on bin_clips (bin_id, posted_at desc, id desc) include (author_id, stream_id) where rejected`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists bin_clips_rejected`.execute(db);
  await sql`create index bin_clips_rejected on bin_clips (bin_id, posted_at desc, id desc) where rejected`.execute(db);
}
