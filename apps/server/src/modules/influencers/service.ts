// Influencer discovery: authors added from top authors, kept one year, removed from the widget
// (project types 1, 5, 6, 7, as top authors). Influencer comparison (Influencer Monitoring,
// project types 1 and 5): the clips of up to five entries per chart bucket (the shared rule:
// chartBuckets), and each one's total against the previous period of equal length. The Top
// Authors page (project types 1 and 5): every person who posted in range, a page at a time, by
// followers or by clips; a person's accounts on several networks are one author (the
// dashboard's rule). Its people are counted by the people index and kept a short while
// (analytics/people/range-people.ts): paging and flipping the sort do not count the range's
// posts again.
import {
  chartBuckets,
  influencerDaysRemaining,
  type InfluencerComparison,
  type InfluencerComparisonQuery,
  type TopAuthorsPage,
  type TopAuthorsPageQuery,
} from '@listening/contract';
import type { z } from 'zod';
import type { Db } from '../../db/connection.ts';
import type { ProjectRow } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { assertClientWritable, assertScreen, projectForUser, projectForWrite } from '../../access/index.ts';
import { assertPostsKept, previousScope, resolveScope, toWall } from '../../analytics/scope.ts';
import { rangePeople } from '../../analytics/people/range-people.ts';
import * as q from './queries.ts';

const toInfluencer = (r: { id: number; author_id: number; author_name: string; stream_id: number; created_at: Date }, now = new Date()) => ({
  Id: r.id,
  AuthorId: Number(r.author_id),
  AuthorName: r.author_name,
  StreamId: r.stream_id,
  DateCreated: new Date(r.created_at).toISOString(),
  DaysRemaining: influencerDaysRemaining(new Date(r.created_at), now),
});

async function discoveryProject(db: Db, user: AuthUser, projectId: number, forWrite = false): Promise<ProjectRow> {
  const project = await (forWrite ? projectForWrite : projectForUser)(db, user, projectId);
  assertScreen(project, 'influencer-discovery');
  return project;
}

/** The project's entries that have days left, newest first. */
export async function listInfluencers(db: Db, user: AuthUser, projectId: number) {
  const project = await discoveryProject(db, user, projectId);
  const rows = await q.projectInfluencers(db, project.id);
  const now = new Date();
  return rows.map((r) => toInfluencer(r, now)).filter((i) => i.DaysRemaining > 0);
}

/** Adds an author who posted in the project; adding one twice answers the existing entry. */
export async function createInfluencer(db: Db, user: AuthUser, v: { projectId: number; authorId: number; authorName: string; streamId: number }) {
  const project = await discoveryProject(db, user, v.projectId, true);
  const author = await q.authorInProject(db, project.id, v.authorId, v.streamId);
  if (!author) throw notFound(`Author ${v.authorId} on stream ${v.streamId} has no posts in project ${v.projectId}`);
  const row = await q.addInfluencer(db, { project_id: project.id, author_id: v.authorId, author_name: v.authorName, stream_id: v.streamId });
  return toInfluencer(row);
}

export async function deleteInfluencer(db: Db, user: AuthUser, id: number): Promise<void> {
  const row = await q.influencerProject(db, id);
  if (!row) throw notFound(`Influencer ${id} not found`);
  const project = await projectForUser(db, user, row.project_id).catch(() => {
    throw notFound(`Influencer ${id} not found`);
  });
  await assertClientWritable(db, user, project.client_id);
  await q.removeInfluencer(db, id);
}

export async function compareInfluencers(db: Db, user: AuthUser, query: z.output<typeof InfluencerComparisonQuery>): Promise<InfluencerComparison> {
  const s = await resolveScope(db, user, { projectId: query.projectId, startDate: query.fromDate, endDate: query.endDate, streamIds: query.streamIds });
  assertScreen(s.project, 'influencer-monitoring');
  const now = new Date();
  const entries = new Map((await q.influencerEntries(db, s.project.id, query.influencers)).map((e) => [e.id, e]));
  // Another project's (or client's) entry, or one whose year is over, is not this project's to compare.
  const missing = query.influencers.find((id) => {
    const e = entries.get(id);
    return !e || influencerDaysRemaining(new Date(e.created_at), now) <= 0;
  });
  if (missing !== undefined) throw notFound(`Influencer ${missing} not found in project ${s.project.id}`);
  const chosen = query.influencers.map((id) => entries.get(id)!);
  const authorIds = chosen.map((e) => Number(e.author_id));

  const { bucket, buckets } = chartBuckets(s.startWall, s.endWall, toWall(now, s.timeZone));
  const [rows, previous] = await Promise.all([q.clipsByAuthorAndBucket(db, s, bucket, authorIds), q.clipsByAuthor(db, previousScope(s), authorIds)]);
  const counts = new Map(rows.map((r) => [`${r.authorId}:${r.day}`, r.count]));
  return {
    Bucket: bucket,
    Buckets: buckets.map((b) => ({ Date: b.start, From: b.from, To: b.to })),
    Influencers: chosen.map((e) => {
      const perBucket = buckets.map((b) => counts.get(`${Number(e.author_id)}:${b.start}`) ?? 0);
      return {
        Profile: { Id: e.id, AuthorId: Number(e.author_id), AuthorName: e.author_name, StreamId: e.stream_id },
        Counts: perBucket,
        Total: {
          Value: rows.filter((r) => r.authorId === Number(e.author_id)).reduce((n, r) => n + r.count, 0),
          Previous: previous.get(Number(e.author_id)) ?? 0,
        },
      };
    }),
  };
}

export async function topAuthorsPage(db: Db, user: AuthUser, query: z.output<typeof TopAuthorsPageQuery>): Promise<TopAuthorsPage> {
  const s = await resolveScope(db, user, query);
  assertScreen(s.project, 'top-authors');
  assertPostsKept(s);
  // Each range's people are used as they are handed over (their arrays are reused once dropped).
  const [now, before] = await Promise.all([
    rangePeople(db, s, (p) => ({ count: p.count, clips: p.clips, page: p.page(query.sort, (query.page - 1) * query.pageSize, query.pageSize) })),
    rangePeople(db, previousScope(s), (p) => ({ count: p.count, clips: p.clips })),
  ]);
  const { page } = now;
  return {
    Total: now.count,
    Page: query.page,
    PageSize: query.pageSize,
    // accounts[0], the largest audience, names the author.
    Authors: page.map(({ accounts, followers, clips }) => ({
      AuthorId: accounts[0].id,
      AuthorName: accounts[0].name,
      Handle: accounts[0].handle,
      StreamId: accounts[0].stream_id,
      FollowerCount: followers,
      ClipCount: clips,
      Accounts: accounts.map((a) => ({ AuthorId: a.id, StreamId: a.stream_id, Handle: a.handle, FollowerCount: a.followers, ClipCount: a.clips })),
    })),
    People: { Value: now.count, Previous: before.count },
    Clips: { Value: now.clips, Previous: before.clips },
  };
}
