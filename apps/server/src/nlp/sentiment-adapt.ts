// A client's own sentiment model, learned from the posts its analysts rated (docs/sentiment.md,
// "A client's own model"). The shipped model stays as it is; the adaptation is a residual: a small
// logistic regression over the same hashed features, trained on the client's ratings with the
// shipped model's verdict as a fixed starting point, so it only learns where this client's posts
// differ (its products' words, its customers' way of complaining, its mix of praise and blame).
// Strength and length of training are chosen by cross-validation on the ratings themselves; an
// adaptation that does no better than the shipped model on ratings it did not see is not used.
import { FAVOURABILITY } from '@listening/contract';
import { detectLanguage } from './language.ts';
import { fromProbabilities, modelReads, scoreLexicon, type LexiconSentiment, type Sentiment } from './sentiment.ts';
import { BUCKETS, DENSE, featurise, type FeatureSink } from './sentiment-features.ts';
import { CLASSES, currentModel, softmax, type SentimentClass, type SentimentModel } from './sentiment-model.ts';
import { analyse, type Analysed } from './text.ts';

const K = CLASSES.length;
/** Hashed buckets, then the dense features, then the three biases. */
const SIZE = (BUCKETS + DENSE.length) * K + K;
const BIAS = (BUCKETS + DENSE.length) * K;

/** A post as the adaptation sees it: its features and the shipped scorer's class scores. */
export interface EncodedPost {
  index: Int32Array;
  value: Float32Array;
  /** The shipped scorer's logits (the lexicon's, softened, where the model does not read the post). */
  base: Float64Array;
  /** The shipped scorer's verdict (what the post shows without the adaptation). */
  baseClass: number;
}

/** How sure the lexicon is when it decides alone (other languages): a soft start, not a certainty. */
const LEXICON_LOGIT = Math.log(0.8 / 0.1);

const CLASS_OF_FAVOURABILITY: Record<number, number> = {
  [FAVOURABILITY.Negative]: 0,
  [FAVOURABILITY.Neutral]: 1,
  [FAVOURABILITY.Positive]: 2,
};

/** A post's features, collected once for the shipped model and the residual alike (reused). */
class Features implements FeatureSink {
  index: number[] = [];
  value: number[] = [];
  add(index: number, value: number) {
    this.index.push(index);
    this.value.push(value);
  }
}
const features = new Features();

/** The shipped scorer's logits for the collected features, into `out`. */
function baseLogits(model: SentimentModel | null, lex: LexiconSentiment, reads: boolean, out: Float64Array): void {
  if (!model || !reads) {
    out.fill(0);
    out[CLASS_OF_FAVOURABILITY[lex.favourabilityId]] = LEXICON_LOGIT;
    return;
  }
  const { weights, header } = model;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  out[0] = header.bias[0];
  out[1] = header.bias[1];
  out[2] = header.bias[2];
  for (let i = 0; i < features.index.length; i++) {
    const ix = features.index[i];
    const v = features.value[i];
    if (ix < BUCKETS) {
      s0 += weights[ix * K] * v;
      s1 += weights[ix * K + 1] * v;
      s2 += weights[ix * K + 2] * v;
    } else {
      const d = header.dense[ix - BUCKETS];
      out[0] += d[0] * v;
      out[1] += d[1] * v;
      out[2] += d[2] * v;
    }
  }
  out[0] += s0 * header.scale;
  out[1] += s1 * header.scale;
  out[2] += s2 * header.scale;
}

function collect(a: Analysed, text: string, language: string | null | undefined, out: Float64Array): LexiconSentiment {
  features.index.length = 0;
  features.value.length = 0;
  const lex = scoreLexicon(a, text);
  featurise(a, text, lex, features);
  baseLogits(currentModel(), lex, lex.units > 0 && modelReads(language), out);
  return lex;
}

/** Features and the shipped verdict of a labelled post, for adapting (language detected as enrichment does). */
export function encodePost(text: string): EncodedPost {
  const a = analyse(text);
  const base = new Float64Array(K);
  const lex = collect(a, text, detectLanguage(a.tokens, text), base);
  const verdict = lex.units === 0 ? lex : fromProbabilities(softmax(Float64Array.from(base)), lex);
  return { index: Int32Array.from(features.index), value: Float32Array.from(features.value), base, baseClass: CLASS_OF_FAVOURABILITY[verdict.favourabilityId] };
}

const scratchScores = new Float64Array(K);

/**
 * The class probabilities (negative, neutral, positive) of a post under a client's adaptation: the
 * shipped scores plus the residual's, read in one pass over the post's features. Null for a post
 * with no words or emoji (it stays None). Reuses one scratch array: read it before the next call.
 */
export function adaptedProbabilities(a: Analysed, text: string, language: string | null | undefined, adaptation: Adaptation): Float64Array | null {
  return adaptedScores(a, text, language, adaptation).p;
}

function adaptedScores(a: Analysed, text: string, language: string | null | undefined, adaptation: Adaptation) {
  const z = scratchScores;
  const lex = collect(a, text, language, z);
  if (lex.units === 0) return { lex, p: null };
  const w = adaptation.weights;
  z[0] += w[BIAS];
  z[1] += w[BIAS + 1];
  z[2] += w[BIAS + 2];
  for (let i = 0; i < features.index.length; i++) {
    const o = features.index[i] * K;
    const v = features.value[i];
    z[0] += w[o] * v;
    z[1] += w[o + 1] * v;
    z[2] += w[o + 2] * v;
  }
  return { lex, p: softmax(z) };
}

/**
 * A post's sentiment with a client's adaptation (adaptedProbabilities, as the shipped scorer turns
 * probabilities into a verdict). A post with no words or emoji stays None, as without it.
 */
export function scoreAdapted(a: Analysed, text: string, language: string | null | undefined, adaptation: Adaptation): Sentiment {
  const { lex, p } = adaptedScores(a, text, language, adaptation);
  if (!p) return { score: lex.score, classificationId: lex.classificationId, favourabilityId: lex.favourabilityId };
  const verdict = fromProbabilities(p, lex);
  // Where the lexicon decides alone its score stays, as the shipped scorer shows it.
  return currentModel() !== null && modelReads(language) ? verdict : { ...verdict, score: lex.score };
}

/** The residual weights: [feature * 3 + class], then three biases. */
export interface Adaptation {
  weights: Float32Array;
  /** What cross-validation chose. */
  l2: number;
  epochs: number;
}

/**
 * An adaptation as stored (client_sentiment_models.weights): the count of non-zero weights, their
 * positions (int32) and values (float32), little-endian. Most of the hashed features never occur
 * in a client's ratings, so this is a few hundred kilobytes at most instead of three megabytes.
 */
export function packAdaptation(a: Adaptation): Buffer {
  const at: number[] = [];
  for (let i = 0; i < a.weights.length; i++) if (a.weights[i] !== 0) at.push(i);
  const buf = Buffer.alloc(4 + at.length * 8);
  buf.writeInt32LE(at.length, 0);
  at.forEach((ix, k) => {
    buf.writeInt32LE(ix, 4 + k * 4);
    buf.writeFloatLE(a.weights[ix], 4 + at.length * 4 + k * 4);
  });
  return buf;
}

/** The adaptation packAdaptation stored (its settings are kept beside it, not in the weights). */
export function unpackAdaptation(buf: Uint8Array, settings: { l2: number; epochs: number }): Adaptation {
  const b = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  const n = b.readInt32LE(0);
  const weights = new Float32Array(SIZE);
  for (let k = 0; k < n; k++) weights[b.readInt32LE(4 + k * 4)] = b.readFloatLE(4 + n * 4 + k * 4);
  return { weights, ...settings };
}

/** An adaptation that changes nothing. */
export function noAdaptation(): Adaptation {
  return { weights: new Float32Array(SIZE), l2: 0, epochs: 0 };
}

const offsetOf = (ix: number) => ix * K;

function residualScores(w: Float32Array, e: EncodedPost, out: Float64Array): Float64Array {
  out[0] = e.base[0] + w[BIAS];
  out[1] = e.base[1] + w[BIAS + 1];
  out[2] = e.base[2] + w[BIAS + 2];
  for (let i = 0; i < e.index.length; i++) {
    const o = offsetOf(e.index[i]);
    const v = e.value[i];
    out[0] += w[o] * v;
    out[1] += w[o + 1] * v;
    out[2] += w[o + 2] * v;
  }
  return out;
}

function argmax(z: Float64Array): number {
  return z[0] >= z[1] && z[0] >= z[2] ? 0 : z[2] > z[1] ? 2 : 1;
}

/** The class an adaptation gives a post (0 negative, 1 neutral, 2 positive). */
export function adaptedClass(a: Adaptation, e: EncodedPost): number {
  return argmax(residualScores(a.weights, e, new Float64Array(K)));
}

/** A deterministic shuffle (the same ratings always train the same adaptation). */
function shuffled(n: number, seed: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  let s = seed >>> 0 || 1;
  for (let i = n - 1; i > 0; i--) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const j = s % (i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

const LEARNING_RATE = 0.2;

/**
 * Trains the residual by AdaGrad on the log-loss of the shipped scores plus the residual, with an
 * L2 penalty that keeps it small where the ratings say little. `sparse` scratch is reused.
 */
function train(posts: EncodedPost[], labels: number[], l2: number, epochs: number, scratch?: { w: Float32Array; g2: Float32Array }): Float32Array {
  const w = scratch?.w ?? new Float32Array(SIZE);
  const g2 = scratch?.g2 ?? new Float32Array(SIZE);
  w.fill(0);
  g2.fill(0);
  const z = new Float64Array(K);
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (const i of shuffled(posts.length, 7919 * (epoch + 1))) {
      const e = posts[i];
      residualScores(w, e, z);
      const max = Math.max(z[0], z[1], z[2]);
      let sum = 0;
      for (let k = 0; k < K; k++) sum += z[k] = Math.exp(z[k] - max);
      for (let k = 0; k < K; k++) z[k] = z[k] / sum - (k === labels[i] ? 1 : 0);
      const step = (o: number, g: number) => {
        g2[o] += g * g;
        w[o] -= (LEARNING_RATE * g) / Math.sqrt(g2[o] + 1e-8);
      };
      for (let k = 0; k < K; k++) step(BIAS + k, z[k]);
      for (let f = 0; f < e.index.length; f++) {
        const o = offsetOf(e.index[f]);
        const v = e.value[f];
        for (let k = 0; k < K; k++) step(o + k, z[k] * v + l2 * w[o + k]);
      }
    }
  }
  return scratch ? Float32Array.from(w) : w;
}

/** Penalties and training lengths tried by cross-validation, weakest adaptation first. */
const L2_GRID = [0.1, 0.03, 0.01, 0.003];
const EPOCH_GRID = [1, 3, 6];
const FOLDS = 5;

export interface AdaptResult {
  /** null: the adaptation did no better than the shipped model on held-out ratings. */
  adaptation: Adaptation | null;
  /** Cross-validated accuracy of the shipped model and of the chosen adaptation on the ratings. */
  cv: { base: number; adapted: number; ratings: number };
}

/**
 * Adapts from a client's ratings. Each setting is scored by 5-fold cross-validation (every rating
 * judged by an adaptation that did not see it); the best is trained on all the ratings. With fewer
 * than FOLDS ratings nothing is learned.
 */
export function adapt(posts: EncodedPost[], labels: number[]): AdaptResult {
  const n = posts.length;
  const baseRight = posts.reduce((s, e, i) => s + (e.baseClass === labels[i] ? 1 : 0), 0);
  const base = n ? baseRight / n : 0;
  if (n < FOLDS * 2) return { adaptation: null, cv: { base, adapted: base, ratings: n } };
  const foldOf = new Int8Array(n);
  shuffled(n, 104729).forEach((postIndex, i) => (foldOf[postIndex] = i % FOLDS));
  const scratch = { w: new Float32Array(SIZE), g2: new Float32Array(SIZE) };
  const z = new Float64Array(K);
  let best = { l2: 0, epochs: 0, accuracy: base };
  for (const l2 of L2_GRID)
    for (const epochs of EPOCH_GRID) {
      let right = 0;
      for (let f = 0; f < FOLDS; f++) {
        const trainIdx: number[] = [];
        for (let i = 0; i < n; i++) if (foldOf[i] !== f) trainIdx.push(i);
        const w = train(
          trainIdx.map((i) => posts[i]),
          trainIdx.map((i) => labels[i]),
          l2,
          epochs,
          scratch,
        );
        for (let i = 0; i < n; i++) if (foldOf[i] === f && argmax(residualScores(w, posts[i], z)) === labels[i]) right++;
      }
      const accuracy = right / n;
      if (accuracy > best.accuracy) best = { l2, epochs, accuracy };
    }
  if (best.epochs === 0) return { adaptation: null, cv: { base, adapted: base, ratings: n } };
  const weights = train(posts, labels, best.l2, best.epochs);
  return { adaptation: { weights, l2: best.l2, epochs: best.epochs }, cv: { base, adapted: best.accuracy, ratings: n } };
}

export const classIndex = (label: SentimentClass) => CLASSES.indexOf(label);
