// Worker thread body for grouping-thread.ts: keeps the pages of posts it is sent, then answers the
// search over them, telling its progress as it goes.
import { parentPort } from 'node:worker_threads';
import type { Scope } from '../../analytics/scope.ts';
import { answerFor } from './answer.ts';
import type { NarrativeRow } from './queries.ts';

export type ToGrouping = { type: 'rows'; rows: NarrativeRow[] } | { type: 'answer'; query: string; scope: Scope };
export type FromGrouping =
  { type: 'progress'; done: number; of: number } | { type: 'answer'; answer: ReturnType<typeof answerFor> } | { type: 'error'; message: string };

const rows: NarrativeRow[] = [];
const tell = (m: FromGrouping) => parentPort!.postMessage(m);

parentPort!.on('message', (m: ToGrouping) => {
  if (m.type === 'rows') {
    for (const r of m.rows) rows.push(r);
    return;
  }
  try {
    tell({ type: 'answer', answer: answerFor(rows, m.query, m.scope, { onProgress: (done, of) => tell({ type: 'progress', done, of }) }) });
  } catch (err) {
    tell({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
});
