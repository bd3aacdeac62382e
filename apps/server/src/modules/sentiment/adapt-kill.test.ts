// A worker killed with SIGKILL while it re-scores a client's posts with the client's new model
// (docs/sentiment.md, "A client's own model"): a demo corpus is written by a worker process on a
// PostgreSQL cluster of the test's own, one client's ratings are stored and its adaptation job
// queued; the test kills the worker part way through the re-scoring, starts another, and lets it
// finish. Afterwards every unrated row of the client holds the adapted verdict (as a run that was
// never stopped gives), rated rows their rating, no post was counted twice, other clients' rows are
// as they were and the rollups count what the rows say. On PostgreSQL only (the test:pg run).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectLanguage } from '../../nlp/language.ts';
import { scoreAdapted, unpackAdaptation } from '../../nlp/sentiment-adapt.ts';
import { analyse } from '../../nlp/text.ts';
import { gone, ownCluster, type ProcessDb } from '../../test/process-db.ts';
import { rollupMismatches } from '../../test/rollup-check.ts';
import { until } from '../../test/server-process.ts';
import { ADAPT_CHECK_QUEUE, ADAPT_QUEUE } from './jobs.ts';

const CLIPS = 3000;
const RATINGS = 150;

describe.runIf(process.env.DATABASE_URL)('a worker killed with SIGKILL while re-scoring a client’s posts', () => {
  let t: ProcessDb;
  const env = { DEMO: '1', DEMO_CLIPS: String(CLIPS), DEMO_DAYS: '2', CONNECTOR_INTERVAL_MS: '0', SENTIMENT_RESCORE_BATCH: '20' };
  const rows = <T>(text: string, values: unknown[] = []) => t.rows<T>(text, values);

  beforeAll(async () => {
    t = await ownCluster('adapt-kill', 'the re-scoring kill test');
  }, 60_000);
  afterAll(() => t?.close());

  it('resumes after the last committed batch and ends with the figures of an uninterrupted run', async () => {
    const first = t.start('worker', env);
    await until('the demo corpus written', 240, async () =>
      (await rows<{ finished: boolean }>('select finished_at is not null as finished from demo_corpus order by id limit 1'))[0]?.finished ? true : undefined,
    );
    // Only the test's job adapts: a look of the schedule (sentiment-adapt-check, every 5 minutes)
    // that ran between the ratings and the test's job would queue an adaptation of its own and train twice.
    // A look the schedule queued before that (the first one, at the worker's start) may still wait for
    // its turn behind the corpus on a loaded machine: the ratings come only once it has run.
    await t.client.query(`update job_schedules set next_run_at = now() + interval '1 hour' where name = 'sentiment-adapt-check'`);
    await until('the schedule’s queued looks run', 60, async () =>
      (await rows<{ n: number }>(`select count(*)::int as n from jobs where queue = $1 and state in ('queued', 'running')`, [ADAPT_CHECK_QUEUE]))[0].n === 0
        ? true
        : undefined,
    );
    // The client with the most posts rates some of them, drawing the Neutral line wider than the
    // shipped model: of its posts the model calls Positive or Negative, the less sure half (by the
    // score) Neutral, the rest as the model says. Not every one Neutral: an adaptation from such a
    // one-sided sample would take classes away from the client's other posts, and the guard
    // (adapt.ts) refuses it.
    const [{ client_id: clientId }] = await rows<{ client_id: number }>(
      `select p.client_id from bin_clips b join projects p on p.id = b.project_id group by 1 order by count(*) desc limit 1`,
    );
    await t.client.query(
      `with r as (select distinct on (b.clip_id) b.project_id, b.clip_id, b.favourability_id, abs(e.sentiment_score) as sure
                    from bin_clips b join projects p on p.id = b.project_id join clip_enrichment e on e.clip_id = b.clip_id
                   where p.client_id = $1 order by b.clip_id limit $2),
            m as (select percentile_cont(0.5) within group (order by sure) as median from r where favourability_id <> 2)
       insert into sentiment_labels (project_id, clip_id, favourability_id)
       select r.project_id, r.clip_id, case when r.favourability_id = 2 or r.sure < m.median then 2 else r.favourability_id end from r, m`,
      [clientId, RATINGS],
    );
    const others = () =>
      rows(
        `select b.id, b.favourability_id, b.classification_id from bin_clips b join projects p on p.id = b.project_id where p.client_id <> $1 order by b.id`,
        [clientId],
      );
    const othersBefore = await others();
    // The job the schedule queues when the adaptation is due (modules/sentiment/jobs.ts).
    await t.client.query(`insert into jobs (queue, key, payload) values ($1, $2, $3)`, [ADAPT_QUEUE, `adapt:${clientId}:kill-test`, { clientId, adapt: true }]);

    const killedAt = await until('the re-scoring part way', 120, async () => {
      const [m] = await rows<{ posts_rescored: number; rescored_at: Date | null; used: boolean; reason: string | null; unrated_shares: unknown }>(
        'select posts_rescored, rescored_at, used, reason, unrated_shares from client_sentiment_models where client_id = $1',
        [clientId],
      );
      if (m && !m.used) throw new Error(`the adaptation was not used: ${m.reason} ${JSON.stringify(m.unrated_shares)}`);
      return m && m.posts_rescored > 0 && !m.rescored_at ? m : undefined;
    });
    first.child.kill('SIGKILL');
    await gone(first, 'the first worker gone');
    expect(killedAt.value.posts_rescored).toBeGreaterThan(0);
    // The dead worker's lease would run out in a minute; the test lets it run out now.
    await t.client.query(`update jobs set locked_until = now() where queue = $1 and state = 'running'`, [ADAPT_QUEUE]);

    const second = t.start('worker', env);
    await until('the re-scoring finished', 180, async () =>
      (await rows<{ done: boolean }>('select rescored_at is not null as done from client_sentiment_models where client_id = $1', [clientId]))[0]?.done
        ? true
        : undefined,
    );
    expect(second.exited, second.output()).toBe(false);

    // Trained once (the job found its adaptation after the kill), every post of the client scored once.
    const models = await rows<{ weights: Buffer; l2: number; epochs: number; posts_rescored: number; job_key: string }>(
      'select weights, l2, epochs, posts_rescored, job_key from client_sentiment_models where client_id = $1',
      [clientId],
    );
    const jobs = await rows(`select queue, key, state, attempts, run_at, created_at, last_error from jobs where queue like 'sentiment%' order by id`);
    expect(
      models.map((m) => m.job_key),
      JSON.stringify(jobs),
    ).toHaveLength(1);
    const [{ n: clientClips }] = await rows<{ n: number }>(
      'select count(distinct b.clip_id)::int as n from bin_clips b join projects p on p.id = b.project_id where p.client_id = $1',
      [clientId],
    );
    expect(models[0].posts_rescored).toBe(clientClips);

    // What an uninterrupted run gives: each unrated row the adapted verdict, each rated row its rating.
    const adaptation = unpackAdaptation(models[0].weights, { l2: models[0].l2, epochs: models[0].epochs });
    const mine = await rows<{ favourability_id: number; body: string; language: string | null; rated: number | null }>(
      `select b.favourability_id, c.body, c.language, l.favourability_id as rated
         from bin_clips b join projects p on p.id = b.project_id join clips c on c.id = b.clip_id
         left join sentiment_labels l on l.clip_id = b.clip_id and l.project_id = b.project_id
        where p.client_id = $1`,
      [clientId],
    );
    let wrong = 0;
    let rescoredNeutral = 0;
    for (const r of mine) {
      if (r.rated !== null) continue;
      const a = analyse(r.body);
      const expected = scoreAdapted(a, r.body, r.language || detectLanguage(a.tokens, r.body), adaptation).favourabilityId;
      if (r.favourability_id !== expected) wrong++;
      if (r.favourability_id === 2) rescoredNeutral++;
    }
    expect(wrong).toBe(0);
    expect(rescoredNeutral).toBeGreaterThan(0);
    expect(await others()).toEqual(othersBefore);

    // The rollups count what the rows say: posts per bin, and each rating per bin.
    expect(await rollupMismatches(t.client)).toEqual([]);
    const ratingMismatches = await rows(
      `select coalesce(r.bin_id, h.bin_id) as bin_id from
         (select bin_id, count(*) filter (where favourability_id = 1)::int as pos, count(*) filter (where favourability_id = 2)::int as neu,
                 count(*) filter (where favourability_id = 3)::int as neg from bin_clips where not rejected group by 1) r
         full join (select bin_id, sum(positive)::int as pos, sum(neutral)::int as neu, sum(negative)::int as neg from bin_hourly group by 1) h
           on h.bin_id = r.bin_id
        where (r.pos, r.neu, r.neg) is distinct from (h.pos, h.neu, h.neg)`,
    );
    expect(ratingMismatches).toEqual([]);
  }, 480_000);
});
