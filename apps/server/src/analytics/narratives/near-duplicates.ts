// Near-duplicates: texts that differ by a word or two (a copy-paste with one word changed, a
// template with another name in it) are one item. MinHash over each text's set of content words,
// cut into bands (locality-sensitive hashing), finds the candidates cheaply; the exact word-set
// Jaccard decides. Items join a leader (the largest first), never a chain of lookalikes, so an
// item's texts all resemble one text (docs/narratives.md).

/** Word-set Jaccard at or above which two texts are one item. */
export const NEAR_DUPLICATE_JACCARD = 0.6;
/** Fewer distinct words than this and a text only collapses with its exact copies. */
const MIN_WORDS = 4;
const BANDS = 8;
const ROWS = 3;
/** Leaders looked at per band: enough for real near-duplicates, bounded for speed. */
const MAX_CANDIDATES = 16;

/** FNV-1a: a word's 32-bit hash. */
function hashWord(w: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < w.length; i++) h = Math.imul(h ^ w.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The i-th of the MinHash family's hashes of a word hash (a multiply-xorshift mix per seed). */
function mix(x: number, i: number): number {
  let h = Math.imul(x ^ Math.imul(i + 1, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

function jaccard(a: Set<string>, b: Set<string>): number {
  let both = 0;
  for (const w of a) if (b.has(w)) both++;
  return both / (a.size + b.size - both);
}

/**
 * The leader each item joins: `leader[i] === i` for an item that stands for itself. Items are
 * taken in order of `size` (largest first, then index), so the commonest text leads.
 */
export function nearDuplicateLeaders(words: string[][], size: ArrayLike<number>): Int32Array {
  const n = words.length;
  const leader = new Int32Array(n);
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => size[b] - size[a] || a - b);
  const sets: (Set<string> | undefined)[] = new Array(n);
  const buckets = new Map<string, number[]>();
  const hashes = new Map<string, number>();
  const sig = new Uint32Array(BANDS * ROWS);
  for (const i of order) {
    leader[i] = i;
    const set = new Set(words[i]);
    if (set.size < MIN_WORDS) continue;
    sig.fill(0xffffffff);
    for (const w of set) {
      let h = hashes.get(w);
      if (h === undefined) hashes.set(w, (h = hashWord(w)));
      for (let r = 0; r < sig.length; r++) {
        const m = mix(h, r);
        if (m < sig[r]) sig[r] = m;
      }
    }
    const keys: string[] = [];
    let joined = -1;
    for (let b = 0; b < BANDS; b++) {
      const key = `${b}:${sig[b * ROWS]}:${sig[b * ROWS + 1]}:${sig[b * ROWS + 2]}`;
      keys.push(key);
      const leaders = buckets.get(key);
      if (!leaders || joined >= 0) continue;
      for (let c = 0; c < leaders.length && c < MAX_CANDIDATES; c++)
        if (jaccard(set, sets[leaders[c]]!) >= NEAR_DUPLICATE_JACCARD) {
          joined = leaders[c];
          break;
        }
    }
    if (joined >= 0) {
      leader[i] = joined;
      continue;
    }
    sets[i] = set;
    for (const key of keys) {
      const leaders = buckets.get(key);
      if (leaders) leaders.push(i);
      else buckets.set(key, [i]);
    }
  }
  return leader;
}
