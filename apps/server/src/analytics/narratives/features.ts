// Features of a short post for grouping: content words (no stop words, numbers, urls or
// handles) and their adjacent pairs, and a copy key that is the same for posts that differ only
// in case, accents, punctuation, links, @handles or a retweet prefix (docs/narratives.md).
import { analyse } from '../../nlp/text.ts';
import { isStopWord } from '../../nlp/terms.ts';

/** Content words in order: folded, hashtags without '#', no handles, stop words, numbers or 1–2 letter words. */
export function contentWords(text: string): string[] {
  const out: string[] = [];
  for (const t of analyse(text).tokens) {
    if (t[0] === '@') continue;
    const w = t[0] === '#' ? t.slice(1) : t;
    if (w.length < 3 || w === 'rt' || isStopWord(w) || /\d/.test(w)) continue;
    out.push(w);
  }
  return out;
}

/** Unique words and adjacent word pairs ("delivery delay") of a post: the terms TF-IDF weighs. */
export function terms(words: string[]): string[] {
  const set = new Set<string>(words);
  for (let i = 1; i < words.length; i++) if (words[i - 1] !== words[i]) set.add(`${words[i - 1]} ${words[i]}`);
  return [...set];
}

/** The copy key: the post's content words in order. Copies and retweets share it; empty when the post has none. */
export const copyKey = (words: string[]): string => words.join(' ');

/** Sparse vector: parallel term indices and weights, L2-normalised. */
export interface SparseVector {
  idx: Int32Array;
  val: Float64Array;
}

export interface Vectorised {
  vocabulary: string[];
  /** Documents each term is in. */
  df: Int32Array;
  vectors: SparseVector[];
}

/**
 * TF-IDF over documents given as term lists (each term once per document, so tf is 0 or 1 in a
 * short post). A term in fewer than `minDf` documents or in more than `maxDfShare` of them carries
 * no grouping signal and is dropped.
 */
export function tfidf(docs: string[][], weights: number[], { minDf = 2, maxDfShare = 0.5 } = {}): Vectorised {
  const counts = new Map<string, number>();
  docs.forEach((d, i) => {
    for (const t of d) counts.set(t, (counts.get(t) ?? 0) + weights[i]);
  });
  const total = weights.reduce((a, b) => a + b, 0);
  const vocabulary: string[] = [];
  const index = new Map<string, number>();
  for (const [t, n] of counts)
    if (n >= minDf && n <= Math.max(minDf, maxDfShare * total)) {
      index.set(t, vocabulary.length);
      vocabulary.push(t);
    }
  const df = new Int32Array(vocabulary.length);
  vocabulary.forEach((t, i) => (df[i] = counts.get(t)!));
  const idf = Array.from(df, (n) => Math.log((1 + total) / (1 + n)) + 1);
  const vectors = docs.map((d) => {
    const ids = d
      .map((t) => index.get(t))
      .filter((i): i is number => i !== undefined)
      .sort((a, b) => a - b);
    const val = new Float64Array(ids.length);
    let norm = 0;
    ids.forEach((i, k) => {
      // A pair says more about a storyline than either of its words alone.
      val[k] = idf[i] * (vocabulary[i].includes(' ') ? 1.5 : 1);
      norm += val[k] * val[k];
    });
    norm = Math.sqrt(norm) || 1;
    for (let k = 0; k < val.length; k++) val[k] /= norm;
    return { idx: Int32Array.from(ids), val };
  });
  return { vocabulary, df, vectors };
}
