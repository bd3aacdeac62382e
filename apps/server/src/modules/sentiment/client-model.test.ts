// A client's own sentiment model (docs/sentiment.md, "A client's own model"): adapting from its
// ratings, holding some back, re-scoring its posts resumably through the ledger, and two clients
// that share posts without sharing ratings or scores.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/connection.ts';
import { ingestPosts } from '../../ingest/index.ts';
import { invalidateRules } from '../../ingest/rules.ts';
import { makePost, seedProject, type SeededProject } from '../../ingest/testing.ts';
import { rebuildRollups } from '../../ledger/index.ts';
import { enrich } from '../../nlp/enrich.ts';
import { detectLanguage } from '../../nlp/language.ts';
import { scoreAdapted } from '../../nlp/sentiment-adapt.ts';
import { scoreSentiment } from '../../nlp/sentiment.ts';
import { analyse } from '../../nlp/text.ts';
import { recomputeSentiment } from '../../jobs/sentiment-recompute.ts';
import { migratedTestDb } from '../../test/harness.ts';
import { COMPLAINTS, DRINKS, drinkPosts, rateClips, sentimentRollups, SLANG, TOWNS } from '../../test/sentiment-ratings.ts';
import { ADAPT_MIN_INTERVAL_MS, ADAPT_NEW_RATINGS, adaptationOf, adaptClient, heldBack } from './adapt.ts';
import { ADAPT_QUEUE, checkClients, runClientJob } from './jobs.ts';
import * as q from './queries.ts';
import { rescoreClient } from './rescore.ts';
import { teachPosts } from './service.ts';

/**
 * The posts: praise in slang and plain news about drinks in towns, then a few complaints (both
 * clients' rule "acme" files every one). Client A's fans praise with the slang; the complaints
 * keep an adaptation from leaving the client none.
 */
function posts() {
  const out = drinkPosts('teach');
  for (const [k, drink] of DRINKS.entries())
    for (const [j, complaint] of COMPLAINTS.entries())
      out.push(makePost(`acme ${drink} ${complaint}`, { externalId: `complaint-${k}-${j}`, postedAt: new Date(Date.UTC(2024, 5, 1, 18, k * 2 + j)) }));
  return out;
}
const isComplaint = (body: string) => COMPLAINTS.some((c) => body.endsWith(c));

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
  const rate = (p: SeededProject, clipIds: number[], favourabilityId: number) => rateClips(h.db, p.projectId, clipIds, favourabilityId);
  const rollups = () => sentimentRollups(h.db);

  beforeAll(async () => {
    h = await migratedTestDb();
    a = await seedProject(h.db, { name: 'Acme Drinks' });
    b = await seedProject(h.db, { name: 'Bolt Retail' });
    await ingestPosts(h.db, posts());
  }, 60_000);
  afterAll(() => h?.close());

  it('waits for enough ratings, learns only from its own client, holds some back, and is used only when not worse', async () => {
    const clips = await bodies();
    const slangIds = [...clips].filter(([, c]) => SLANG.some((s) => c.body.endsWith(` ${s}`))).map(([id]) => id);
    const complaintIds = [...clips].filter(([, c]) => isComplaint(c.body)).map(([id]) => id);
    const plainIds = [...clips].filter(([id]) => !slangIds.includes(id) && !complaintIds.includes(id)).map(([id]) => id);
    // Client B rates a few of the same posts the other way: none of it may reach A's model.
    await rate(b, slangIds.slice(0, 8), 3);
    expect(await checkClients(h.db)).toEqual({ adapt: [], rescore: [] });

    // A rates the slang as praise, the news as neutral and complaints as blame, except a share of the posts left unrated.
    await rate(a, slangIds.slice(0, 26), 1);
    await rate(a, plainIds.slice(0, 26), 2);
    await rate(a, complaintIds.slice(0, 8), 3);
    const queued = await checkClients(h.db);
    expect(queued.adapt).toEqual([a.clientId]);
    const job = await h.db.selectFrom('jobs').select(['key', 'payload']).where('queue', '=', ADAPT_QUEUE).executeTakeFirstOrThrow();
    expect(job.payload).toEqual({ clientId: a.clientId, adapt: true });
    // A second look before the job ran queues nothing more.
    expect((await checkClients(h.db)).adapt).toEqual([]);

    const model = await adaptClient(h.db, a.clientId, job.key!);
    expect(model.ratings).toBe(60);
    expect(model.held_back).toBe([...slangIds.slice(0, 26), ...plainIds.slice(0, 26), ...complaintIds.slice(0, 8)].filter(heldBack).length);
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

  it('scores a post filed after the adaptation with the client’s model, another client’s rows of it with the shipped one', async () => {
    // A text the two models read differently: of new posts in the client's slang, the first its model reads otherwise.
    const model = adaptationOf(await q.modelInUse(h.db, a.clientId))!;
    const verdicts = SLANG.flatMap((w) => DRINKS.map((drink) => `acme ${drink} in Durban is ${w} again`)).map((text) => {
      const a2 = analyse(text);
      return { text, adapted: scoreAdapted(a2, text, detectLanguage(a2.tokens, text), model), shipped: enrich(text, null) };
    });
    const differing = verdicts.find((v) => v.adapted.favourabilityId !== v.shipped.favourabilityId);
    expect(differing).toBeDefined();
    const { text, adapted, shipped } = differing!;

    await ingestPosts(h.db, [makePost(text, { externalId: 'late-1' })]);
    const late = async () =>
      await h.db
        .selectFrom('bin_clips')
        .innerJoin('clips', 'clips.id', 'bin_clips.clip_id')
        .innerJoin('clip_enrichment', 'clip_enrichment.clip_id', 'clips.id')
        .select(['bin_clips.project_id', 'bin_clips.favourability_id', 'bin_clips.classification_id', 'clip_enrichment.classification_id as shared'])
        .where('clips.external_id', '=', 'late-1')
        .orderBy('bin_clips.id')
        .execute();
    const filed = await late();
    // At once, by ingestion, before any re-score: client A's rows by its model, client B's by the shipped one.
    expect(filed.filter((r) => r.project_id === a.projectId).map((r) => [r.favourability_id, r.classification_id])).toEqual(
      filed.filter((r) => r.project_id === a.projectId).map(() => [adapted.favourabilityId, adapted.classificationId]),
    );
    expect(filed.some((r) => r.project_id === a.projectId)).toBe(true);
    const bRows = filed.filter((r) => r.project_id === b.projectId);
    expect(bRows.length).toBeGreaterThan(0);
    for (const r of bRows) expect([r.favourability_id, r.classification_id]).toEqual([shipped.favourabilityId, shipped.classificationId]);
    // The post's own enrichment, shared by every client, keeps the shipped verdict.
    expect(filed.every((r) => r.shared === shipped.classificationId)).toBe(true);
    // The rollups moved with the rows, as for any filed post.
    const moved = await rollups();
    await rebuildRollups(h.db);
    expect(moved).toEqual(await rollups());

    // The schedule's re-score of the posts filed since (the backstop for a process that had not
    // heard of the adaptation yet) finds nothing to change.
    expect((await checkClients(h.db)).rescore).toEqual([a.clientId]);
    const job = await h.db.selectFrom('jobs').select(['key', 'payload']).where('key', 'like', 'rescore:%').executeTakeFirstOrThrow();
    const before = (await q.modelInUse(h.db, a.clientId))!.rows_changed;
    const { rescore } = await runClientJob(h.db, job.payload as { clientId: number; adapt: boolean }, job.key!);
    expect(rescore.finished).toBe(true);
    expect(rescore.rowsChanged).toBe(before);
    expect(await late()).toEqual(filed);
  });

  it('records an adaptation that cannot be judged as not used, with why, and keeps scoring with the one in use', async () => {
    const row = await adaptClient(h.db, b.clientId, 'adapt:test-b');
    expect(row).toMatchObject({ used: false, ratings: 8 });
    expect(row.reason).toMatch(/^Too few ratings to learn from and to judge: 8/);
    expect(await rescoreClient(h.db, b.clientId)).toMatchObject({ modelId: null, postsRescored: 0 });
  });

  it('asks about the least certain unrated posts of the filter, each unlike the others, with the ratings so far', async () => {
    const admin = { id: 0, isAdmin: true, sessionId: 0, actingAdminId: null };
    const r = await teachPosts(h.db, admin, {
      projectId: a.projectId,
      startDate: new Date('2024-06-01'),
      endDate: new Date('2024-06-01'),
      streamIds: [7],
      rejected: false,
    });
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
  it('keeps the client’s model and the persons’ ratings through the recompute after a new shipped model; rollups exact', async () => {
    // Stored rows as a model change leaves them (every unrated row Neutral), and no recompute done.
    const unrated = await h.db
      .selectFrom('bin_clips')
      .select('id')
      .where(sql<boolean>`not exists (select 1 from sentiment_labels l where l.clip_id = bin_clips.clip_id and l.project_id = bin_clips.project_id)`)
      .execute();
    await h.db
      .updateTable('bin_clips')
      .set({ favourability_id: 2, classification_id: 7 })
      .where(
        'id',
        'in',
        unrated.map((r) => r.id),
      )
      .execute();
    await rebuildRollups(h.db);
    await h.db.deleteFrom('sentiment_recompute').execute();

    const done = await recomputeSentiment(h.db, { batch: 7 });
    expect(done.finished).toBe(true);
    expect(done.rowsChanged).toBeGreaterThan(0);

    const model = adaptationOf(await q.modelInUse(h.db, a.clientId))!;
    const clips = await bodies();
    const labels = await h.db.selectFrom('sentiment_labels').select(['project_id', 'clip_id', 'favourability_id']).execute();
    const ratingOf = new Map(labels.map((l) => [`${l.project_id}:${l.clip_id}`, l.favourability_id]));
    let adaptedDiffers = 0;
    let ratedA = 0;
    let ratedB = 0;
    for (const p of [a, b])
      for (const r of await rowsOf(p.projectId)) {
        const c = clips.get(Number(r.clip_id))!;
        const rated = ratingOf.get(`${p.projectId}:${r.clip_id}`);
        const x = analyse(c.body);
        const language = c.language || detectLanguage(x.tokens, c.body);
        const shipped = scoreSentiment(x, c.body, language);
        if (rated !== undefined) {
          // A person's rating stays, in either client's project.
          expect(r.favourability_id).toBe(rated);
          if (p === a) ratedA++;
          else ratedB++;
        } else if (p === a) {
          // Client A's rows: its own model on top of the shipped one, as ingestion scores them.
          const adapted = scoreAdapted(x, c.body, language, model);
          expect([r.favourability_id, r.classification_id]).toEqual([adapted.favourabilityId, adapted.classificationId]);
          if (adapted.favourabilityId !== shipped.favourabilityId) adaptedDiffers++;
        } else expect([r.favourability_id, r.classification_id]).toEqual([shipped.favourabilityId, shipped.classificationId]);
      }
    expect(adaptedDiffers).toBeGreaterThan(0);
    expect(ratedA).toBeGreaterThan(0);
    expect(ratedB).toBeGreaterThan(0);
    // The shared enrichment holds the shipped model's verdict.
    const enriched = await h.db.selectFrom('clip_enrichment').select(['clip_id', 'classification_id']).execute();
    for (const e of enriched) {
      const c = clips.get(Number(e.clip_id))!;
      const x = analyse(c.body);
      expect(e.classification_id).toBe(scoreSentiment(x, c.body, c.language || detectLanguage(x.tokens, c.body)).classificationId);
    }
    // The rollups moved by exactly the difference: the same as rebuilt from bin_clips.
    const moved = await rollups();
    await rebuildRollups(h.db);
    expect(moved).toEqual(await rollups());
  });
  it('gives a rated post seen again in a new bin of the project the person’s rating, not a model’s', async () => {
    // Two posts of one town client A has not rated: A rates the first as blame, and a rule on A's
    // sort bin files both there when they are read again.
    const clips = await h.db.selectFrom('clips').select(['id', 'external_id', 'body', 'posted_at']).orderBy('id').execute();
    const ratedInA = new Set(
      (await h.db.selectFrom('sentiment_labels').select('clip_id').where('project_id', '=', a.projectId).execute()).map((l) => Number(l.clip_id)),
    );
    const unratedIn = (town: string) => clips.filter((c) => c.body.includes(` ${town}`) && !ratedInA.has(Number(c.id)));
    const town = TOWNS.find((p) => unratedIn(p).length >= 2)!;
    const [rated, other] = unratedIn(town);
    await rate(a, [Number(rated.id)], 3);
    await h.db.insertInto('bin_rules').values({ bin_id: a.sortBinId, kind: 'phrase', expression: town }).execute();
    invalidateRules(h.db);
    const inSort = () => h.db.selectFrom('bin_clips').select('favourability_id').where('bin_id', '=', a.sortBinId).where('clip_id', '=', rated.id).execute();
    expect(await inSort()).toEqual([]);
    const x = analyse(rated.body);
    const model = adaptationOf(await q.modelInUse(h.db, a.clientId))!;
    expect(scoreAdapted(x, rated.body, detectLanguage(x.tokens, rated.body), model).favourabilityId).not.toBe(3);

    await ingestPosts(h.db, [makePost(rated.body, { externalId: rated.external_id, postedAt: new Date(rated.posted_at) })]);
    // The new row carries the rating (Negative), not what the model says of the text.
    expect(await inSort()).toEqual([{ favourability_id: 3 }]);
    // A post of the same town never rated gets its client's model's verdict there.
    await ingestPosts(h.db, [makePost(other.body, { externalId: other.external_id, postedAt: new Date(other.posted_at) })]);
    const y = analyse(other.body);
    const adapted = scoreAdapted(y, other.body, detectLanguage(y.tokens, other.body), model);
    expect(await h.db.selectFrom('bin_clips').select('favourability_id').where('bin_id', '=', a.sortBinId).where('clip_id', '=', other.id).execute()).toEqual([
      { favourability_id: adapted.favourabilityId },
    ]);
    const moved = await rollups();
    await rebuildRollups(h.db);
    expect(moved).toEqual(await rollups());
  });
});
