// A large search's grouping on a worker thread (docs/narratives.md, "Large ranges"): grouping a
// million posts takes half a minute of CPU, which on the thread that answers requests would
// hold every request and the job's own progress meanwhile. The job sends each page of posts as
// it reads it, then asks for the answer; the worker tells its progress as it groups.
import { Worker } from 'node:worker_threads';
import type { NarrativesAnswer } from '@listening/contract';
import type { Scope } from '../../analytics/scope.ts';
import type { NarrativeRow } from './queries.ts';
import type { FromGrouping, ToGrouping } from './grouping-worker.ts';

// Node 20 does not pass the main thread's --import loader hooks on to workers, so the worker
// registers tsx itself before importing the TypeScript worker body (as ingest/enrich-pool.ts does).
const BOOT = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(new URL('./grouping-worker.ts', import.meta.url).href)}); })`;

export interface GroupingThread {
  /** Hands a page of the scope's posts to the worker (kept there until the answer). */
  add(rows: NarrativeRow[]): void;
  /** The search's answer over every page added; `onProgress(done, of)` as the grouping goes. */
  answer(query: string, scope: Scope, onProgress?: (done: number, of: number) => void): Promise<NarrativesAnswer>;
  /** Stops the worker (also when the answer is not wanted any more). */
  close(): Promise<void>;
}

export function startGroupingThread(): GroupingThread {
  const worker = new Worker(BOOT, { eval: true });
  const send = (m: ToGrouping) => worker.postMessage(m);
  return {
    add: (rows) => send({ type: 'rows', rows }),
    answer: (query, scope, onProgress) =>
      new Promise<NarrativesAnswer>((resolve, reject) => {
        worker.on('message', (m: FromGrouping) => {
          if (m.type === 'progress') onProgress?.(m.done, m.of);
          else if (m.type === 'answer') resolve(m.answer);
          else reject(new Error(m.message));
        });
        worker.once('error', reject);
        worker.once('exit', (code) => reject(new Error(`The grouping worker stopped (code ${code})`)));
        send({ type: 'answer', query, scope });
      }),
    close: async () => {
      await worker.terminate();
    },
  };
}
