// Read replicas on a real hot standby (docs/scaling.md, "Read replicas"): a primary and a standby
// made by pg_basebackup (test/pg-cluster.ts), and an API process with DATABASE_URL on the primary
// and DATABASE_READ_URL on the standby. The screens' reads go to the standby; a user's own change
// is in their next read at once; a standby that lags or is stopped is left out until it recovers;
// with the primary stopped, reads carry on from the standby and changes answer a clear 503.
// On PostgreSQL only (the test:pg run): PGlite has no replicas.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_READ_ONLY } from '../plugins/errors.ts';
import { clusterUnavailable, freePort, startCluster, startStandby, type Cluster } from '../test/pg-cluster.ts';
import { startServerProcess, until, type ServerProcess } from '../test/server-process.ts';

/** The lag bound the process is started with; a change is then sticky to the primary for twice this. */
const MAX_LAG_MS = 1_000;

describe.runIf(process.env.DATABASE_URL)('read replicas (a real hot standby)', () => {
  let primary: Cluster;
  let standby: Cluster;
  let api: ServerProcess;
  let base: string;
  let dataDir: string;
  let token: string;
  let projectId: number;

  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, readFrom: res.headers.get('x-listening-read'), body: (await res.json()) as any };
  };
  const settings = () => call('GET', `/api/competitor/settings?projectId=${projectId}`);
  const onPrimary = async (text: string) => {
    const c = new pg.Client({ connectionString: primary.url });
    await c.connect();
    try {
      return (await c.query(text)).rows;
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    const why = clusterUnavailable();
    if (why) throw new Error(`the read-replica test needs PostgreSQL clusters of its own: ${why}`);
    primary = await startCluster();
    standby = await startStandby(primary);
    dataDir = mkdtempSync(join(tmpdir(), 'replicas-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    api = startServerProcess('api', {
      ...process.env,
      DATABASE_URL: primary.url,
      DATABASE_READ_URL: standby.url,
      READ_REPLICA_MAX_LAG_MS: String(MAX_LAG_MS),
      DEMO: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SIMULATOR: '0',
    });
    await until('the API process ready', 120, async () => ((await fetch(`${base}/healthz`)).status === 200 ? true : undefined));
    const login = await fetch(`${base}/crm/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Username: 'admin@demo.example', Password: 'demo-password' }),
    });
    expect(login.status).toBe(200);
    token = ((await login.json()) as { access_token: string }).access_token;
    expect(token).not.toBe('');
    // A project of a client with more than one project: it has competitors to add.
    const [row] = await onPrimary(
      'select p.id from projects p where (select count(*) from projects q where q.client_id = p.client_id) > 1 order by p.id limit 1',
    );
    projectId = Number(row.id);
  }, 180_000);

  afterAll(() => {
    if (api && !api.exited) api.child.kill('SIGKILL');
    standby?.destroy();
    primary?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("reads a screen's figures from the standby, and a user's own change at once from the primary", async () => {
    const before = await until('a read from the standby', 15, async () => {
      const r = await settings();
      return r.readFrom === 'replica' ? r : undefined;
    });
    expect(before.value.status).toBe(200);
    const candidate = before.value.body.Candidates[0];
    expect(candidate).toBeDefined();

    const added = await call('POST', '/api/competitor/add', { projectId, binId: candidate.BinId });
    expect(added.status).toBe(200);
    // At once: the change is there, read from the primary.
    const next = await settings();
    expect(next.status).toBe(200);
    expect(next.readFrom).toBe('primary');
    expect(next.body.Competitors.map((c: { BinId: number }) => c.BinId)).toContain(candidate.BinId);
    // A little later the standby holds it, and reads go back there.
    const later = await until('reads back on the standby', 15, async () => {
      const r = await settings();
      return r.readFrom === 'replica' ? r : undefined;
    });
    expect(later.value.body.Competitors.map((c: { BinId: number }) => c.BinId)).toContain(candidate.BinId);
  }, 60_000);

  it('leaves out a standby that lags past the bound, and uses it again once it catches up', async () => {
    const standbyClient = new pg.Client({ connectionString: standby.url });
    await standbyClient.connect();
    try {
      await standbyClient.query('select pg_wal_replay_pause()');
      // The primary moves on; the standby does not.
      await onPrimary('create table if not exists lag_probe (at timestamptz); insert into lag_probe values (now())');
      await until('reads moved to the primary', 15, async () => {
        await onPrimary('insert into lag_probe values (now())');
        const r = await settings();
        return r.status === 200 && r.readFrom === 'primary' ? true : undefined;
      });
      await standbyClient.query('select pg_wal_replay_resume()');
      await until('reads back on the standby', 15, async () => ((await settings()).readFrom === 'replica' ? true : undefined));
    } finally {
      await standbyClient.end();
    }
  }, 60_000);

  it('answers from the primary while the standby is stopped, and goes back to it once it runs', async () => {
    standby.stop();
    const r = await settings();
    expect(r.status).toBe(200);
    expect(r.readFrom).toBe('primary');
    standby.start();
    await until('reads back on the standby', 30, async () => ((await settings()).readFrom === 'replica' ? true : undefined));
  }, 60_000);

  it('keeps answering reads from the standby while the primary is stopped, and refuses changes with a clear 503', async () => {
    primary.stop();
    try {
      const read = await until('a read answered with the primary away', 15, async () => {
        const r = await settings();
        return r.status === 200 ? r : undefined;
      });
      expect(read.value.readFrom).toBe('replica');
      const change = await call('DELETE', `/api/competitor/delete?projectId=${projectId}&binId=${read.value.body.Competitors[0].BinId}`);
      expect(change.status).toBe(503);
      expect(change.body.message).toBe(DATABASE_READ_ONLY);
    } finally {
      primary.start();
    }
    // Nothing was lost, and changes work again.
    const after = await until('changes accepted again', 20, async () => {
      const r = await settings();
      return r.status === 200 ? r : undefined;
    });
    expect(after.value.body.Competitors.length).toBeGreaterThan(0);
  }, 90_000);
});
