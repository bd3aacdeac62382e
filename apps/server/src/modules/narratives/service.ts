// Narrative Analysis (docs/narratives.md): the query's posts in scope grouped into storylines
// (answer.ts) while the caller waits; a scope of more posts than a caller should wait for is
// searched by a background job (search-job.ts) whose answer is kept.
import { NARRATIVE_MAX_POSTS, type FindNarrativesAnswer, type FindNarrativesBody } from '@listening/contract';
import type { Db } from '../../db/connection.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { resolveScope } from '../../analytics/scope.ts';
import { answerFor, queryMatcher } from './answer.ts';
import * as q from './queries.ts';
import { startSearch } from './search-job.ts';

/**
 * The answer at once when the scope has at most `maxPosts` posts; above that, the search's
 * background job (started now, or found running or done: a done one answers its kept result).
 */
export async function find(db: Db, user: AuthUser, body: FindNarrativesBody, { maxPosts = NARRATIVE_MAX_POSTS } = {}): Promise<FindNarrativesAnswer> {
  const s = await resolveScope(db, user, body);
  queryMatcher(body.query);
  const read = await q.postsInScope(db, s, maxPosts + 1);
  if (read.length <= maxPosts) return { ...answerFor(read, body.query, s), Job: null };
  const job = await startSearch(db, s, body.query, new Date(), { refresh: body.refresh });
  return { Posts: job.Answer?.Posts ?? 0, Sampled: false, Narratives: job.Answer?.Narratives ?? [], Job: { ...job, Answer: null } };
}
