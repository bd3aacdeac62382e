// Influencer comparison (Influencer Monitoring, project types 1 and 5): the clips of up to five of
// the project's influencer entries per chart bucket (the shared rule: chartBuckets), and each
// one's total against the previous period of equal length.
import { chartBuckets, influencerDaysRemaining, type InfluencerComparison, type InfluencerComparisonQuery } from '@listening/contract';
import type { z } from 'zod';
import type { Db } from '../../db/connection.ts';
import { notFound } from '../../errors.ts';
import { assertScreen } from '../../access/index.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { previousScope, resolveScope, toWall } from '../../analytics/scope.ts';
import * as q from './queries.ts';

type Query = z.output<typeof InfluencerComparisonQuery>;

export async function compareInfluencers(db: Db, user: AuthUser, query: Query): Promise<InfluencerComparison> {
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
