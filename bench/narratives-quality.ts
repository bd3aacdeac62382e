// Quality of the narrative grouping on a public corpus of short texts with known topics: the
// StackOverflow short-text clustering set (20,000 question titles, 20 tags, 1,000 each; Xu et
// al., "Short Text Clustering via Convolutional Neural Networks", 2015), kept out of git under
// data/narratives/ (docs/narratives.md says how to fetch it). Rows are split by a fixed rule:
// row i (0-based) is held out when i % 5 === 4; the others are four tuning folds (i % 5). The
// product's settings were chosen on the tuning folds only; the figures printed are held out.
import { existsSync, readFileSync } from 'node:fs';
import { groupNarratives } from '../apps/server/src/analytics/narratives/group.ts';
import { prng } from '../apps/server/src/prng.ts';

export const CORPUS_DIR = 'data/narratives';
const TITLES = `${CORPUS_DIR}/title_StackOverflow.txt`;
const LABELS = `${CORPUS_DIR}/label_StackOverflow.txt`;

export interface Row {
  text: string;
  label: number;
}

/** The corpus's rows, or null when it is not there. */
export function readCorpus(): Row[] | null {
  if (!existsSync(TITLES) || !existsSync(LABELS)) return null;
  const texts = readFileSync(TITLES, 'utf8').split('\n');
  const labels = readFileSync(LABELS, 'utf8').split('\n');
  const rows: Row[] = [];
  for (let i = 0; i < labels.length; i++) if (labels[i].trim()) rows.push({ text: texts[i], label: Number(labels[i]) });
  return rows;
}

/** Fold of row i: 4 is the held-out part, 0 to 3 the tuning folds. */
export const foldOf = (i: number): number => i % 5;
export const HELD_OUT = 4;

const entropy = (counts: Iterable<number>, n: number) => {
  let h = 0;
  for (const c of counts) if (c > 0) h -= (c / n) * Math.log(c / n);
  return h;
};

/** NMI (mutual information over the geometric mean of the entropies) and V-measure (over their arithmetic mean). */
export function agreement(truth: number[], found: number[]): { nmi: number; vMeasure: number } {
  const n = truth.length;
  const joint = new Map<string, number>();
  const a = new Map<number, number>();
  const b = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    joint.set(`${truth[i]} ${found[i]}`, (joint.get(`${truth[i]} ${found[i]}`) ?? 0) + 1);
    a.set(truth[i], (a.get(truth[i]) ?? 0) + 1);
    b.set(found[i], (b.get(found[i]) ?? 0) + 1);
  }
  let mi = 0;
  for (const [key, c] of joint) {
    const [t, f] = key.split(' ').map(Number);
    mi += (c / n) * Math.log((c * n) / (a.get(t)! * b.get(f)!));
  }
  const ha = entropy(a.values(), n);
  const hb = entropy(b.values(), n);
  return { nmi: ha && hb ? mi / Math.sqrt(ha * hb) : 0, vMeasure: ha + hb ? (2 * mi) / (ha + hb) : 0 };
}

/** The product's grouping: each row's narrative; rows in no narrative (no content words, or a group under three posts) share one "none" group. */
export function productGroups(rows: Row[]): number[] {
  const t0 = Date.UTC(2024, 0, 1);
  const posts = rows.map((r, i) => ({ id: i, text: r.text, author: `a${i}`, postedAt: new Date(t0 + i * 60_000) }));
  const found = new Array<number>(rows.length).fill(-1);
  groupNarratives(posts).forEach((g, c) => g.posts.forEach((i) => (found[i] = c)));
  return found;
}

/**
 * The baseline: plain TF-IDF (lower-cased words of two or more letters or digits, raw counts,
 * smoothed idf, L2 norm) and Lloyd's k-means (Euclidean, k-means++ seeds) with k the true number
 * of topics, as in scikit-learn's defaults.
 */
export function baselineGroups(rows: Row[], k: number, seed: number): number[] {
  const vocab = new Map<string, number>();
  const docs = rows.map((r) => {
    const tf = new Map<number, number>();
    for (const w of r.text.toLowerCase().match(/\b\w\w+\b/g) ?? []) {
      let id = vocab.get(w);
      if (id === undefined) vocab.set(w, (id = vocab.size));
      tf.set(id, (tf.get(id) ?? 0) + 1);
    }
    return tf;
  });
  const n = rows.length;
  const df = new Float64Array(vocab.size);
  for (const d of docs) for (const id of d.keys()) df[id]++;
  const vecs = docs.map((d) => {
    const idx = Int32Array.from(d.keys());
    const val = Float64Array.from(idx, (id) => d.get(id)! * (Math.log((1 + n) / (1 + df[id])) + 1));
    const norm = Math.sqrt(val.reduce((s, x) => s + x * x, 0)) || 1;
    for (let j = 0; j < val.length; j++) val[j] /= norm;
    return { idx, val, sq: val.length ? 1 : 0 };
  });
  const dims = vocab.size;
  const rnd = prng(seed);
  const cents: Float64Array[] = [];
  const csq: number[] = [];
  const dist = (i: number, c: number) => {
    const v = vecs[i];
    let dot = 0;
    for (let j = 0; j < v.idx.length; j++) dot += v.val[j] * cents[c][v.idx[j]];
    return v.sq - 2 * dot + csq[c];
  };
  const setCentre = (c: number, from: number) => {
    cents[c] = new Float64Array(dims);
    const v = vecs[from];
    for (let j = 0; j < v.idx.length; j++) cents[c][v.idx[j]] = v.val[j];
    csq[c] = v.sq;
  };
  setCentre(0, Math.floor(rnd() * n));
  const near = new Float64Array(n).fill(Infinity);
  for (let c = 1; c < k; c++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += near[i] = Math.min(near[i], dist(i, c - 1));
    let r = rnd() * sum;
    let pick = n - 1;
    for (let i = 0; i < n; i++)
      if ((r -= near[i]) <= 0) {
        pick = i;
        break;
      }
    setCentre(c, pick);
  }
  const found = new Array<number>(n).fill(-1);
  for (let it = 0; it < 50; it++) {
    let moved = 0;
    for (let i = 0; i < n; i++) {
      let best = 0;
      for (let c = 1; c < k; c++) if (dist(i, c) < dist(i, best)) best = c;
      if (found[i] !== best) moved++;
      found[i] = best;
    }
    if (!moved) break;
    const size = new Array<number>(k).fill(0);
    for (const c of cents) c.fill(0);
    for (let i = 0; i < n; i++) {
      size[found[i]]++;
      const v = vecs[i];
      for (let j = 0; j < v.idx.length; j++) cents[found[i]][v.idx[j]] += v.val[j];
    }
    for (let c = 0; c < k; c++) {
      let sq = 0;
      for (let j = 0; j < dims; j++) sq += (cents[c][j] /= size[c] || 1) ** 2;
      csq[c] = sq;
    }
  }
  return found;
}

export interface Quality {
  rows: number;
  nmi: number;
  vMeasure: number;
  narratives: number;
  baselineNmi: number;
  baselineVMeasure: number;
}

/** The product against the baseline (mean of 5 seeded runs) on the rows of the given fold. */
export function measure(all: Row[], fold: number): Quality {
  const rows = all.filter((_, i) => foldOf(i) === fold);
  const truth = rows.map((r) => r.label);
  const found = productGroups(rows);
  const ours = agreement(truth, found);
  const k = new Set(truth).size;
  const runs = [1, 2, 3, 4, 5].map((seed) => agreement(truth, baselineGroups(rows, k, seed)));
  const mean = (f: (q: { nmi: number; vMeasure: number }) => number) => runs.reduce((s, q) => s + f(q), 0) / runs.length;
  return {
    rows: rows.length,
    nmi: ours.nmi,
    vMeasure: ours.vMeasure,
    narratives: new Set(found).size,
    baselineNmi: mean((q) => q.nmi),
    baselineVMeasure: mean((q) => q.vMeasure),
  };
}
