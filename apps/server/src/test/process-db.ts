// A database of a process test's own, and the server processes the test runs on it (the fault and
// many-process tests of docs/scaling.md): a fresh database on DATABASE_URL, or a whole PostgreSQL
// cluster of its own; a temporary DATA_DIR; and, on close, every process killed and all of it
// removed. With the HTTP steps those tests share: wait for an API process, post, sign in. Test
// support only.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { expect } from 'vitest';
import { clusterUnavailable, startCluster } from './pg-cluster.ts';
import { startServerProcess, until, type ServerProcess } from './server-process.ts';

export interface ProcessDb {
  /** The database's address. */
  url: string;
  /** The test's own connection to it. */
  client: pg.Client;
  /** The processes' DATA_DIR, a temporary folder. */
  dataDir: string;
  /** Every process started on it, in order; those still running are killed on close. */
  procs: ServerProcess[];
  /** Starts a server process on the database (DATABASE_URL, DATA_DIR, no simulator, warnings only; then `env`). */
  start(role: 'api' | 'worker' | 'all', env?: NodeJS.ProcessEnv): ServerProcess;
  /** The rows a statement gives, on the test's connection. */
  rows<T>(text: string, values?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

async function processDb(url: string, prefix: string, remove: () => Promise<void>): Promise<ProcessDb> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const dataDir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const procs: ServerProcess[] = [];
  return {
    url,
    client,
    dataDir,
    procs,
    start: (role, env = {}) => {
      const p = startServerProcess(role, { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, SIMULATOR: '0', LOG_LEVEL: 'warn', ...env });
      procs.push(p);
      return p;
    },
    rows: async <T>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows as T[],
    close: async () => {
      for (const p of procs) if (!p.exited) p.child.kill('SIGKILL');
      await client.end();
      await remove();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new database on DATABASE_URL's server, dropped on close. */
export async function freshDatabase(prefix: string): Promise<ProcessDb> {
  const admin = process.env.DATABASE_URL;
  if (!admin) throw new Error('a fresh database needs DATABASE_URL');
  const name = `t_${prefix.replace(/\W/g, '')}_${randomBytes(4).toString('hex')}`;
  const adminQuery = async (text: string) => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(text);
    await c.end();
  };
  await adminQuery(`create database ${name}`);
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return processDb(u.toString(), prefix, () => adminQuery(`drop database if exists ${name} with (force)`));
}

/** A PostgreSQL cluster of the test's own (pg-cluster.ts), destroyed on close; `what` names the test when none can be made. */
export async function ownCluster(prefix: string, what: string): Promise<ProcessDb> {
  const why = clusterUnavailable();
  if (why) throw new Error(`${what} needs a PostgreSQL cluster of its own: ${why}`);
  const cluster = await startCluster();
  return processDb(cluster.url, prefix, async () => cluster.destroy());
}

/** Waits until the process has exited (after a kill). */
export const gone = (p: ServerProcess, what = 'the process gone') => until(what, 10, async () => (p.exited ? true : undefined));

/** Waits until the API at `base` answers its health check. */
export const apiReady = (base: string, what: string, seconds: number) =>
  until(what, seconds, async () => ((await fetch(`${base}/healthz`)).status === 200 ? true : undefined));

/** A JSON POST to the API at `base`. */
export const post = (base: string, path: string, body: unknown, auth: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Signs a demo user in through the API at `base`; its authorization header. */
export async function signIn(base: string, email: string): Promise<{ authorization: string }> {
  const res = await post(base, '/crm/api/user/login', { Username: email, Password: 'demo-password' });
  expect(res.status).toBe(200);
  return { authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` };
}
