// Spherical k-means on sparse TF-IDF vectors (cosine similarity), seeded deterministically
// (k-means++ with a fixed pseudo-random sequence), so one query over one range always gives the
// same narratives. Weights count each collapsed copy group by its number of posts.
import { prng } from '../../prng.ts';
import type { SparseVector } from './features.ts';

const dot = (v: SparseVector, c: Float64Array): number => {
  let s = 0;
  for (let k = 0; k < v.idx.length; k++) s += v.val[k] * c[v.idx[k]];
  return s;
};

export interface Clustering {
  /** Cluster of each vector; -1 for a vector with no terms. */
  assignment: Int32Array;
  centroids: Float64Array[];
  /** Cosine of each vector to its centroid. */
  similarity: Float64Array;
}

/**
 * Fits on at most `fitSize` of the vectors (a seeded sample: the centres of a large set are found
 * as well from a part of it), then assigns every vector to its nearest centre.
 */
export function kmeans(
  vectors: SparseVector[],
  weights: ArrayLike<number>,
  dims: number,
  k: number,
  { iterations = 20, seed = 42, fitSize = 20_000 } = {},
): Clustering {
  const n = vectors.length;
  const assignment = new Int32Array(n).fill(-1);
  const similarity = new Float64Array(n);
  let usable = vectors.map((_, i) => i).filter((i) => vectors[i].idx.length > 0);
  const all = usable;
  const rnd = prng(seed);
  if (usable.length > fitSize) {
    // A partial Fisher-Yates shuffle: the first fitSize are a uniform sample.
    const pool = usable.slice();
    for (let i = 0; i < fitSize; i++) {
      const j = i + Math.floor(rnd() * (pool.length - i));
      [pool[i], pool[j]] = [pool[j], pool[i]];
    }
    usable = pool.slice(0, fitSize).sort((a, b) => a - b);
  }
  k = Math.min(k, usable.length);
  const centroids: Float64Array[] = [];
  if (k === 0) return { assignment, centroids, similarity };
  const toDense = (v: SparseVector) => {
    const c = new Float64Array(dims);
    for (let j = 0; j < v.idx.length; j++) c[v.idx[j]] = v.val[j];
    return c;
  };
  const nearest = (i: number) => {
    let bi = 0;
    let bs = -Infinity;
    for (let c = 0; c < centroids.length; c++) {
      const s = dot(vectors[i], centroids[c]);
      if (s > bs) [bs, bi] = [s, c];
    }
    const moved = assignment[i] !== bi;
    assignment[i] = bi;
    similarity[i] = bs;
    return moved;
  };
  // k-means++: each next seed drawn in proportion to its weighted distance from the nearest seed.
  centroids.push(toDense(vectors[usable[Math.floor(rnd() * usable.length)]]));
  const best = new Float64Array(n).fill(-Infinity);
  const d = new Float64Array(usable.length);
  while (centroids.length < k) {
    const last = centroids[centroids.length - 1];
    let sum = 0;
    for (let u = 0; u < usable.length; u++) {
      const i = usable[u];
      best[i] = Math.max(best[i], dot(vectors[i], last));
      sum += d[u] = weights[i] * Math.max(0, 1 - best[i]);
    }
    if (sum <= 0) break;
    let r = rnd() * sum;
    let pick = usable[usable.length - 1];
    for (let u = 0; u < usable.length; u++)
      if ((r -= d[u]) <= 0) {
        pick = usable[u];
        break;
      }
    centroids.push(toDense(vectors[pick]));
  }
  for (let it = 0; it < iterations; it++) {
    let moved = 0;
    for (const i of usable) if (nearest(i)) moved++;
    if (moved === 0 && it > 0) break;
    for (const c of centroids) c.fill(0);
    for (const i of usable) {
      const c = centroids[assignment[i]];
      const v = vectors[i];
      for (let j = 0; j < v.idx.length; j++) c[v.idx[j]] += weights[i] * v.val[j];
    }
    for (const c of centroids) {
      let norm = 0;
      for (let j = 0; j < dims; j++) norm += c[j] * c[j];
      norm = Math.sqrt(norm) || 1;
      for (let j = 0; j < dims; j++) c[j] /= norm;
    }
  }
  if (usable !== all) for (const i of all) nearest(i);
  return { assignment, centroids, similarity };
}

/**
 * Joins groups whose centres are alike: repeatedly the two most similar centres (cosine) while
 * they are at least `threshold` alike, the joined centre being their weighted mean. k-means with
 * many groups keeps a small tight storyline apart; this puts back together what it split.
 * Returns each group's new index (groups numbered from 0, in order of their first old group).
 */
export function mergeAlike(centroids: Float64Array[], mass: ArrayLike<number>, threshold: number): Int32Array {
  const k = centroids.length;
  const alive = new Array<boolean>(k).fill(true);
  const c = centroids.map((x) => Float64Array.from(x));
  const m = Float64Array.from(mass);
  const parent = Int32Array.from({ length: k }, (_, i) => i);
  const dims = k ? c[0].length : 0;
  const cos = (a: Float64Array, b: Float64Array) => {
    let s = 0;
    for (let j = 0; j < dims; j++) s += a[j] * b[j];
    return s;
  };
  const sim = Array.from({ length: k }, () => new Float64Array(k));
  for (let a = 0; a < k; a++) for (let b = a + 1; b < k; b++) sim[a][b] = sim[b][a] = m[a] > 0 && m[b] > 0 ? cos(c[a], c[b]) : -1;
  for (;;) {
    let best = -Infinity;
    let ba = -1;
    let bb = -1;
    for (let a = 0; a < k; a++) {
      if (!alive[a]) continue;
      for (let b = a + 1; b < k; b++)
        if (alive[b] && sim[a][b] > best) {
          best = sim[a][b];
          ba = a;
          bb = b;
        }
    }
    if (ba < 0 || best < threshold) break;
    let norm = 0;
    for (let j = 0; j < dims; j++) {
      c[ba][j] = m[ba] * c[ba][j] + m[bb] * c[bb][j];
      norm += c[ba][j] * c[ba][j];
    }
    norm = Math.sqrt(norm) || 1;
    for (let j = 0; j < dims; j++) c[ba][j] /= norm;
    m[ba] += m[bb];
    alive[bb] = false;
    parent[bb] = ba;
    for (let x = 0; x < k; x++) if (alive[x] && x !== ba) sim[ba][x] = sim[x][ba] = cos(c[ba], c[x]);
  }
  const root = (i: number): number => (parent[i] === i ? i : root(parent[i]));
  const index = new Map<number, number>();
  return Int32Array.from({ length: k }, (_, i) => {
    const r = root(i);
    let at = index.get(r);
    if (at === undefined) index.set(r, (at = index.size));
    return at;
  });
}
