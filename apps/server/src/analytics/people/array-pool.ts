// Typed arrays of the Top Authors page's kept ranges, reused once a range is dropped. A range's
// first request works with arrays of a few MB (posts per account, and per person with their
// followers). Allocated afresh, V8 counts them as external memory and starts a full garbage
// collection every ~64 MB of them, which slowed every sixteenth first request several times
// over (docs/authors-and-followers.md, "Speed"). Reused, they cost no allocation.
//
// A buffer may be given back only when nothing can read its arrays any more: range-people.ts
// gives back a kept range's arrays after KeptResults dropped it, once every caller that was
// handed the range has used it (its callers use it synchronously).

/** Buffers kept for reuse at most. */
const MAX_FREE = 16;

const free: ArrayBuffer[] = [];

/** The smallest buffer worth reusing (bytes; the tests set 0), and how many arrays were made in a reused buffer. */
export const arrayPool = { minBytes: 65_536, reused: 0 };

/** A free buffer of at least `bytes` and at most about twice as many, the smallest such. */
function take(bytes: number): ArrayBuffer | undefined {
  let best = -1;
  for (let i = 0; i < free.length; i++) {
    const size = free[i].byteLength;
    if (size >= bytes && size <= 2 * bytes + arrayPool.minBytes && (best < 0 || size < free[best].byteLength)) best = i;
  }
  if (best < 0) return undefined;
  arrayPool.reused++;
  return free.splice(best, 1)[0];
}

/** n zeroed 32-bit integers, in a reused buffer when one fits. */
export function int32s(n: number): Int32Array {
  const b = n * 4 >= arrayPool.minBytes ? take(n * 4) : undefined;
  return b ? new Int32Array(b, 0, n).fill(0) : new Int32Array(n);
}

/** n zeroed doubles, in a reused buffer when one fits. */
export function float64s(n: number): Float64Array {
  const b = n * 8 >= arrayPool.minBytes ? take(n * 8) : undefined;
  return b ? new Float64Array(b, 0, n).fill(0) : new Float64Array(n);
}

/** Gives back the buffers of arrays nothing reads any more (each buffer once, however many arrays share it). */
export function recycle(arrays: ArrayBufferView[]): void {
  for (const a of arrays) {
    const b = a.buffer;
    if (!(b instanceof ArrayBuffer) || b.byteLength === 0 || b.byteLength < arrayPool.minBytes || free.includes(b)) continue;
    if (free.length >= MAX_FREE) free.shift();
    free.push(b);
  }
}

/** Free buffers now (the tests read it). */
export const freeBuffers = (): number => free.length;
