// One database layer for two engines: PGlite in-process (embedded default) or PostgreSQL.
// Kysely's PostgresDialect drives both; PGlite is wrapped in a pool of one connection.
import { mkdirSync } from 'node:fs';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

// int8 and numeric arrive as strings from pg; counts and money here fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

interface PgliteLike {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[]; affectedRows?: number }>;
  close(): Promise<void>;
}

/** A pool of one over PGlite: requests wait their turn, so transactions never interleave. */
function pglitePool(db: PgliteLike) {
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
  close(): Promise<void>;
}

/** Opens PostgreSQL when a URL is given, else PGlite in dataDir (or in memory for ':memory:'). */
export async function openDb(opts: { databaseUrl: string | null; dataDir: string }): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: 'postgres', close: () => db.destroy() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  // PGlite parses types itself; make int8 and numeric numbers, as the pg parsers above do.
  const parsers = { 20: (v: string) => Number(v), 1700: (v: string) => Number(v) };
  let client: PgliteLike;
  if (opts.dataDir === ':memory:') client = new PGlite({ parsers }) as unknown as PgliteLike;
  else {
    mkdirSync(opts.dataDir, { recursive: true });
    client = new PGlite(`${opts.dataDir}/pglite`, { parsers }) as unknown as PgliteLike;
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pglitePool(client) as never }) });
  return { db, engine: 'pglite', close: () => db.destroy() };
}
