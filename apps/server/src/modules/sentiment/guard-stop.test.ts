// The guard on a client's adaptation and the admin's stop (docs/sentiment.md, "A client's own
// model"): an adaptation from a one-sided sample of ratings is refused, with why; one from a mixed
// sample is used; an admin's "Stop using" gives the client's unrated posts the shipped model's
// verdict back, rated posts their rating, rollups exact; a later adaptation may be used again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/connection.ts';
import { adaptationsInUse } from '../../ingest/client-sentiment.ts';
import { ingestPosts } from '../../ingest/index.ts';
import { makePost, seedProject, type SeededProject } from '../../ingest/testing.ts';
import { rebuildRollups } from '../../ledger/index.ts';
import { detectLanguage } from '../../nlp/language.ts';
import { scoreSentiment } from '../../nlp/sentiment.ts';
import { analyse } from '../../nlp/text.ts';
import { migratedTestDb } from '../../test/harness.ts';
import { COMPLAINTS, DRINKS, drinkPosts, rateClips, sentimentRollups, SLANG, TOWNS } from '../../test/sentiment-ratings.ts';
import { adaptClient, GUARD_UNNAMED_FLOOR, guardReason, type Shares } from './adapt.ts';
import { ADAPT_QUEUE, checkClients, runClientJob, type ClientJob } from './jobs.ts';
import * as q from './queries.ts';
import { rescoreClient } from './rescore.ts';
import { clientModels, stopModel } from './service.ts';

/** Praise in slang the shipped model reads as blame, plain news, and complaints in two towns. */
function posts() {
  const out = drinkPosts('guard');
  for (const [k, drink] of DRINKS.entries())
    for (const [j, complaint] of COMPLAINTS.entries())
      for (const town of TOWNS.slice(0, 2))
        out.push(
          makePost(`acme ${drink} in ${town} ${complaint}`, {
            externalId: `guard-c-${k}-${j}-${town}`,
            postedAt: new Date(Date.UTC(2024, 5, 1, 18, k * 4 + j)),
          }),
        );
  return out;
}

describe('the guard on a client’s adaptation, and stopping one by hand', () => {
  let h: DbHandle;
  let a: SeededProject;
  let adminId: number;
  const kinds = async () => {
    const clips = await h.db.selectFrom('clips').select(['id', 'body']).orderBy('id').execute();
    const of = (test: (b: string) => boolean) => clips.filter((c) => test(c.body)).map((c) => Number(c.id));
    const complaint = (b: string) => COMPLAINTS.some((c) => b.endsWith(c));
    const slang = (b: string) => SLANG.some((s) => b.endsWith(` ${s}`));
    return { slang: of(slang), complaints: of(complaint), plain: of((b) => !slang(b) && !complaint(b)) };
  };
  const rate = (clipIds: number[], favourabilityId: number) => rateClips(h.db, a.projectId, clipIds, favourabilityId);
  const rollups = () => sentimentRollups(h.db);

  beforeAll(async () => {
    h = await migratedTestDb();
    a = await seedProject(h.db, { name: 'Acme Drinks' });
    const u = await h.db
      .insertInto('users')
      .values({ email: 'thandi@example.com', name: 'Thandi', surname: 'Mokoena', password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    adminId = u.id;
    await ingestPosts(h.db, posts());
  }, 60_000);
  afterAll(() => h?.close());

  it('refuses a class emptied, or one no rating names shrunk below its floor; lets a named class shrink', () => {
    const shares = (base: number[], adapted: number[]): Shares => ({ posts: 1000, base, adapted });
    expect(guardReason(shares([0.3, 0.4, 0.3], [0, 0.7, 0.3]), new Set([0, 1, 2]))).toMatch(
      /^It would call none of the client's 1,000 newest unrated posts Negative, where the shipped model calls 30% so$/,
    );
    expect(guardReason(shares([0.3, 0.4, 0.3], [0.1, 0.6, 0.3]), new Set([1, 2]))).toMatch(/no rating says Negative$/);
    expect(guardReason(shares([0.3, 0.4, 0.3], [0.3 * GUARD_UNNAMED_FLOOR, 0.55, 0.3]), new Set([1, 2]))).toBeNull();
    expect(guardReason(shares([0.3, 0.4, 0.3], [0.05, 0.65, 0.3]), new Set([0, 1, 2]))).toBeNull();
    // A class the shipped model hardly gives may go.
    expect(guardReason(shares([0.02, 0.68, 0.3], [0, 0.7, 0.3]), new Set([1, 2]))).toBeNull();
  });

  it('does not use an adaptation from ratings that call every post the shipped model calls negative Neutral, and says why', async () => {
    const { slang, complaints } = await kinds();
    // The analysts opened the negative posts and rated them all Neutral.
    await rate([...slang.slice(0, 25), ...complaints.slice(0, 25)], 2);
    const row = await adaptClient(h.db, a.clientId, 'adapt:one-sided');
    expect(row.used).toBe(false);
    expect(row.reason).toMatch(/^It would call .* of the client's \d+ newest unrated posts Negative/);
    const shares = row.unrated_shares as unknown as Shares;
    expect(shares.posts).toBeGreaterThan(0);
    expect(shares.adapted[0]).toBeLessThan(shares.base[0] * GUARD_UNNAMED_FLOOR);
    // Nothing to re-score: the shipped model still scores the client's posts.
    expect(await rescoreClient(h.db, a.clientId)).toMatchObject({ modelId: null, postsRescored: 0 });
    expect((await adaptationsInUse(h.db)).has(a.clientId)).toBe(false);
  });

  it('uses an adaptation from mixed ratings, and shows the shares it measured', async () => {
    const { slang, complaints, plain } = await kinds();
    await rate(slang.slice(0, 25), 1);
    await rate(complaints.slice(0, 12), 3);
    await rate(complaints.slice(12, 25), 3);
    await rate(plain.slice(0, 25), 2);
    const row = await adaptClient(h.db, a.clientId, 'adapt:mixed');
    expect(row.reason).toBeNull();
    expect(row.used).toBe(true);
    const shares = row.unrated_shares as unknown as Shares;
    expect(shares.adapted[0]).toBeGreaterThan(0);
    const done = await rescoreClient(h.db, a.clientId);
    expect(done).toMatchObject({ modelId: row.id, finished: true });
    expect(done.rowsChanged).toBeGreaterThan(0);
    const mine = (await clientModels(h.db)).find((c) => c.ClientId === a.clientId)!;
    expect(mine.InUse).toMatchObject({ Used: true, DateStopped: null, UnratedShares: { Posts: shares.posts, Base: shares.base, Adapted: shares.adapted } });
  });

  it('stops the adaptation in use by hand: unrated rows back to the shipped verdict, rated rows as rated, rollups exact', async () => {
    const inUse = (await q.modelInUse(h.db, a.clientId))!;
    const admin = { id: adminId, isAdmin: true, sessionId: 0, actingAdminId: null };
    expect(await stopModel(h.db, admin, a.clientId)).toEqual({ Stopped: true });
    const stopped = (await q.modelOfJob(h.db, inUse.job_key))!;
    expect(stopped).toMatchObject({ used: false, reason: 'Stopped by Thandi Mokoena', posts_rescored: 0, rescored_at: null });
    expect(await q.modelInUse(h.db, a.clientId)).toBeUndefined();
    expect((await adaptationsInUse(h.db)).has(a.clientId)).toBe(false);
    // Nothing more to stop.
    expect(await stopModel(h.db, admin, a.clientId)).toEqual({ Stopped: false });

    const job = await h.db
      .selectFrom('jobs')
      .select(['key', 'payload'])
      .where('queue', '=', ADAPT_QUEUE)
      .where('key', 'like', 'rescore:%:stopped')
      .executeTakeFirstOrThrow();
    const { rescore } = await runClientJob(h.db, job.payload as ClientJob, job.key!);
    expect(rescore).toMatchObject({ modelId: inUse.id, finished: true });
    expect(rescore.rowsChanged).toBeGreaterThan(0);

    const clips = new Map((await h.db.selectFrom('clips').select(['id', 'body', 'language']).execute()).map((c) => [Number(c.id), c]));
    const labels = new Map(
      (await h.db.selectFrom('sentiment_labels').select(['clip_id', 'favourability_id']).execute()).map((l) => [Number(l.clip_id), l.favourability_id]),
    );
    const rows = await h.db
      .selectFrom('bin_clips')
      .select(['clip_id', 'favourability_id', 'classification_id'])
      .where('project_id', '=', a.projectId)
      .execute();
    let unrated = 0;
    for (const r of rows) {
      const rated = labels.get(Number(r.clip_id));
      if (rated !== undefined) expect(r.favourability_id).toBe(rated);
      else {
        const c = clips.get(Number(r.clip_id))!;
        const x = analyse(c.body);
        const s = scoreSentiment(x, c.body, c.language || detectLanguage(x.tokens, c.body));
        expect([r.favourability_id, r.classification_id]).toEqual([s.favourabilityId, s.classificationId]);
        unrated++;
      }
    }
    expect(unrated).toBeGreaterThan(0);
    const moved = await rollups();
    await rebuildRollups(h.db);
    expect(moved).toEqual(await rollups());
    // The schedule finds nothing more to re-score.
    expect((await checkClients(h.db)).rescore).toEqual([]);
    const mine = (await clientModels(h.db)).find((c) => c.ClientId === a.clientId)!;
    expect(mine.InUse).toBeNull();
    expect(mine.Latest).toMatchObject({ Used: false, Reason: 'Stopped by Thandi Mokoena', Rescored: true });
    expect(mine.Latest!.DateStopped).not.toBeNull();
  });

  it('uses a later adaptation from new ratings again', async () => {
    const row = await adaptClient(h.db, a.clientId, 'adapt:later');
    expect(row).toMatchObject({ used: true, reason: null });
    expect((await q.modelToRescore(h.db, a.clientId))!.id).toBe(row.id);
    expect((await adaptationsInUse(h.db)).get(a.clientId)?.modelId).toBe(row.id);
  });
});
