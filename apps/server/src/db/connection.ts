// One database layer for two engines: PGlite (embedded default; in-process, or on a worker thread
// for the server) or PostgreSQL. Kysely's PostgresDialect drives both; PGlite is wrapped in a pool
// of one connection.
import { mkdirSync } from 'node:fs';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { pgliteParsers as parsers, pgliteThread, type PgliteClient } from './pglite-thread.ts';
import { ReplicaSet, routingPool } from './replicas.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

// int8 and numeric arrive as strings from pg; counts and money here fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/** A pool of one over PGlite: requests wait their turn, so transactions never interleave. */
function pglitePool(db: PgliteClient) {
  let queue: Promise<void> = Promise.resolve();
  return {
    async connect() {
      let release!: () => void;
      const turn = new Promise<void>((r) => (release = r));
      const prev = queue;
      queue = prev.then(() => turn);
      await prev;
      return {
        async query(sql: string, params: unknown[]) {
          const r = await db.query<Record<string, unknown>>(sql, params);
          const command = sql.trimStart().slice(0, 6).toUpperCase();
          return { command, rowCount: r.affectedRows ?? r.rows.length, rows: r.rows };
        },
        release() {
          release();
        },
      };
    },
    async end() {
      await db.close();
    },
  };
}

export interface DbHandle {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** The read replicas (DATABASE_READ_URL), checked every second; null without any. */
  replicas?: ReplicaSet | null;
  /** Resolves once every connection is closed (on PostgreSQL: its socket, not just the pool). */
  close(): Promise<void>;
  /** PGlite in-process: the data folder as an archive (`loadDataDir` opens a copy of it). */
  dumpDataDir?: () => Promise<Blob>;
}

/**
 * Makes a pg pool survive its connections dying (a PostgreSQL restart, pg_terminate_backend, a
 * dropped database, a network cut). Without a listener, a connection that fails while idle in the
 * pool, or while checked out between two queries, emits an 'error' nobody handles and Node ends
 * the process. With these, the pool drops the dead connection and the next query opens a new one;
 * a query that was running when its connection died fails with that error as usual.
 * Returns a function that waits until every connection the pool opened has really closed: the
 * pool's end() resolves before the sockets do, and whatever runs next (dropping the database the
 * pool used, say) would otherwise still meet them.
 */
export function guardPool(pool: pg.Pool, onError: (err: Error) => void): () => Promise<void> {
  const open = new Set<pg.PoolClient>();
  let drained: (() => void) | null = null;
  // An idle connection's failure arrives twice (on the connection, then on the pool): told once.
  const told = new WeakSet<Error>();
  const tell = (err: Error) => {
    if (told.has(err)) return;
    told.add(err);
    onError(err);
  };
  pool.on('error', tell);
  pool.on('connect', (client) => {
    open.add(client);
    // A checked-out connection has no listener of the pool's: without this one, its failure would end the process.
    client.on('error', tell);
  });
  pool.on('remove', (client) => {
    open.delete(client);
    if (open.size === 0) drained?.();
  });
  return () => (open.size === 0 ? Promise.resolve() : new Promise<void>((r) => (drained = r)));
}

const warnConnectionLost = (err: Error) => console.warn(`listening: a database connection was lost (${err.message}); the next query opens a new one`);

/**
 * How long a query may wait for a connection (opening one, or a free one of the pool) before it
 * fails. pg waits for ever by default: a database behind a dead network link would hold every
 * request until its client gave up. Long enough that a pool kept busy by background work is never
 * mistaken for an unreachable database.
 */
export const CONNECT_TIMEOUT_MS = 30_000;

// SQLSTATE classes 08 (connection exception) and 57P (the server shutting down, crashed or still
// starting), 53300 (too many connections); and the socket errors of a server that is not there.
const UNAVAILABLE_CODES = /^(08[0-9A-Z]{3}|57P0[1-4]|53300|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN)$/;
// node-postgres says these in words, without a code.
const UNAVAILABLE_WORDS = /Connection terminated|connection error|timeout exceeded when trying to connect|Connection ended unexpectedly/i;

/**
 * Whether a failure is the database not answering (restarting, failing over, unreachable) rather
 * than a fault of the query: requests answer 503 for it, and a starting process waits it out.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.test(code)) return true;
  const message = (err as { message?: unknown } | null)?.message;
  return typeof message === 'string' && UNAVAILABLE_WORDS.test(message);
}

/** Runs `step`, again every two seconds while the database does not answer (a process started while PostgreSQL restarts). */
export async function whenDatabaseAnswers<T>(what: string, step: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await step();
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      console.warn(`listening: the database is not answering while ${what} (${(err as Error).message}); trying again in 2 s`);
      await new Promise((r) => setTimeout(r, 2_000));
    }
  }
}

export interface OpenDbOptions {
  databaseUrl: string | null;
  /** PostgreSQL read replicas for the reads of read contexts (db/replicas.ts). */
  databaseReadUrls?: string[];
  dataDir: string;
  /** A PostgreSQL connection failed (the pool replaces it); default: a warning on stderr. */
  onConnectionError?: (err: Error) => void;
  /**
   * PGlite on a worker thread (pglite-thread.ts), so that the thread answering requests never
   * waits for the database's own work: the server (main.ts) asks for it; tests and scripts keep
   * PGlite in-process.
   */
  thread?: boolean;
  /** PGlite in memory: start from this data-folder archive (a `dumpDataDir` of another database). */
  loadDataDir?: Blob;
}

/** Opens PostgreSQL when a URL is given, else PGlite in dataDir (or in memory for ':memory:'). */
export async function openDb(opts: OpenDbOptions): Promise<DbHandle> {
  if (opts.databaseUrl) {
    // A database that cannot be reached fails a request (a 503, plugins/errors.ts) instead of holding it.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    const onError = opts.onConnectionError ?? warnConnectionLost;
    const closed = guardPool(pool, onError);
    const replicas = opts.databaseReadUrls?.length ? new ReplicaSet(pool, opts.databaseReadUrls, onError) : null;
    await replicas?.start();
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: replicas ? (routingPool(pool, replicas) as never) : pool }) });
    return {
      db,
      engine: 'postgres',
      replicas,
      async close() {
        await db.destroy();
        await closed();
      },
    };
  }
  if (opts.dataDir !== ':memory:') mkdirSync(opts.dataDir, { recursive: true });
  const dir = opts.dataDir === ':memory:' ? ':memory:' : `${opts.dataDir}/pglite`;
  if (opts.thread) {
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pglitePool(pgliteThread(dir)) as never }) });
    return { db, engine: 'pglite', replicas: null, close: () => db.destroy() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const client = dir === ':memory:' ? new PGlite({ parsers, loadDataDir: opts.loadDataDir }) : new PGlite(dir, { parsers });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pglitePool(client as unknown as PgliteClient) as never }) });
  return { db, engine: 'pglite', replicas: null, close: () => db.destroy(), dumpDataDir: () => client.dumpDataDir('none') as Promise<Blob> };
}
