// The learned sentiment model: multinomial logistic regression over the hashed features of
// sentiment-features.ts, trained offline by apps/server/scripts/train-sentiment.ts and shipped as
// model/sentiment.bin (docs/sentiment.md). Read once from disk at first use, never from a network.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { BOOSTERS, COMPLAINT, CONTRAST, DAMPENERS, NEGATORS, WORDS } from './lexicon.ts';
import { BUCKETS, DENSE, HASH_BITS, featurise, type FeatureSink, type LexiconParts } from './sentiment-features.ts';
import { isStopWord } from './terms.ts';
import { fold, type Analysed } from './text.ts';

/** Class order of every weight row and probability triple. */
export const CLASSES = ['negative', 'neutral', 'positive'] as const;
export type SentimentClass = (typeof CLASSES)[number];
const K = CLASSES.length;

export interface ModelHeader {
  format: 1;
  hashBits: number;
  /** Hashed weights are int8; the real weight is the stored value times this. */
  scale: number;
  bias: number[];
  /** dense[d][k]: weight of DENSE feature d for class k. */
  dense: number[][];
  /** Where the model came from and how it did on its validation split (shown by the bench). */
  trainedOn: string;
  trainedAt: string;
  validation: { examples: number; accuracy: number; macroF1: number; balancedAccuracy?: number };
}

export interface SentimentModel {
  header: ModelHeader;
  /** weights[bucket * 3 + class] */
  weights: Int8Array;
}

const MAGIC = 'SNT1';
export const MODEL_URL = new URL('./model/sentiment.bin', import.meta.url);

/** File layout: "SNT1", uint32 LE header length, the header as JSON, then the int8 weights. */
export function encodeModel(m: SentimentModel): Buffer {
  const json = Buffer.from(JSON.stringify(m.header), 'utf8');
  const len = Buffer.alloc(4);
  len.writeUInt32LE(json.length);
  return Buffer.concat([Buffer.from(MAGIC), len, json, Buffer.from(m.weights.buffer, m.weights.byteOffset, m.weights.byteLength)]);
}

export function decodeModel(buf: Buffer): SentimentModel {
  if (buf.length < 8 || buf.toString('latin1', 0, 4) !== MAGIC) throw new Error('not a sentiment model file');
  const len = buf.readUInt32LE(4);
  const header = JSON.parse(buf.toString('utf8', 8, 8 + len)) as ModelHeader;
  if (header.format !== 1 || header.hashBits !== HASH_BITS || header.dense.length !== DENSE.length)
    throw new Error('sentiment model was trained with other features; retrain it (docs/sentiment.md)');
  const start = 8 + len;
  const body = buf.subarray(start, start + BUCKETS * K);
  if (body.length !== BUCKETS * K) throw new Error('sentiment model file is truncated');
  const weights = new Int8Array(BUCKETS * K);
  weights.set(new Int8Array(body.buffer, body.byteOffset, body.length));
  return { header, weights };
}

let loaded: SentimentModel | null | undefined;
let loadedVersion = 'lexicon';
let checkedAt = 0;
let loadedMtime = 0;
/** How often the model file is looked at for a newer one (a retrain writes it in place). */
const RECHECK_MS = 30_000;

/** The model file's version: the start of its SHA-256, so two processes agree on what ran. */
function versionOf(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 16);
}

/** Reads the model file now; null when it is missing or unreadable (the lexicon then scores). */
export function reloadModel(): SentimentModel | null {
  checkedAt = Date.now();
  try {
    loadedMtime = statSync(MODEL_URL).mtimeMs;
    const bytes = readFileSync(MODEL_URL);
    loaded = decodeModel(bytes);
    loadedVersion = versionOf(bytes);
  } catch (err) {
    if (loaded !== null) console.warn(`sentiment model not loaded, using the lexicon: ${(err as Error).message}`);
    loaded = null;
    loadedVersion = 'lexicon';
  }
  return loaded;
}

/**
 * The shipped model, read at first use. Every RECHECK_MS the file's modification time is looked
 * at, so a retrained model reaches every process and enrichment worker without a restart.
 */
export function currentModel(): SentimentModel | null {
  if (loaded === undefined) return reloadModel();
  const now = Date.now();
  if (now - checkedAt > RECHECK_MS) {
    checkedAt = now;
    let mtime = 0;
    try {
      mtime = statSync(MODEL_URL).mtimeMs;
    } catch {
      mtime = -1;
    }
    if (mtime !== loadedMtime) return reloadModel();
  }
  return loaded;
}

/** What scores posts now: the model file's version, or 'lexicon' when there is no model. */
export function modelVersion(): string {
  currentModel();
  return loadedVersion;
}

/** For tests and the bench: use this model from now on (null: the lexicon only). */
export function setModel(m: SentimentModel | null, version = m ? 'set' : 'lexicon'): void {
  loaded = m;
  loadedVersion = version;
  checkedAt = Number.POSITIVE_INFINITY; // no file check replaces what a test set
}

/** Collects a post's features as parallel arrays; reused across calls to save allocation. */
class Collector implements FeatureSink {
  index: number[] = [];
  value: number[] = [];
  names?: string[];
  reset(withNames: boolean) {
    this.index.length = 0;
    this.value.length = 0;
    this.names = withNames ? [] : undefined;
  }
  add(index: number, value: number) {
    this.index.push(index);
    this.value.push(value);
  }
}
const collector = new Collector();

/** Raw class scores (logits) of the features in `c`. */
function logits(m: SentimentModel, c: Collector, out: Float64Array): void {
  const { weights, header } = m;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  for (let i = 0; i < c.index.length; i++) {
    const ix = c.index[i];
    const v = c.value[i];
    if (ix < BUCKETS) {
      const o = ix * K;
      s0 += weights[o] * v;
      s1 += weights[o + 1] * v;
      s2 += weights[o + 2] * v;
    } else {
      const d = header.dense[ix - BUCKETS];
      out[0] += d[0] * v;
      out[1] += d[1] * v;
      out[2] += d[2] * v;
    }
  }
  out[0] += s0 * header.scale + header.bias[0];
  out[1] += s1 * header.scale + header.bias[1];
  out[2] += s2 * header.scale + header.bias[2];
}

export function softmax(z: Float64Array): Float64Array {
  const max = Math.max(z[0], z[1], z[2]);
  let sum = 0;
  for (let k = 0; k < K; k++) {
    z[k] = Math.exp(z[k] - max);
    sum += z[k];
  }
  for (let k = 0; k < K; k++) z[k] /= sum;
  return z;
}

/** Adds each feature's weights to the class scores as it comes: nothing is stored per post. */
class Scorer implements FeatureSink {
  s0 = 0;
  s1 = 0;
  s2 = 0;
  d0 = 0;
  d1 = 0;
  d2 = 0;
  m: SentimentModel | null = null;
  add(index: number, value: number) {
    const m = this.m!;
    if (index < BUCKETS) {
      const w = m.weights;
      const o = index * K;
      this.s0 += w[o] * value;
      this.s1 += w[o + 1] * value;
      this.s2 += w[o + 2] * value;
    } else {
      const d = m.header.dense[index - BUCKETS];
      this.d0 += d[0] * value;
      this.d1 += d[1] * value;
      this.d2 += d[2] * value;
    }
  }
}
const scorer = new Scorer();

/** Probabilities of negative, neutral, positive. */
export function predict(m: SentimentModel, a: Analysed, text: string, lex: LexiconParts): Float64Array {
  scorer.m = m;
  scorer.s0 = scorer.s1 = scorer.s2 = scorer.d0 = scorer.d1 = scorer.d2 = 0;
  featurise(a, text, lex, scorer);
  const { scale, bias } = m.header;
  const z = new Float64Array(K);
  z[0] = scorer.s0 * scale + scorer.d0 + bias[0];
  z[1] = scorer.s1 * scale + scorer.d1 + bias[1];
  z[2] = scorer.s2 * scale + scorer.d2 + bias[2];
  return softmax(z);
}

export interface SentimentReason {
  /** What the model saw: a word, "not <word>", a word pair, a piece of a word, an emoji, a cue. */
  feature: string;
  /** How far it pushed towards the chosen sentiment (negative: away from it), in logit units. */
  weight: number;
}

/**
 * The least weight a reason must carry to be shown, in logit units. A feature of weight w moves
 * the verdict's probability by at most w/4 (the slope of the logistic is p(1-p) <= 1/4), so below
 * 0.1 it moves it by under 2.5 points: less than a reader could tell from the verdict, and the
 * level at which the hashed weights of everyday filler ("a", "in") sit.
 */
export const MIN_REASON_WEIGHT = 0.1;

/** A stop word that the word lists give no part in an opinion ("great" and "not" are stop words too). */
const isFiller = (w: string) =>
  isStopWord(fold(w)) &&
  !WORDS.has(w) &&
  !NEGATORS.has(w) &&
  !w.endsWith("n't") &&
  !BOOSTERS.has(w) &&
  !DAMPENERS.has(w) &&
  !CONTRAST.has(w) &&
  !COMPLAINT.has(w);

/**
 * A word feature made only of filler words ("a", "in", "and the", not "at"): whatever weight the
 * hashing gives it says nothing a reader can use.
 */
export function isFillerFeature(name: string): boolean {
  const m = /^(?:not )?"([^"]+)"$/.exec(name);
  return m !== null && m[1].split(' ').every(isFiller);
}

/**
 * The features that weighed most for the predicted class: each feature's weight for that class
 * minus its mean weight over the three, times its value. Same feature, same name: summed. Only
 * those that carry weight: stop words out, and under MIN_REASON_WEIGHT out (none may be left).
 */
export function explain(m: SentimentModel, a: Analysed, text: string, lex: LexiconParts, limit = 5): { cls: SentimentClass; reasons: SentimentReason[] } {
  collector.reset(true);
  featurise(a, text, lex, collector);
  const z = new Float64Array(K);
  logits(m, collector, z);
  const p = softmax(z);
  const k = p[0] >= p[1] && p[0] >= p[2] ? 0 : p[2] > p[1] ? 2 : 1;
  const byName = new Map<string, number>();
  for (let i = 0; i < collector.index.length; i++) {
    const ix = collector.index[i];
    const w = ix < BUCKETS ? [0, 1, 2].map((c) => m.weights[ix * K + c] * m.header.scale) : m.header.dense[ix - BUCKETS];
    const contribution = (w[k] - (w[0] + w[1] + w[2]) / K) * collector.value[i];
    const name = collector.names![i];
    byName.set(name, (byName.get(name) ?? 0) + contribution);
  }
  const reasons = [...byName]
    .filter(([name, w]) => Math.abs(w) >= MIN_REASON_WEIGHT && !isFillerFeature(name))
    .sort((x, y) => Math.abs(y[1]) - Math.abs(x[1]))
    .slice(0, limit)
    .map(([feature, w]) => ({ feature, weight: Math.round(w * 100) / 100 }));
  return { cls: CLASSES[k], reasons };
}
