// Near-duplicate posts ('Identify duplicates', admins): MinHash over word 3-shingles of the
// normalised text (lower case; links, handles, punctuation and spacing dropped), banded LSH to
// find candidate pairs cheaply, then the estimated Jaccard similarity confirms a pair; pairs join
// into groups (union-find). Pure: tests call it directly.

const HASHES = 64;
const BANDS = 16; // 16 bands of 4 rows: pairs near 0.7 similarity collide with good odds
const ROWS = HASHES / BANDS;
export const DUPLICATE_THRESHOLD = 0.7;

/** Lower case, no links, handles, punctuation or repeated spaces. */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/@\w+/g, ' ')
    .replace(/[^\p{L}\p{N}#\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function fnv1a(s: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export function shingles(text: string, k = 3): string[] {
  const words = normalise(text).split(' ').filter(Boolean);
  if (words.length < k) return words.length ? [words.join(' ')] : [];
  const out = new Set<string>();
  for (let i = 0; i + k <= words.length; i++) out.add(words.slice(i, i + k).join(' '));
  return [...out];
}

// Universal hashing of one base hash into HASHES permutations: (a*x + b) mod 2^32.
const A = Array.from({ length: HASHES }, (_, i) => (fnv1a(`a${i}`, 7) | 1) >>> 0);
const B = Array.from({ length: HASHES }, (_, i) => fnv1a(`b${i}`, 11));

export function minhash(text: string): Uint32Array | null {
  const sh = shingles(text);
  if (sh.length === 0) return null;
  const sig = new Uint32Array(HASHES).fill(0xffffffff);
  for (const s of sh) {
    const x = fnv1a(s, 0);
    for (let i = 0; i < HASHES; i++) {
      const v = (Math.imul(A[i], x) + B[i]) >>> 0;
      if (v < sig[i]) sig[i] = v;
    }
  }
  return sig;
}

const similarity = (a: Uint32Array, b: Uint32Array) => {
  let same = 0;
  for (let i = 0; i < HASHES; i++) if (a[i] === b[i]) same++;
  return same / HASHES;
};

/** Groups of at least two near-duplicates, largest first; each with its lowest pair similarity. */
export function duplicateGroups<T>(items: T[], text: (t: T) => string, threshold = DUPLICATE_THRESHOLD): { similarity: number; items: T[] }[] {
  const sigs = items.map((it) => minhash(text(it)));
  const parent = items.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  const minSim = new Map<number, number>();
  const seen = new Set<string>();
  for (let band = 0; band < BANDS; band++) {
    const buckets = new Map<string, number[]>();
    sigs.forEach((sig, i) => {
      if (!sig) return;
      const key = Array.from(sig.subarray(band * ROWS, band * ROWS + ROWS)).join(',');
      const list = buckets.get(key);
      if (list) list.push(i);
      else buckets.set(key, [i]);
    });
    for (const list of buckets.values()) {
      for (let x = 0; x < list.length; x++)
        for (let y = x + 1; y < list.length; y++) {
          const pair = `${list[x]}/${list[y]}`;
          if (seen.has(pair)) continue;
          seen.add(pair);
          const sim = similarity(sigs[list[x]]!, sigs[list[y]]!);
          if (sim < threshold) continue;
          const [ra, rb] = [find(list[x]), find(list[y])];
          const low = Math.min(sim, minSim.get(ra) ?? 1, minSim.get(rb) ?? 1);
          if (ra !== rb) parent[rb] = ra;
          minSim.set(ra, low);
        }
    }
  }
  const groups = new Map<number, number[]>();
  items.forEach((_, i) => {
    const r = find(i);
    const g = groups.get(r);
    if (g) g.push(i);
    else groups.set(r, [i]);
  });
  return [...groups.entries()]
    .filter(([, g]) => g.length > 1)
    .map(([r, g]) => ({ similarity: Math.round((minSim.get(r) ?? 1) * 100) / 100, items: g.map((i) => items[i]) }))
    .sort((a, b) => b.items.length - a.items.length);
}
