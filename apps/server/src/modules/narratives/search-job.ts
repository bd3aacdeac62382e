// Narrative Analysis over large ranges (docs/narratives.md, "Large ranges"): a search whose scope
// has more posts than NARRATIVE_MAX_POSTS runs on the durable runner. Its row (narrative_results)
// is keyed by the scope, query, range and streams, so asking again finds it: running, its
// progress; done, its kept answer. The job is keyed by the row, so it is queued once; a run taken
// over after a lost lease starts the search again and only a running row takes an answer.
import type { NarrativeJob, NarrativesAnswer } from '@listening/contract';
import type { Db } from '../../db/connection.ts';
import { notFound } from '../../errors.ts';
import { enqueue, type Job } from '../../jobs/runner.ts';
import { yieldToRequests } from '../../jobs/yield.ts';
import { resolveScope, type Scope } from '../../analytics/scope.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import * as q from './queries.ts';
import { startGroupingThread } from './grouping-thread.ts';

export const NARRATIVE_SEARCH_QUEUE = 'narrative-search';
/** Posts read per statement while a job reads its scope. */
const PAGE = 20_000;
/** Share of the progress bar the reading takes; the grouping takes the rest. */
const READ_SHARE = 0.4;

interface Request {
  scope: Scope;
  query: string;
}

/** The search's identity: the bin, streams, instants and query. */
const searchKey = (s: Scope, query: string) =>
  JSON.stringify({ bin: s.binId, streams: [...s.streams].sort((a, b) => a - b), from: s.from.toISOString(), to: s.to.toISOString(), query });

const toWire = (r: q.ResultRow): NarrativeJob => ({
  Id: r.id,
  State: r.state as NarrativeJob['State'],
  Progress: r.progress,
  Answer: (r.answer as NarrativesAnswer | null) ?? null,
  CreatedAt: r.created_at.toISOString(),
  FinishedAt: r.finished_at ? r.finished_at.toISOString() : null,
  Error: r.error,
});

/** How old a kept answer may be before asking again recomputes it, when its range reaches past the moment it was made. */
export const NARRATIVE_RESULT_STALE_MS = 30 * 60_000;

/**
 * Whether a kept answer is stale: made more than NARRATIVE_RESULT_STALE_MS ago while its range
 * ran on past that moment, so posts collected since may belong to it. A range that had ended
 * when the answer was made keeps it.
 */
export const isStale = (r: Pick<q.ResultRow, 'state' | 'finished_at'>, s: Pick<Scope, 'to'>, now: Date) =>
  r.state === 'done' && !!r.finished_at && now.getTime() - r.finished_at.getTime() > NARRATIVE_RESULT_STALE_MS && s.to.getTime() > r.finished_at.getTime();

/**
 * Finds or starts the search's job (a failed one, or a stale kept answer, starts again; `refresh`,
 * the dialog's "Search again", starts a kept answer again however fresh it is).
 */
export async function startSearch(db: Db, s: Scope, query: string, now = new Date(), { refresh = false } = {}): Promise<NarrativeJob> {
  const request: Request = { scope: s, query };
  let row = await q.searchRow(db, s.project.id, searchKey(s, query), request);
  if (row.state === 'failed' || isStale(row, s, now) || (refresh && row.state === 'done')) {
    await (row.state === 'failed' ? q.restartResult(db, row.id) : q.refreshResult(db, row.id));
    row = (await q.resultRow(db, row.id))!;
  }
  if (row.state === 'running')
    await enqueue(db, NARRATIVE_SEARCH_QUEUE, { resultId: row.id }, { key: `result:${row.id}:${row.created_at.getTime()}`, maxAttempts: 3 });
  return toWire(row);
}

/** A search's progress and answer, if the user may see its project (404 otherwise). */
export async function getResult(db: Db, user: AuthUser, id: number): Promise<NarrativeJob> {
  const row = await q.resultRow(db, id);
  const request = row?.request as Request | undefined;
  if (!row || !request) throw notFound(`Narrative search ${id} not found`);
  // Authorised as a search of the same project and bin would be.
  await resolveScope(db, user, {
    projectId: row.project_id,
    binId: request.scope.binId,
    startDate: new Date(request.scope.startWall),
    endDate: new Date(request.scope.endWall),
    streamIds: request.scope.streams,
  }).catch(() => {
    throw notFound(`Narrative search ${id} not found`);
  });
  return toWire(row);
}

const revive = (s: Scope): Scope => ({ ...s, from: new Date(s.from), to: new Date(s.to), startWall: new Date(s.startWall), endWall: new Date(s.endWall) });

/** The job: reads the scope's posts page by page, groups them, keeps the answer. */
export async function runSearch(db: Db, job: Pick<Job, 'payload' | 'signal' | 'attempt'>, maxAttempts = 3): Promise<void> {
  const { resultId } = job.payload as { resultId: number };
  const row = await q.resultRow(db, resultId);
  if (!row || row.state !== 'running') return;
  const { scope, query } = row.request as Request;
  const s = revive(scope);
  const grouping = startGroupingThread();
  // A lost lease stops the worker too: its answer is not wanted any more.
  const stop = () => void grouping.close();
  job.signal.addEventListener('abort', stop);
  try {
    const total = Math.max(1, await q.countInScope(db, s));
    let read = 0;
    let last: q.NarrativeRow | undefined;
    for (;;) {
      const page = await q.postsInScope(db, s, PAGE, last ? { postedAt: new Date(last.posted_at), id: Number(last.id) } : undefined);
      grouping.add(page);
      read += page.length;
      last = page.at(-1) ?? last;
      if (job.signal.aborted) return;
      await q.setProgress(db, resultId, READ_SHARE * Math.min(1, read / total));
      if (page.length < PAGE) break;
      await yieldToRequests();
    }
    // The grouping runs on its own thread, so this one keeps answering and writes the progress as it comes.
    let reported = READ_SHARE;
    let writing = Promise.resolve();
    const answer = await grouping.answer(query, s, (done, of) => {
      const p = READ_SHARE + (1 - READ_SHARE) * 0.95 * (done / Math.max(1, of));
      if (p - reported >= 0.02) {
        reported = p;
        writing = writing.then(() => q.setProgress(db, resultId, p).then(() => undefined)).catch(() => undefined);
      }
    });
    await writing;
    if (job.signal.aborted) return;
    await q.finishResult(db, resultId, answer);
  } catch (err) {
    if (job.signal.aborted) return;
    if (job.attempt >= maxAttempts) await q.failResult(db, resultId, 'The search failed; ask again to retry.');
    throw err;
  } finally {
    job.signal.removeEventListener('abort', stop);
    await grouping.close();
  }
}
