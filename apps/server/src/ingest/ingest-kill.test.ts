// A worker killed with SIGKILL in the middle of ingestion (docs/scaling.md, "Faults"): a first
// start's demo corpus is written by a worker process on a PostgreSQL cluster of the test's own;
// the test kills it part way through a day, starts another, and lets it finish. Afterwards every
// post the plan holds is stored once, and the rollups count each post once: nothing lost, nothing
// twice. On PostgreSQL only (the test:pg run): the embedded database lives inside its one process.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterUnavailable, startCluster, type Cluster } from '../test/pg-cluster.ts';
import { rollupMismatches } from '../test/rollup-check.ts';
import { startServerProcess, until, type ServerProcess } from '../test/server-process.ts';

const CLIPS = 20_000;
const DAYS = 4;

describe.runIf(process.env.DATABASE_URL)('a worker killed with SIGKILL during ingestion', () => {
  let cluster: Cluster;
  let client: pg.Client;
  let dataDir: string;
  const workers: ServerProcess[] = [];
  const env = () => ({
    ...process.env,
    DATABASE_URL: cluster.url,
    DATA_DIR: dataDir,
    DEMO: '1',
    DEMO_CLIPS: String(CLIPS),
    DEMO_DAYS: String(DAYS),
    SIMULATOR: '0',
    CONNECTOR_INTERVAL_MS: '0',
    LOG_LEVEL: 'warn',
  });
  const one = async <T>(text: string): Promise<T> => (await client.query(text)).rows[0] as T;

  beforeAll(async () => {
    const why = clusterUnavailable();
    if (why) throw new Error(`the ingestion kill test needs a PostgreSQL cluster of its own: ${why}`);
    cluster = await startCluster();
    client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    dataDir = mkdtempSync(join(tmpdir(), 'ingest-kill-'));
  }, 60_000);

  afterAll(async () => {
    for (const w of workers) if (!w.exited) w.child.kill('SIGKILL');
    await client?.end();
    cluster?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores every post of the plan exactly once, and counts each once in the rollups, after a kill mid-day', async () => {
    const first = startServerProcess('worker', env());
    workers.push(first);
    // Part way through a day: posts stored of a day not counted done yet (days are written newest first).
    const killedAt = await until('the corpus part way through a day', 120, async () => {
      const r = await one<{ days_done: number; beyond: number } | undefined>(
        `select d.days_done, (select count(*)::int from clips c where c.posted_at < d.end_at - d.days_done * interval '1 day') as beyond
           from demo_corpus d order by d.id limit 1`,
      ).catch(() => undefined);
      return r && r.beyond > 0 && r.days_done < DAYS ? r : undefined;
    });
    first.child.kill('SIGKILL');
    await until('the first worker gone', 10, async () => (first.exited ? true : undefined));
    expect(killedAt.value.days_done).toBeLessThan(DAYS);

    const second = startServerProcess('worker', env());
    workers.push(second);
    await until('the corpus finished', 240, async () =>
      (await one<{ finished: boolean }>('select finished_at is not null as finished from demo_corpus order by id limit 1')).finished ? true : undefined,
    );
    expect(second.exited, second.output()).toBe(false);

    const plan = await one<{ clips: number }>('select clips from demo_corpus order by id limit 1');
    const stored = await one<{ clips: number; distinct_keys: number }>(
      'select count(*)::int as clips, count(distinct (stream_id, external_id))::int as distinct_keys from clips',
    );
    expect(stored.clips).toBe(stored.distinct_keys);
    expect(stored.clips).toBe(plan.clips);
    // Each bin's hourly rollup counts its posts once: the same as counting its rows.
    expect(await rollupMismatches(client)).toEqual([]);
    const twice = await one<{ n: number }>('select count(*)::int as n from (select bin_id, clip_id from bin_clips group by 1, 2 having count(*) > 1) d');
    expect(twice.n).toBe(0);
  }, 360_000);
});
