// An API process killed with SIGKILL in the middle of a request that changes something
// (docs/scaling.md, "Faults"): two `--role=api` processes on a database of the test's own. The
// test holds the bin rules table against writes, so a bin created with a rule through API 1 has
// stored its bin row and waits to store its rule, inside its transaction; API 1 is killed there.
// Meanwhile API 2 signs a user in and answers; afterwards nothing of the killed request is stored
// (no bin without its rule, no rule without its bin), and the same request sent again through
// API 2 creates the bin once, with its rule. PostgreSQL only (the test:pg run): the embedded
// database lives inside its one process.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/pg-cluster.ts';
import { apiReady, freshDatabase, gone, post, signIn, type ProcessDb } from '../test/process-db.ts';
import { until } from '../test/server-process.ts';

const BIN = 'Killed mid-request';
const WORD = 'quagmirecorn';

describe.runIf(process.env.DATABASE_URL)('an API process killed with SIGKILL in the middle of a change', () => {
  let t: ProcessDb;
  let api1: string;
  let api2: string;

  beforeAll(async () => {
    t = await freshDatabase('apikill');
    const [p1, p2] = [await freePort(), await freePort()];
    [api1, api2] = [`http://127.0.0.1:${p1}`, `http://127.0.0.1:${p2}`];
    const env = { HOST: '127.0.0.1', DEMO: '1', DEMO_CLIPS: '0' };
    // The first migrates and seeds the demo tenant; the second starts once it has.
    t.start('api', { ...env, PORT: String(p1) });
    await apiReady(api1, 'API 1 ready', 90);
    t.start('api', { ...env, PORT: String(p2) });
    await apiReady(api2, 'API 2 ready', 90);
  }, 180_000);
  afterAll(() => t?.close());

  const login = (base: string) => signIn(base, 'analyst@demo.example');
  /** The bins of that name and the rules holding the word, as stored (committed) now. */
  const stored = async () => ({
    bins: (await t.client.query<{ id: number }>('select id from bins where name = $1 and not is_deleted', [BIN])).rows.map((r) => r.id),
    rules: (await t.client.query<{ bin_id: number }>('select bin_id from bin_rules where expression = $1', [WORD])).rows.map((r) => r.bin_id),
  });

  it('stores nothing of the killed request, the other process answers meanwhile, and the request sent again is stored once', async () => {
    const auth = await login(api1);
    const { rows } = await t.client.query<{ id: number }>(`select id from projects where description = 'Acme Cola Brand Monitoring'`);
    const body = { projectId: rows[0].id, name: BIN, binTypeId: 2, rules: [{ kind: 'phrase', expression: WORD }] };

    // Rules can be read, not written, until the test lets go.
    const lock = new pg.Client({ connectionString: t.url });
    await lock.connect();
    await lock.query('begin');
    await lock.query('lock table bin_rules in share mode');
    const lockPid = (await lock.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;

    const inFlight = post(api1, '/api/subfolder/create', body, auth).then(
      (res) => `answered ${res.status}`,
      (err: Error) => `failed: ${err.message}`,
    );
    const { value: blocked } = await until('the change waiting to store its rule', 30, async () => {
      const r = await t.client.query<{ pid: number; query: string }>('select pid, query from pg_stat_activity where $1 = any(pg_blocking_pids(pid))', [
        lockPid,
      ]);
      return r.rows[0];
    });
    expect(blocked.query).toMatch(/insert into "bin_rules"/i);
    // Its bin row is written, inside its transaction: no one else sees it.
    expect(await stored()).toEqual({ bins: [], rules: [] });

    const killed = t.procs[0];
    killed.child.kill('SIGKILL');
    await gone(killed, 'API 1 gone');
    expect(await inFlight).toMatch(/^failed/);

    // The other process answers meanwhile: it signs the user in again (a change) and reads.
    const again = await login(api2);
    const read = await fetch(`${api2}/api/blog`);
    expect(read.status).toBe(200);

    await lock.query('rollback');
    await lock.end();
    // The killed process's connection never sent its commit: its transaction ends with it.
    await until('the killed request’s connection closed', 30, async () => {
      const r = await t.client.query('select 1 from pg_stat_activity where pid = $1', [blocked.pid]);
      return r.rowCount === 0 ? true : undefined;
    });
    expect(await stored()).toEqual({ bins: [], rules: [] });

    // The request sent again, through the process still running, is stored once, whole.
    const retried = await post(api2, '/api/subfolder/create', body, again);
    expect(retried.status).toBe(200);
    const { Id } = (await retried.json()) as { Id: number };
    expect(await stored()).toEqual({ bins: [Id], rules: [Id] });
    expect(t.procs[1].exited, t.procs[1].output()).toBe(false);
  }, 90_000);
});
