// A client's own sentiment model (docs/sentiment.md, "A client's own model"): adapting from its
// ratings, holding some back, re-scoring its posts resumably through the ledger, and two clients
// that share posts without sharing ratings or scores.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/connection.ts';
import { migrate } from '../../db/migrate.ts';
import { ingestPosts } from '../../ingest/index.ts';
import { makePost, seedProject, type SeededProject } from '../../ingest/testing.ts';
import { changeBinClips, rebuildRollups } from '../../ledger/index.ts';
import { detectLanguage } from '../../nlp/language.ts';
import { scoreAdapted } from '../../nlp/sentiment-adapt.ts';
import { analyse } from '../../nlp/text.ts';
import { testDb } from '../../test/harness.ts';
import { ADAPT_MIN_INTERVAL_MS, ADAPT_NEW_RATINGS, adaptationOf, adaptClient, heldBack } from './adapt.ts';
import { ADAPT_QUEUE, checkClients, runClientJob } from './jobs.ts';
import * as q from './queries.ts';
import { rescoreClient } from './rescore.ts';
import { teachPosts } from './service.ts';

const THINGS = ['cola', 'lemonade', 'ginger beer', 'cream soda', 'iced tea', 'tonic', 'root beer', 'energy drink', 'sparkling water', 'mango juice'];
const PLACES = ['Durban', 'Soweto', 'Pretoria', 'Cape Town', 'Gqeberha', 'Polokwane', 'Bloemfontein', 'Kimberley'];
// Client A's fans praise with slang ("sick", "filthy") the shipped model reads as blame.
const SLANG = ['sick', 'filthy', 'insane', 'wicked'];

/** The posts: praise in slang, and plain news, each about a drink in a town (both clients' rule "acme" files every one). */
function posts() {
  const out = [];
  let i = 0;
  for (const thing of THINGS)
    for (const place of PLACES) {
      const slang = SLANG[i % SLANG.length];
      const body = i % 2 ? `acme ${thing} in ${place} is ${slang}` : `acme ${thing} now on shelves in ${place}`;
      out.push(makePost(body, { externalId: `teach-${i}`, postedAt: new Date(Date.UTC(2024, 5, 1, 8 + (i % 10), i % 60)) }));
      i++;
    }
  return out;
}

type Row = { id: number; clip_id: number; project_id: number; favourability_id: number; classification_id: number };

describe("a client's own sentiment model", () => {
  let h: DbHandle;
  let a: SeededProject;
  let b: SeededProject;
  const rowsOf = async (projectId: number) =>
    (await h.db
      .selectFrom('bin_clips')
      .select(['id', 'clip_id', 'project_id', 'favourability_id', 'classification_id'])
      .where('project_id', '=', projectId)
      .orderBy('id')
      .execute()) as Row[];
  const bodies = async () => new Map((await h.db.selectFrom('clips').select(['id', 'body', 'language']).execute()).map((c) => [Number(c.id), c]));
  /** A person's rating as the clip tray keeps it: the label, and the project's rows moved through the ledger. */
  const rate = async (p: SeededProject, clipIds: number[], favourabilityId: number) => {
    if (!clipIds.length) return;
    await h.db
      .insertInto('sentiment_labels')
      .values(clipIds.map((clip_id) => ({ project_id: p.projectId, clip_id, favourability_id: favourabilityId })))
      .onConflict((oc) => oc.columns(['project_id', 'clip_id']).doUpdateSet({ favourability_id: favourabilityId, rated_at: new Date() }))
      .execute();
    const rows = await h.db.selectFrom('bin_clips').select('id').where('project_id', '=', p.projectId).where('clip_id', 'in', clipIds).execute();
    await changeBinClips(
      h.db,
      rows.map((r) => Number(r.id)),
      { favourabilityId },
    );
  };
  const rollups = async () => {
    const hourly = await sql<object>`select bin_id, stream_id, hour, clips, positive, neutral, negative from bin_hourly order by 1, 2, 3`.execute(h.db);
    const sentiment =
      await sql<object>`select bin_id, stream_id, hour, brand_association_id, positive, neutral, negative from bin_hourly_sentiment order by 1, 2, 3, 4`.execute(
        h.db,
      );
    return [hourly.rows, sentiment.rows];
  };

  beforeAll(async () => {
    h = await testDb();
    await migrate(h.db);
    a = await seedProject(h.db, { name: 'Acme Drinks' });
    b = await seedProject(h.db, { name: 'Bolt Retail' });
    await ingestPosts(h.db, posts());
  }, 60_000);
  afterAll(() => h?.close());

  it('waits for enough ratings, learns only from its own client, holds some back, and is used only when not worse', async () => {
    const clips = await bodies();
    const slangIds = [...clips].filter(([, c]) => SLANG.some((s) => c.body.endsWith(` ${s}`))).map(([id]) => id);
    const plainIds = [...clips].filter(([, c]) => !SLANG.some((s) => c.body.endsWith(` ${s}`))).map(([id]) => id);
    // Client B rates a few of the same posts the other way: none of it may reach A's model.
    await rate(b, slangIds.slice(0, 8), 3);
    expect(await checkClients(h.db)).toEqual({ adapt: [], rescore: [] });

    // A rates the slang as praise and the news as neutral, except a share of the posts left unrated.
    await rate(a, slangIds.slice(0, 30), 1);
    await rate(a, plainIds.slice(0, 30), 2);
    const queued = await checkClients(h.db);
    expect(queued.adapt).toEqual([a.clientId]);
    const job = await h.db.selectFrom('jobs').select(['key', 'payload']).where('queue', '=', ADAPT_QUEUE).executeTakeFirstOrThrow();
    expect(job.payload).toEqual({ clientId: a.clientId, adapt: true });
    // A second look before the job ran queues nothing more.
    expect((await checkClients(h.db)).adapt).toEqual([]);

    const model = await adaptClient(h.db, a.clientId, job.key!);
    expect(model.ratings).toBe(60);
    expect(model.held_back).toBe([...slangIds.slice(0, 30), ...plainIds.slice(0, 30)].filter(heldBack).length);
    expect(model.held_back).toBeGreaterThan(0);
    expect(model.trained_on + model.held_back).toBe(60);
    expect(model.used).toBe(true);
    expect(model.reason).toBeNull();
    expect(model.adapted_accuracy).toBeGreaterThanOrEqual(model.base_accuracy);
    // The same job run again (after a kill) finds its adaptation: nothing is trained twice.
    expect((await adaptClient(h.db, a.clientId, job.key!)).id).toBe(model.id);

    // Not due again: no new ratings, and the minimum interval has not passed.
    await rate(a, plainIds.slice(30, 40), 2);
    expect((await checkClients(h.db)).adapt).toEqual([]);
    // Past the interval it still waits: ten new ratings are fewer than ADAPT_NEW_RATINGS.
    expect(ADAPT_NEW_RATINGS).toBeGreaterThan(10);
    expect((await checkClients(h.db, new Date(Date.now() + ADAPT_MIN_INTERVAL_MS + 60_000))).adapt).toEqual([]);
  });

  it('re-scores the client’s posts in resumable batches: rollups exact, rated posts as rated, the other client untouched', async () => {
    const model = (await q.modelInUse(h.db, a.clientId))!;
    const adaptation = adaptationOf(model)!;
    const bBefore = await rowsOf(b.projectId);
    const clipCount = new Set((await rowsOf(a.projectId)).map((r) => r.clip_id)).size;

    // One batch of seven clips, then stopped: the cursor is kept and nothing is done twice.
    const first = await rescoreClient(h.db, a.clientId, { batch: 7, maxBatches: 1 });
    expect(first).toMatchObject({ modelId: model.id, postsRescored: 7, finished: false });
    const rest = await rescoreClient(h.db, a.clientId, { batch: 7 });
    expect(rest).toMatchObject({ postsRescored: clipCount, finished: true });
    expect(rest.rowsChanged).toBeGreaterThan(0);

    const clips = await bodies();
    const labels = new Map(
      (await h.db.selectFrom('sentiment_labels').select(['clip_id', 'favourability_id']).where('project_id', '=', a.projectId).execute()).map((l) => [
        Number(l.clip_id),
        l.favourability_id,
      ]),
    );
    let slangPraised = 0;
    for (const r of await rowsOf(a.projectId)) {
      const c = clips.get(Number(r.clip_id))!;
      const rated = labels.get(Number(r.clip_id));
      if (rated !== undefined) expect(r.favourability_id).toBe(rated);
      else {
        const a2 = analyse(c.body);
        const s = scoreAdapted(a2, c.body, c.language || detectLanguage(a2.tokens, c.body), adaptation);
        expect([r.favourability_id, r.classification_id]).toEqual([s.favourabilityId, s.classificationId]);
        if (SLANG.some((w) => c.body.endsWith(` ${w}`)) && r.favourability_id === 1) slangPraised++;
      }
    }
    // The client's unrated slang now reads as praise, as its analysts taught.
    expect(slangPraised).toBeGreaterThan(0);
    // Client B's rows of the very same posts did not move.
    expect(await rowsOf(b.projectId)).toEqual(bBefore);
    // The rollups moved by exactly the difference: the same as rebuilt from bin_clips.
    const moved = await rollups();
    await rebuildRollups(h.db);
    expect(moved).toEqual(await rollups());
  });

  it('goes on with posts filed after the re-scoring, at the schedule’s next look', async () => {
    expect(await checkClients(h.db)).toEqual({ adapt: [], rescore: [] });
    await ingestPosts(h.db, [makePost('acme cola in Durban is sick again', { externalId: 'late-1' })]);
    expect((await checkClients(h.db)).rescore).toEqual([a.clientId]);
    const job = await h.db.selectFrom('jobs').select(['key', 'payload']).where('key', 'like', 'rescore:%').executeTakeFirstOrThrow();
    const { rescore } = await runClientJob(h.db, job.payload as { clientId: number; adapt: boolean }, job.key!);
    expect(rescore.finished).toBe(true);
    const late = await h.db
      .selectFrom('bin_clips')
      .innerJoin('clips', 'clips.id', 'bin_clips.clip_id')
      .select(['bin_clips.project_id', 'bin_clips.favourability_id'])
      .where('clips.external_id', '=', 'late-1')
      .execute();
    const model = adaptationOf(await q.modelInUse(h.db, a.clientId))!;
    const text = 'acme cola in Durban is sick again';
    const expected = scoreAdapted(analyse(text), text, detectLanguage(analyse(text).tokens, text), model).favourabilityId;
    expect(late.find((r) => r.project_id === a.projectId)?.favourability_id).toBe(expected);
  });

  it('records an adaptation that cannot be judged as not used, with why, and keeps scoring with the one in use', async () => {
    const row = await adaptClient(h.db, b.clientId, 'adapt:test-b');
    expect(row).toMatchObject({ used: false, ratings: 8 });
    expect(row.reason).toMatch(/^Too few ratings to learn from and to judge: 8/);
    expect(await rescoreClient(h.db, b.clientId)).toMatchObject({ modelId: null, postsRescored: 0 });
  });

  it('asks about the least certain unrated posts of the filter, each unlike the others, with the ratings so far', async () => {
    const admin = { id: 0, isAdmin: true, sessionId: 0, actingAdminId: null };
    const r = await teachPosts(h.db, admin, { projectId: a.projectId, startDate: new Date('2024-06-01'), endDate: new Date('2024-06-01'), streamIds: [7] });
    expect([r.Ratings, r.NewRatings]).toEqual([70, 10]);
    expect(r.LastAdaptation).toMatchObject({ Used: true, Ratings: 60, Rescored: true });
    expect(r.Posts.length).toBeGreaterThan(0);
    expect(r.Posts.length).toBeLessThanOrEqual(20);
    const rated = new Set(
      (await h.db.selectFrom('sentiment_labels').select('clip_id').where('project_id', '=', a.projectId).execute()).map((l) => Number(l.clip_id)),
    );
    for (const p of r.Posts) expect(rated.has(p.ClipId)).toBe(false);
    const certainty = r.Posts.map((p) => p.Certainty);
    expect(certainty).toEqual([...certainty].sort((x, y) => x - y));
    // Every post the answer names is a row of the asked project.
    const own = new Set((await rowsOf(a.projectId)).map((x) => x.id));
    for (const p of r.Posts) expect(own.has(p.BinClipId)).toBe(true);
  });
});
