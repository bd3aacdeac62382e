// The database a kill test's worker process (alert-child.ts, digest-child.ts, report-child.ts)
// opens from its arguments: `pglite <dir>` or `pg <url> <schema>`.
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { openDb, type Db } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';

export async function openChildDb(engine: string, where: string, schema: string | undefined): Promise<{ db: Db; close: () => Promise<void> }> {
  if (engine === 'pg') {
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: where, max: 2, options: `-c search_path=${schema}` }) }),
    });
    return { db, close: () => db.destroy() };
  }
  return openDb({ databaseUrl: null, dataDir: where });
}
