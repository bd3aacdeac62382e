// Each bin row carries its clip's engagement (likes + comments + shares), kept by filing
// (ledger/file-posts.ts) as it keeps the row's AVE and impact, so that top posts ranks a band of
// posts tied on impact from the impact index alone (analytics/top-posts.ts): the index now carries
// every column the ranking reads (author, engagement, AVE, posting time), and only the page's few
// posts are joined to their clips for the text and the link. The fill rewrites every bin row whose
// clip has any engagement: on a large database, a maintenance window's work.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table bin_clips add column engagement bigint not null default 0`.execute(db);
  await sql`update bin_clips bc set engagement = c.likes::bigint + c.comments + c.shares
              from clips c
             where c.id = bc.clip_id and c.likes::bigint + c.comments + c.shares <> 0`.execute(db);
  await sql`drop index bin_clips_bin_impact`.execute(db);
  await sql`create index bin_clips_bin_impact on bin_clips (bin_id, impact_score desc, id)
              include (stream_id, posted_at, author_id, engagement, ave) where not rejected`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index bin_clips_bin_impact`.execute(db);
  await sql`create index bin_clips_bin_impact on bin_clips (bin_id, impact_score desc, id) include (stream_id, posted_at) where not rejected`.execute(db);
  await sql`alter table bin_clips drop column engagement`.execute(db);
}
