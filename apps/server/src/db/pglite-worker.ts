// Worker thread body for pglite-thread.ts: holds the embedded database and runs the queries it is
// sent, one message each, answering rows or the error's fields.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pgliteParsers as parsers } from './pglite-thread.ts';

const { dataDir } = workerData as { dataDir: string };
const db = dataDir === ':memory:' ? new PGlite({ parsers }) : new PGlite(dataDir, { parsers });

/** What the main thread rebuilds the error from: its message and the fields callers read (code, detail, ...). */
function fields(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const out: Record<string, unknown> = { name: err.name, message: err.message, stack: err.stack };
  for (const [k, v] of Object.entries(err)) if (k !== 'params' && k !== 'queryOptions' && (v === null || typeof v !== 'object')) out[k] = v;
  return out;
}

type Message = { id: number; sql: string; params?: unknown[] } | { id: number; close: true };

parentPort!.on('message', (m: Message) => {
  if ('close' in m) {
    void db.close().then(
      () => parentPort!.postMessage({ id: m.id, rows: [] }),
      (err: unknown) => parentPort!.postMessage({ id: m.id, error: fields(err) }),
    );
    return;
  }
  db.query<Record<string, unknown>>(m.sql, m.params).then(
    (r) => parentPort!.postMessage({ id: m.id, rows: r.rows, affectedRows: r.affectedRows }),
    (err: unknown) => parentPort!.postMessage({ id: m.id, error: fields(err) }),
  );
});
