// PostgreSQL restarted under running processes (docs/operations.md, "When the database restarts"):
// an API process and a worker on a cluster of the test's own, which the test stops and starts
// again. While it is down a request answers a clean 503 (with Retry-After), no process dies, and a
// process started meanwhile waits for it; once it is back, requests succeed within seconds, with
// no process restarted. On PostgreSQL only
// (the test:pg run): PGlite lives inside the process and cannot restart under it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE } from '../plugins/errors.ts';
import { clusterUnavailable, freePort, startCluster, type Cluster } from '../test/pg-cluster.ts';
import { startServerProcess as startProcess, until, type ServerProcess as Proc } from '../test/server-process.ts';

describe.runIf(process.env.DATABASE_URL)('PostgreSQL restarted under running processes', () => {
  let cluster: Cluster;
  let api: Proc;
  let worker: Proc;
  let base: string;
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let late: Proc | undefined;

  beforeAll(async () => {
    const why = clusterUnavailable();
    if (why) throw new Error(`the restart test needs a PostgreSQL cluster of its own: ${why}`);
    cluster = await startCluster();
    dataDir = mkdtempSync(join(tmpdir(), 'restart-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = { ...process.env, DATABASE_URL: cluster.url, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', SIMULATOR: '0' };
    api = startProcess('api', env);
    await until('the API process ready', 90, async () => ((await fetch(`${base}/healthz`)).status === 200 ? true : undefined));
    worker = startProcess('worker', env);
    // Its background work started (main.ts logs the role once the app is built, then starts it).
    await until('the worker started', 90, async () => (/role: worker/.test(worker.output()) ? true : undefined));
  }, 120_000);

  afterAll(() => {
    for (const p of [api, worker, late]) if (p && !p.exited) p.child.kill('SIGKILL');
    cluster?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After while the database is down, and succeeds again within seconds of its return, no process restarted; a process started meanwhile waits for it', async () => {
    expect((await fetch(`${base}/api/blog`)).status).toBe(200);

    cluster.stop();
    const asked = Date.now();
    const down = await fetch(`${base}/api/blog`);
    expect(Date.now() - asked).toBeLessThan(3_000);
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('5');
    expect(await down.json()).toEqual({ statusCode: 503, error: 'Service Unavailable', message: DATABASE_UNAVAILABLE });
    // A write meets the same answer, not a 500.
    const login = await fetch(`${base}/crm/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Username: 'nobody@example.com', Password: 'not-the-password' }),
    });
    expect(login.status).toBe(503);
    expect(((await login.json()) as { message: string }).message).toBe(DATABASE_UNAVAILABLE);

    // A process started while the database is down waits for it instead of exiting.
    const latePort = await freePort();
    late = startProcess('api', { ...env, PORT: String(latePort) });
    await until('the late process waiting for the database', 30, async () =>
      /the database is not answering while migrating/.test(late!.output()) ? true : undefined,
    );
    expect((await fetch(`http://127.0.0.1:${latePort}/healthz`)).status).toBe(503);
    // Meanwhile the running processes' loops met the missing database: none of them ended.
    expect(api.exited, api.output()).toBe(false);
    expect(worker.exited, worker.output()).toBe(false);

    cluster.start();
    await until('the late process ready', 30, async () => ((await fetch(`http://127.0.0.1:${latePort}/healthz`)).status === 200 ? true : undefined));
    expect(late.exited, late.output()).toBe(false);
    const back = await until('a request succeeding after the restart', 15, async () => ((await fetch(`${base}/api/blog`)).status === 200 ? true : undefined));
    expect(back.ms).toBeLessThan(10_000);
    const wrong = await fetch(`${base}/crm/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Username: 'nobody@example.com', Password: 'not-the-password' }),
    });
    expect(wrong.status).toBe(401);
    expect(api.exited, api.output()).toBe(false);
    expect(worker.exited, worker.output()).toBe(false);
  }, 60_000);
});
