// What the "killed mid-send" tests of the delivery jobs share (word-bin digests, alerts, report
// schedules): a database a child process can open too, and the child worker, run until it exits or
// is killed. Test support only.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { openDb, type DbHandle } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';

/**
 * A database a child process can open too: a throwaway schema on DATABASE_URL, or a PGlite folder.
 * `args` tell the child how to open it; `open` reopens it here after the child; `drop` removes it.
 */
export async function sharedDb(prefix: string): Promise<{ args: string[]; open: () => Promise<DbHandle>; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const schema = `t_${prefix}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const open = async (): Promise<DbHandle> => {
      const db = new Kysely<Database>({
        dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 3, options: `-c search_path=${schema}` }) }),
      });
      return { db, engine: 'postgres', close: () => db.destroy() };
    };
    const drop = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    };
    return { args: ['pg', url, schema], open, drop };
  }
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  return { args: ['pglite', dir], open: () => openDb({ databaseUrl: null, dataDir: dir }), drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

/** Runs a child worker script with the SMTP address and the database's args; its errors are printed if it fails. */
export function runChild(childPath: string, smtpUrl: string, args: string[]): { exited: Promise<number | null>; kill: () => void } {
  const child = spawn(process.execPath, ['--import', 'tsx', childPath, smtpUrl, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      if (code && code !== 0) console.error(err);
      resolve(code);
    }),
  );
  return { exited, kill: () => child.kill('SIGKILL') };
}
