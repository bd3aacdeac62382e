// Spherical k-means on sparse TF-IDF vectors (cosine similarity), seeded deterministically
// (k-means++ with a fixed pseudo-random sequence), so one query over one range always gives the
// same narratives. Weights count each collapsed copy group by its number of posts.
import type { SparseVector } from './features.ts';

/** A small deterministic generator (mulberry32): same seed, same narratives. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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

export function kmeans(vectors: SparseVector[], weights: number[], dims: number, k: number, { iterations = 20, seed = 42 } = {}): Clustering {
  const n = vectors.length;
  const assignment = new Int32Array(n).fill(-1);
  const similarity = new Float64Array(n);
  const usable = vectors.map((_, i) => i).filter((i) => vectors[i].idx.length > 0);
  k = Math.min(k, usable.length);
  const centroids: Float64Array[] = [];
  if (k === 0) return { assignment, centroids, similarity };
  const rnd = random(seed);
  const toDense = (v: SparseVector) => {
    const c = new Float64Array(dims);
    for (let j = 0; j < v.idx.length; j++) c[v.idx[j]] = v.val[j];
    return c;
  };
  // k-means++: each next seed drawn in proportion to its weighted distance from the nearest seed.
  centroids.push(toDense(vectors[usable[Math.floor(rnd() * usable.length)]]));
  const best = new Float64Array(n).fill(-Infinity);
  while (centroids.length < k) {
    const last = centroids[centroids.length - 1];
    let sum = 0;
    const d = usable.map((i) => {
      best[i] = Math.max(best[i], dot(vectors[i], last));
      const x = weights[i] * Math.max(0, 1 - best[i]);
      sum += x;
      return x;
    });
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
    for (const i of usable) {
      let bi = 0;
      let bs = -Infinity;
      for (let c = 0; c < centroids.length; c++) {
        const s = dot(vectors[i], centroids[c]);
        if (s > bs) [bs, bi] = [s, c];
      }
      if (assignment[i] !== bi) moved++;
      assignment[i] = bi;
      similarity[i] = bs;
    }
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
  return { assignment, centroids, similarity };
}
