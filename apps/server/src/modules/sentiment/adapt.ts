// Adapting a client's sentiment model from its ratings (docs/sentiment.md, "A client's own
// model"). The examples are the posts a person rated in the client's projects (sentiment_labels,
// written only by the clip tray's rating), never a verdict of the model and never another
// client's. A share of them is held back; the adaptation learns from the rest (its settings chosen
// by cross-validation on those alone) and is used only if it does at least as well as the shipped
// model on the held-back ones, and only if it does not take a class away from the client's unrated
// posts (the guard below). Every attempt is kept, with why it is not used when it is not.
import { FAVOURABILITY } from '@listening/contract';
import type { Db } from '../../db/connection.ts';
import { clientModelsChanged } from '../../ingest/client-sentiment.ts';
import { adapt, adaptedClass, encodePost, packAdaptation, unpackAdaptation, type Adaptation, type EncodedPost } from '../../nlp/sentiment-adapt.ts';
import { modelVersion } from '../../nlp/sentiment-model.ts';
import * as q from './queries.ts';

/** New ratings (since the client's last adaptation) that make the next one due. */
export const ADAPT_NEW_RATINGS = 50;
/** At most one adaptation per client this often, however fast ratings arrive. */
export const ADAPT_MIN_INTERVAL_MS = 60 * 60_000;
/** One rating in this many is held back to judge the adaptation (chosen by the post, so a rating stays on its side). */
export const HOLD_BACK_ONE_IN = 5;
/** Fewer ratings to learn from than this and nothing is learned (cross-validation needs them). */
export const MIN_TRAINING_RATINGS = 10;

/** Unrated posts of the client (its newest) the guard compares the shipped model and the adaptation on. */
export const GUARD_SAMPLE = 2000;
/** A class the shipped model gives at least this share of the sample is one the adaptation may not empty. */
export const GUARD_MEANINGFUL_SHARE = 0.05;
/** A class no rating names may not shrink below this fraction of the shipped model's share of it. */
export const GUARD_UNNAMED_FLOOR = 0.5;

const CLASS_NAMES = ['Negative', 'Neutral', 'Positive'];

export interface Shares {
  /** Posts of the sample. */
  posts: number;
  /** Shares (fractions) of negative, neutral and positive verdicts on them. */
  base: number[];
  adapted: number[];
}

/**
 * The guard against a one-sided sample of ratings. The held-back ratings come from the same
 * sample as the ones learned from: when the analysts rated, say, only posts the shipped model
 * calls negative, and all of them Neutral, the adaptation passes on them and then calls none of
 * the client's posts negative. So it is also read on the client's unrated posts, beside the
 * shipped model, and refused (the reason returned) when it
 *  - empties a class the shipped model gives a meaningful share of them (GUARD_MEANINGFUL_SHARE), or
 *  - shrinks a class no rating names below GUARD_UNNAMED_FLOOR of its shipped share: nothing the
 *    analysts said is evidence about a class they never gave.
 * A class the ratings name may shrink as far as the adaptation takes it, short of empty.
 */
export function guardReason(shares: Shares, named: Set<number>): string | null {
  for (let c = 0; c < 3; c++) {
    const [base, adapted] = [shares.base[c], shares.adapted[c]];
    if (base < GUARD_MEANINGFUL_SHARE) continue;
    const of = `of the client's ${shares.posts.toLocaleString('en-US')} newest unrated posts`;
    if (adapted === 0) return `It would call none ${of} ${CLASS_NAMES[c]}, where the shipped model calls ${pct(base)} so`;
    if (!named.has(c) && adapted < base * GUARD_UNNAMED_FLOOR)
      return `It would call ${pct(adapted)} ${of} ${CLASS_NAMES[c]}, against ${pct(base)} by the shipped model, and no rating says ${CLASS_NAMES[c]}`;
  }
  return null;
}

/** Shares of each class the shipped model and the adaptation give the posts. */
export function sharesOn(bodies: string[], adaptation: Adaptation): Shares {
  const base = [0, 0, 0];
  const adapted = [0, 0, 0];
  for (const body of bodies) {
    const e = encodePost(body);
    base[e.baseClass]++;
    adapted[adaptedClass(adaptation, e)]++;
  }
  const n = bodies.length || 1;
  return { posts: bodies.length, base: base.map((x) => x / n), adapted: adapted.map((x) => x / n) };
}

const CLASS_OF: Record<number, number> = { [FAVOURABILITY.Negative]: 0, [FAVOURABILITY.Neutral]: 1, [FAVOURABILITY.Positive]: 2 };

const pct = (x: number) => `${Math.round(x * 1000) / 10}%`;

/** Whether a rated post is held back: a fixed hash of its id, so the split never depends on the order of rating. */
export function heldBack(clipId: number): boolean {
  let h = Math.imul(clipId ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) % HOLD_BACK_ONE_IN === 0;
}

/**
 * Adapts the client's model from its ratings now and stores the attempt under `jobKey` (a job run
 * again after a kill finds it and does not train twice). Returns the stored row.
 */
export async function adaptClient(db: Db, clientId: number, jobKey: string): Promise<q.ModelRow> {
  const done = await q.modelOfJob(db, jobKey);
  if (done) return done;
  const started = performance.now();
  const ratings = await q.ratingsOf(db, clientId);
  const train: { posts: EncodedPost[]; labels: number[] } = { posts: [], labels: [] };
  const test: { posts: EncodedPost[]; labels: number[] } = { posts: [], labels: [] };
  for (const r of ratings) {
    const side = heldBack(Number(r.clip_id)) ? test : train;
    side.posts.push(encodePost(r.body));
    side.labels.push(CLASS_OF[r.favourability_id]);
  }
  const accuracy = (classOf: (e: EncodedPost) => number) =>
    test.posts.length ? test.posts.reduce((n, e, i) => n + (classOf(e) === test.labels[i] ? 1 : 0), 0) / test.posts.length : 0;
  const base = accuracy((e) => e.baseClass);
  let adaptation: Adaptation | null = null;
  let reason: string | null = null;
  let adapted = base;
  let shares: Shares | null = null;
  if (train.posts.length < MIN_TRAINING_RATINGS || test.posts.length === 0) {
    reason = `Too few ratings to learn from and to judge: ${ratings.length} (${train.posts.length} to learn from, ${test.posts.length} held back; at least ${MIN_TRAINING_RATINGS} to learn from and one held back)`;
  } else {
    const result = adapt(train.posts, train.labels);
    adaptation = result.adaptation;
    if (!adaptation) reason = 'No setting did better than the shipped model in cross-validation on the ratings learned from';
    else {
      const a = adaptation;
      adapted = accuracy((e) => adaptedClass(a, e));
      if (adapted < base) reason = `Worse than the shipped model on the held-back ratings (${pct(adapted)} against ${pct(base)})`;
      else {
        shares = sharesOn(
          (await q.unratedSample(db, clientId, GUARD_SAMPLE)).map((c) => c.body),
          a,
        );
        reason = guardReason(shares, new Set([...train.labels, ...test.labels]));
      }
    }
  }
  await q.insertModel(db, {
    client_id: clientId,
    job_key: jobKey,
    ratings_until: ratings.length ? new Date(ratings[ratings.length - 1].rated_at) : new Date(0),
    ratings: ratings.length,
    trained_on: train.posts.length,
    held_back: test.posts.length,
    base_accuracy: base,
    adapted_accuracy: adapted,
    used: reason === null,
    reason,
    base_model_version: modelVersion(),
    seconds: (performance.now() - started) / 1000,
    weights: adaptation && reason === null ? packAdaptation(adaptation) : null,
    l2: adaptation?.l2 ?? null,
    epochs: adaptation?.epochs ?? null,
    unrated_shares: shares ? JSON.stringify(shares) : null,
  });
  // A new adaptation in use: every process's ingestion scores the client's new posts with it.
  if (reason === null) await clientModelsChanged(db);
  return (await q.modelOfJob(db, jobKey))!;
}

/** Decoded adaptations by model id: a model row never changes its weights. */
const decoded = new Map<number, Adaptation>();

/** The adaptation a stored model row holds (null: none, the shipped model scores). */
export function adaptationOf(row: q.ModelRow | undefined): Adaptation | null {
  if (!row?.used || !row.weights) return null;
  let a = decoded.get(row.id);
  if (!a) {
    a = unpackAdaptation(row.weights, { l2: row.l2 ?? 0, epochs: row.epochs ?? 0 });
    if (decoded.size >= 32) decoded.delete(decoded.keys().next().value!);
    decoded.set(row.id, a);
  }
  return a;
}

/**
 * Whether the client's next adaptation is due: enough ratings new since the last one (or a shipped
 * model changed since, which the last one was learned on top of), and the minimum interval passed.
 */
export async function adaptationDue(db: Db, clientId: number, now = new Date()): Promise<{ due: boolean; latestRatingAt: Date | null }> {
  const latest = await q.latestModel(db, clientId);
  const counts = await q.ratingCounts(db, clientId, latest ? new Date(latest.ratings_until) : null);
  if (counts.total < ADAPT_NEW_RATINGS) return { due: false, latestRatingAt: counts.latest };
  if (!latest) return { due: true, latestRatingAt: counts.latest };
  const waited = now.getTime() - new Date(latest.created_at).getTime() >= ADAPT_MIN_INTERVAL_MS;
  const stale = counts.newer >= ADAPT_NEW_RATINGS || (latest.used && latest.base_model_version !== modelVersion());
  return { due: waited && stale, latestRatingAt: counts.latest };
}
