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
import { answerFor } from './answer.ts';

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

/** Finds or starts the search's job (a failed one starts again). */
export async function startSearch(db: Db, s: Scope, query: string): Promise<NarrativeJob> {
  const request: Request = { scope: s, query };
  let row = await q.searchRow(db, s.project.id, searchKey(s, query), request);
  if (row.state === 'failed') {
    await q.restartResult(db, row.id);
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
  try {
    const total = Math.max(1, await q.countInScope(db, s));
    const read: q.NarrativeRow[] = [];
    for (;;) {
      const last = read.at(-1);
      const page = await q.postsInScope(db, s, PAGE, last ? { postedAt: new Date(last.posted_at), id: Number(last.id) } : undefined);
      read.push(...page);
      if (job.signal.aborted) return;
      await q.setProgress(db, resultId, READ_SHARE * Math.min(1, read.length / total));
      if (page.length < PAGE) break;
      await yieldToRequests();
    }
    let reported = 0;
    const answer = answerFor(read, query, s, {
      onProgress: (done, of) => {
        const p = READ_SHARE + (1 - READ_SHARE) * 0.95 * (done / Math.max(1, of));
        // Grouping runs without yielding; the row is written between its steps, a few times at most.
        if (p - reported >= 0.05) {
          reported = p;
          void q.setProgress(db, resultId, p).catch(() => undefined);
        }
      },
    });
    if (job.signal.aborted) return;
    await q.finishResult(db, resultId, answer);
  } catch (err) {
    if (job.attempt >= maxAttempts) await q.failResult(db, resultId, 'The search failed; ask again to retry.');
    throw err;
  }
}
