// PGlite on a worker thread. PGlite runs PostgreSQL compiled to WebAssembly synchronously on the
// thread that holds it: on the request thread, its start (initdb, seconds), the migrations and any
// long statement (a day of the demo corpus, a rollup rebuild) held every request, /healthz
// included. Here the request thread only posts the statement and waits for the answer, so it keeps
// answering while the database works. Statements still run one at a time (connection.ts's pool of one).
import { Worker } from 'node:worker_threads';

/** PGlite parses types itself: int8 and numeric as numbers, as connection.ts's pg parsers do. */
export const pgliteParsers = { 20: (v: string) => Number(v), 1700: (v: string) => Number(v) };

export interface PgliteClient {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[]; affectedRows?: number }>;
  close(): Promise<void>;
}

// Node 20 does not pass the main thread's --import loader hooks on to workers, so the worker
// registers tsx itself before importing the TypeScript worker body (as ingest/enrich-pool.ts does).
const BOOT = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(new URL('./pglite-worker.ts', import.meta.url).href)}); })`;

type Answer = { id: number; rows?: unknown[]; affectedRows?: number; error?: Record<string, unknown> };

/** The database in `dataDir` (':memory:' for none) on a thread of its own. */
export function pgliteThread(dataDir: string): PgliteClient {
  const worker = new Worker(BOOT, { eval: true, workerData: { dataDir } });
  const waiting = new Map<number, { resolve: (a: Answer) => void; reject: (err: unknown) => void }>();
  let nextId = 0;
  let failed: unknown = null;
  const failAll = (err: unknown) => {
    failed = err;
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  };
  worker.on('message', (a: Answer) => {
    waiting.get(a.id)?.resolve(a);
    waiting.delete(a.id);
  });
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(failed ?? new Error(`the database thread ended (exit code ${code})`)));

  const send = (m: object) =>
    new Promise<Answer>((resolve, reject) => {
      if (failed) return reject(failed);
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, ...m });
    }).then((a) => {
      if (a.error) throw Object.assign(new Error(String(a.error.message)), a.error);
      return a;
    });

  return {
    async query<T>(sql: string, params?: unknown[]) {
      const a = await send({ sql, params });
      return { rows: a.rows as T[], affectedRows: a.affectedRows };
    },
    async close() {
      if (!failed) await send({ close: true });
      await worker.terminate();
    },
  };
}
