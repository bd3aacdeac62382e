// Near-duplicate posts ('Identify duplicates', admins): MinHash over word 3-shingles of the
// normalised text (lower case; links, handles, punctuation and spacing dropped), banded LSH to
// find candidate pairs cheaply, then the estimated Jaccard similarity confirms a pair; pairs join
// into groups (union-find). Pure: tests call it directly.
//
// Spam is the worst case for LSH: n copies of one text share a bucket in every band, n²/2 pairs
// each. So identical normalised texts are collapsed first (one representative per text; its group
// keeps all their clips, similarity 1), and a bucket of more than BUCKET_CAP representatives is
// not compared pair by pair: each member is compared with BUCKET_SAMPLE members spread through the
// bucket. Members of an oversized bucket that resemble each other but none of the sample are then
// not joined through that bucket (other bands may still join them): a bounded cost in exchange for
// rare misses, only on inputs that are mostly copies of one another.

const HASHES = 64;
const BANDS = 16; // 16 bands of 4 rows: pairs near 0.7 similarity collide with good odds
const ROWS = HASHES / BANDS;
export const DUPLICATE_THRESHOLD = 0.7;
/** Representatives in one LSH bucket beyond which the bucket is compared against a sample only. */
export const BUCKET_CAP = 100;
/** Members of an oversized bucket each member is compared with. */
export const BUCKET_SAMPLE = 8;

/** Work done, for tests and logs: pair similarities computed, buckets compared against a sample. */
export interface DuplicateStats {
  comparisons: number;
  skippedBuckets: number;
}

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
  return shinglesOf(normalise(text), k);
}

function shinglesOf(normalised: string, k = 3): string[] {
  const words = normalised.split(' ').filter(Boolean);
  if (words.length < k) return words.length ? [words.join(' ')] : [];
  const out = new Set<string>();
  for (let i = 0; i + k <= words.length; i++) out.add(words.slice(i, i + k).join(' '));
  return [...out];
}

// Universal hashing of one base hash into HASHES permutations: (a*x + b) mod 2^32.
const A = Array.from({ length: HASHES }, (_, i) => (fnv1a(`a${i}`, 7) | 1) >>> 0);
const B = Array.from({ length: HASHES }, (_, i) => fnv1a(`b${i}`, 11));

export function minhash(text: string): Uint32Array | null {
  return minhashOf(shingles(text));
}

function minhashOf(sh: string[]): Uint32Array | null {
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
export function duplicateGroups<T>(
  items: T[],
  text: (t: T) => string,
  threshold = DUPLICATE_THRESHOLD,
  stats?: DuplicateStats,
): { similarity: number; items: T[] }[] {
  // One representative per normalised text; repOfItem[i] is item i's (-1: no words, never grouped).
  const repByText = new Map<string, number>();
  const repTexts: string[] = [];
  const repOfItem = items.map((it) => {
    const n = normalise(text(it));
    if (!n) return -1;
    let r = repByText.get(n);
    if (r === undefined) {
      r = repTexts.length;
      repByText.set(n, r);
      repTexts.push(n);
    }
    return r;
  });
  const sigs = repTexts.map((n) => minhashOf(shinglesOf(n)));
  const reps = sigs.length;
  const parent = sigs.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  const minSim = new Map<number, number>();
  const seen = new Set<number>();
  const compare = (x: number, y: number) => {
    const [a, b] = x < y ? [x, y] : [y, x];
    const pair = a * reps + b;
    if (a === b || seen.has(pair)) return;
    seen.add(pair);
    if (stats) stats.comparisons++;
    const sim = similarity(sigs[a]!, sigs[b]!);
    if (sim < threshold) return;
    const [ra, rb] = [find(a), find(b)];
    const low = Math.min(sim, minSim.get(ra) ?? 1, minSim.get(rb) ?? 1);
    if (ra !== rb) parent[rb] = ra;
    minSim.set(ra, low);
  };
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
      if (list.length <= BUCKET_CAP) {
        for (let x = 0; x < list.length; x++) for (let y = x + 1; y < list.length; y++) compare(list[x], list[y]);
        continue;
      }
      if (stats) stats.skippedBuckets++;
      const sample = Array.from({ length: BUCKET_SAMPLE }, (_, k) => list[Math.floor((k * list.length) / BUCKET_SAMPLE)]);
      for (const x of list) for (const y of sample) compare(x, y);
    }
  }
  const groups = new Map<number, number[]>();
  repOfItem.forEach((r, i) => {
    // Items without words stay alone, as before (each its own group of one).
    const key = r < 0 ? -1 - i : find(r);
    const g = groups.get(key);
    if (g) g.push(i);
    else groups.set(key, [i]);
  });
  return [...groups.entries()]
    .filter(([, g]) => g.length > 1)
    .map(([r, g]) => ({ similarity: Math.round((minSim.get(r) ?? 1) * 100) / 100, items: g.map((i) => items[i]) }))
    .sort((a, b) => b.items.length - a.items.length);
}
