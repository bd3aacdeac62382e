// SQL of Narrative Analysis: the latest posts of the scope with what a narrative's figures need.
import type { Db } from '../../db/connection.ts';
import { clipsInScope, type Scope } from '../../analytics/scope.ts';

/** The scope's latest `limit` posts: text, account, reach, AVE, rating and brand association. */
export function postsInScope(db: Db, s: Scope, limit: number) {
  return db
    .selectFrom('bin_clips')
    .innerJoin('clips', 'clips.id', 'bin_clips.clip_id')
    .leftJoin('authors', 'authors.id', 'bin_clips.author_id')
    .select([
      'bin_clips.id',
      'bin_clips.stream_id',
      'bin_clips.author_id',
      'authors.name as author_name',
      'authors.handle as author_handle',
      'authors.followers',
      'clips.body',
      'bin_clips.posted_at',
      'bin_clips.ave',
      'bin_clips.favourability_id',
      'bin_clips.brand_association_id',
    ])
    .$call(clipsInScope(s))
    .orderBy('bin_clips.posted_at', 'desc')
    .orderBy('bin_clips.id', 'desc')
    .limit(limit)
    .execute();
}
export type NarrativeRow = Awaited<ReturnType<typeof postsInScope>>[number];
