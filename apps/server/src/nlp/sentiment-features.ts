// Features of the learned sentiment model (docs/sentiment.md), shared by the training script and
// the scorer so both sides see exactly the same numbers. Sparse features are hashed (FNV-1a) into
// a fixed number of buckets: no vocabulary to ship, and a word never seen in training simply
// lands in a bucket whose weight is near zero. Hashing runs over character codes in place, so
// the fast path allocates no feature strings; names are built only when a post is explained.
import type { Analysed } from './text.ts';
import { NEGATORS, CONTRAST } from './lexicon.ts';

/** log2 of the hashed feature space. 2^18 buckets x 3 classes x 1 byte = 768 KiB of weights. */
export const HASH_BITS = 18;
export const BUCKETS = 1 << HASH_BITS;
const MASK = BUCKETS - 1;

/** Dense features, in this order, after the hashed ones; their weights are stored as floats. */
export const DENSE = [
  'sentiment word lists overall',
  'positive words (word lists)',
  'negative words (word lists)',
  'exclamation marks',
  'question marks',
  'words in capitals',
  'stretched words ("soooo")',
  'a link',
  'ends with a question',
  'no words',
] as const;

/**
 * Where the features of one post go: a bucket (or BUCKETS + a DENSE index) and its value. When
 * `names` is given, the feature's readable name is pushed to it at the same time (explanations).
 */
export interface FeatureSink {
  add(index: number, value: number): void;
  names?: string[];
}

// Kinds of sparse feature, mixed into the hash so "w:good" and a character gram "good" differ.
const SEED_WORD = 0x811c9dc5;
const SEED_NEG = 0x01000193;
const SEED_BIGRAM = 0x050c5d1f;
const SEED_CHAR = 0x2f6b9a13;
const SEED_EMOJI = 0x6a09e667;

function fnv(seed: number, s: string, start: number, end: number): number {
  let h = seed >>> 0;
  for (let i = start; i < end; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** FNV-1a of the 4 characters of ` ${w} ` starting at w's index k (-1..length-3), without building it. */
function gram4(w: string, k: number): number {
  let h = SEED_CHAR;
  for (let j = k; j < k + 4; j++) {
    h ^= j < 0 || j >= w.length ? 32 : w.charCodeAt(j);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The words a model sees: hashtags as words, handles as one token, digits collapsed, stretches cut. */
/**
 * Words of a post the model reads: the first MAX_WORDS. Far more than any social post; a long
 * article is judged by its opening, and a megabyte of text costs no more than a long post.
 */
export const MAX_WORDS = 1000;

export function modelWords(a: Analysed): { words: string[]; stretched: number } {
  const words: string[] = [];
  let stretched = 0;
  const n = Math.min(a.tokens.length, MAX_WORDS);
  for (let i = 0; i < n; i++) {
    const t = a.tokens[i];
    const c = t.charCodeAt(0);
    if (c === 64) {
      words.push('@user');
      continue;
    }
    let w = c === 35 ? t.slice(1) : t;
    if (w.length === 0) continue;
    // One scan: all digits, and whether a character repeats three times (a regex each costs more).
    let digits = true;
    let triple = false;
    for (let k = 0; k < w.length; k++) {
      const ch = w.charCodeAt(k);
      if (ch < 48 || ch > 57) digits = false;
      if (k >= 2 && ch === w.charCodeAt(k - 1) && ch === w.charCodeAt(k - 2)) triple = true;
    }
    if (digits) w = '0';
    else if (triple) {
      // "soooo" and "sooo" are one word, and the stretch itself is a feature.
      w = w.replace(/(.)\1{2,}/g, '$1$1');
      stretched++;
    }
    words.push(w);
  }
  return { words, stretched };
}

export interface LexiconParts {
  score: number;
  pos: number;
  neg: number;
}

/** Negation scope: the (at most) three words after a negator, cut short by a contrast word. */
const NEGATION_SPAN = 3;

export function featurise(a: Analysed, text: string, lex: LexiconParts, sink: FeatureSink): void {
  const { words, stretched } = modelWords(a);
  const names = sink.names;
  let negLeft = 0;
  let previous = 0;
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (CONTRAST.has(w)) negLeft = 0;
    const negated = negLeft > 0;
    if (negLeft > 0) negLeft--;
    if (NEGATORS.has(w) || w.endsWith("n't")) negLeft = NEGATION_SPAN;
    const seed = negated ? SEED_NEG : SEED_WORD;
    sink.add(fnv(seed, w, 0, w.length) & MASK, 1);
    names?.push(negated ? `not "${w}"` : `"${w}"`);
    const bigramStart = fnv(SEED_BIGRAM, w, 0, w.length) ^ 32;
    if (i > 0) {
      sink.add(fnv(previous, w, 0, w.length) & MASK, 1);
      names?.push(`"${words[i - 1]} ${w}"`);
    }
    previous = bigramStart;
    // Character 4-grams of longer words, padded with a space at each edge, catch misspellings and
    // inflections ("disappointing", "disapointed") that whole words miss. Weighted down: there are many.
    if (w.length >= 5 && w.charCodeAt(0) !== 64) {
      for (let k = -1; k + 3 <= w.length; k++) {
        sink.add(gram4(w, k) & MASK, 0.25);
        names?.push(`part of a word: "${w.slice(Math.max(0, k), k + 4)}"`);
      }
    }
  }
  for (let i = 0; i < a.emoji.length && i < MAX_WORDS; i++) {
    const e = a.emoji[i];
    sink.add(fnv(SEED_EMOJI, e, 0, e.length) & MASK, 1);
    names?.push(e);
  }

  let questions = 0;
  for (let i = text.indexOf('?'); i >= 0 && questions < 3; i = text.indexOf('?', i + 1)) questions++;
  let caps = 0;
  for (let i = 0; i < a.raw.length && i < MAX_WORDS; i++) {
    const r = a.raw[i];
    if (r.length > 2 && r === r.toUpperCase() && r !== r.toLowerCase()) caps++;
  }
  const dense = [
    lex.score * 2,
    Math.min(lex.pos, 8) / 4,
    Math.min(lex.neg, 8) / 4,
    Math.min(a.exclamations, 3) / 3,
    questions / 3,
    Math.min(caps, 3) / 3,
    Math.min(stretched, 2) / 2,
    a.urls.length > 0 ? 1 : 0,
    text.trimEnd().endsWith('?') ? 1 : 0,
    words.length === 0 ? 1 : 0,
  ];
  for (let d = 0; d < dense.length; d++)
    if (dense[d] !== 0) {
      sink.add(BUCKETS + d, dense[d]);
      names?.push(DENSE[d]);
    }
}
