// A worker killed with SIGKILL in the middle of ingestion (docs/scaling.md, "Faults"): a first
// start's demo corpus is written by a worker process on a PostgreSQL cluster of the test's own;
// the test kills it part way through a day, starts another, and lets it finish. Afterwards every
// post the plan holds is stored once, and the rollups count each post once: nothing lost, nothing
// twice. On PostgreSQL only (the test:pg run): the embedded database lives inside its one process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gone, ownCluster, type ProcessDb } from '../test/process-db.ts';
import { rollupMismatches } from '../test/rollup-check.ts';
import { until } from '../test/server-process.ts';

const CLIPS = 20_000;
const DAYS = 4;

describe.runIf(process.env.DATABASE_URL)('a worker killed with SIGKILL during ingestion', () => {
  let t: ProcessDb;
  const env = { DEMO: '1', DEMO_CLIPS: String(CLIPS), DEMO_DAYS: String(DAYS), CONNECTOR_INTERVAL_MS: '0' };
  const one = async <T>(text: string): Promise<T> => (await t.rows<T>(text))[0];

  beforeAll(async () => {
    t = await ownCluster('ingest-kill', 'the ingestion kill test');
  }, 60_000);
  afterAll(() => t?.close());

  it('stores every post of the plan exactly once, and counts each once in the rollups, after a kill mid-day', async () => {
    const first = t.start('worker', env);
    // Part way through a day: posts stored of a day not counted done yet (days are written newest first).
    const killedAt = await until('the corpus part way through a day', 120, async () => {
      const r = await one<{ days_done: number; beyond: number } | undefined>(
        `select d.days_done, (select count(*)::int from clips c where c.posted_at < d.end_at - d.days_done * interval '1 day') as beyond
           from demo_corpus d order by d.id limit 1`,
      ).catch(() => undefined);
      return r && r.beyond > 0 && r.days_done < DAYS ? r : undefined;
    });
    first.child.kill('SIGKILL');
    await gone(first, 'the first worker gone');
    expect(killedAt.value.days_done).toBeLessThan(DAYS);

    const second = t.start('worker', env);
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
    expect(await rollupMismatches(t.client)).toEqual([]);
    const twice = await one<{ n: number }>('select count(*)::int as n from (select bin_id, clip_id from bin_clips group by 1, 2 having count(*) > 1) d');
    expect(twice.n).toBe(0);
  }, 360_000);
});
