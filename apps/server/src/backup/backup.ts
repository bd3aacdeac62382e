// Backups of either engine (docs/operations.md, "Backups"): a folder holding the database and the
// token key, and a manifest saying what it is.
// - PostgreSQL: `pg_dump --format=custom` (one consistent snapshot, taken while the server and its
//   ingestion run), restored with `pg_restore` into an empty database.
// - PGlite: the data folder, dumped by PGlite itself (`dumpDataDir`, a consistent tarball), loaded
//   back into an empty DATA_DIR. The embedded database belongs to one process: stop the server
//   first (the server holds the folder open while it runs).
// Both: DATA_DIR/token.key when there is one (the embedded mode's key of profiles' tokens; without
// it the restored tokens cannot be read). TOKEN_KEY and TOKEN_KEYS_OLD, when set, live in the
// environment, not here: keep them with the backup, apart from it.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../db/connection.ts';
import { TOKEN_KEY_FILE } from '../crypto/tokens.ts';

export const MANIFEST = 'manifest.json';
const DUMP = 'database.dump';
const PGLITE_DUMP = 'pglite.tar.gz';

export interface Manifest {
  engine: 'pglite' | 'postgres';
  createdAt: string;
  /** The database file in the folder. */
  file: string;
  tokenKey: boolean;
  seconds: number;
}

export interface Where {
  /** PostgreSQL when set, else PGlite in dataDir/pglite. */
  databaseUrl: string | null;
  dataDir: string;
}

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', (e) => reject(new Error(`${cmd} could not be started (${e.message}): install the PostgreSQL client tools of the server's version`)));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} failed (exit ${code}): ${err.trim()}`))));
  });
}

const pgliteDir = (dataDir: string) => join(dataDir, 'pglite');

/** Writes a backup of the database (and the token key file, if any) into `out`, which must not hold one already. */
export async function backup(where: Where, out: string): Promise<Manifest> {
  if (existsSync(join(out, MANIFEST))) throw new Error(`${out} holds a backup already: name another folder`);
  mkdirSync(out, { recursive: true });
  const started = performance.now();
  let file: string;
  if (where.databaseUrl) {
    file = DUMP;
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${join(out, DUMP)}`, where.databaseUrl]);
  } else {
    const dir = pgliteDir(where.dataDir);
    if (!existsSync(dir)) throw new Error(`no embedded database in ${where.dataDir} (DATA_DIR): nothing to back up`);
    file = PGLITE_DUMP;
    const { PGlite } = await import('@electric-sql/pglite');
    const db = new PGlite(dir);
    try {
      const dump = await db.dumpDataDir('gzip');
      writeFileSync(join(out, PGLITE_DUMP), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await db.close();
    }
  }
  const key = join(where.dataDir, TOKEN_KEY_FILE);
  const tokenKey = existsSync(key);
  if (tokenKey) copyFileSync(key, join(out, TOKEN_KEY_FILE));
  const manifest: Manifest = {
    engine: where.databaseUrl ? 'postgres' : 'pglite',
    createdAt: new Date().toISOString(),
    file,
    tokenKey,
    seconds: Math.round(performance.now() - started) / 1000,
  };
  writeFileSync(join(out, MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

/** Restores the backup in `from` into an empty database (DATABASE_URL's, or a DATA_DIR without one). */
export async function restore(where: Where, from: string): Promise<Manifest & { restoreSeconds: number }> {
  if (!existsSync(join(from, MANIFEST))) throw new Error(`${from} is not a backup (no ${MANIFEST})`);
  const manifest = JSON.parse(readFileSync(join(from, MANIFEST), 'utf8')) as Manifest;
  const engine = where.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.engine !== engine)
    throw new Error(
      `this backup is of ${manifest.engine === 'postgres' ? 'PostgreSQL' : 'the embedded database'}: restore it with ${manifest.engine === 'postgres' ? 'DATABASE_URL set' : 'DATABASE_URL unset'}`,
    );
  const started = performance.now();
  if (where.databaseUrl) {
    const c = new pg.Client({ connectionString: where.databaseUrl });
    await c.connect();
    try {
      const { rows } = await c.query<{ n: number }>(`select count(*)::int as n from information_schema.tables where table_schema = current_schema()`);
      if (rows[0].n > 0) throw new Error('the database of DATABASE_URL is not empty: restore into a new database (createdb), never over a live one');
    } finally {
      await c.end();
    }
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${where.databaseUrl}`,
      join(from, manifest.file),
    ]);
  } else {
    const dir = pgliteDir(where.dataDir);
    if (existsSync(dir) && readdirSync(dir).length > 0) throw new Error(`${where.dataDir} (DATA_DIR) holds a database already: restore into an empty folder`);
    mkdirSync(where.dataDir, { recursive: true });
    const { PGlite } = await import('@electric-sql/pglite');
    const db = new PGlite(dir, { loadDataDir: new Blob([readFileSync(join(from, manifest.file))]) });
    await db.waitReady;
    await db.close();
  }
  if (manifest.tokenKey) {
    const key = join(where.dataDir, TOKEN_KEY_FILE);
    if (existsSync(key) && !readFileSync(key).equals(readFileSync(join(from, TOKEN_KEY_FILE))))
      throw new Error(`${key} holds another key: move it away first (tokens stored under it would not be readable otherwise)`);
    mkdirSync(where.dataDir, { recursive: true });
    copyFileSync(join(from, TOKEN_KEY_FILE), key);
  }
  return { ...manifest, restoreSeconds: Math.round(performance.now() - started) / 1000 };
}

/** Every table's row count (the restore's check, and the operator's). */
export async function tableCounts(db: Db): Promise<Record<string, number>> {
  const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const r = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(name)}`.execute(db);
    counts[name] = r.rows[0].n;
  }
  return counts;
}
