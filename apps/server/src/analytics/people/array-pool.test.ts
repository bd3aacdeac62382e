// The reuse of the Top Authors page's arrays (array-pool.ts): a buffer given back is handed out
// again, zeroed, for an array that fits it, and only then.
import { describe, expect, it } from 'vitest';
import { arrayPool, float64s, freeBuffers, int32s, recycle } from './array-pool.ts';

describe('array pool', () => {
  it('hands a given-back buffer out again, zeroed, for an array that fits it', () => {
    const a = int32s(100_000);
    a.fill(7);
    const reused = arrayPool.reused;
    recycle([a, a.subarray(0, 10)]); // one buffer, however many arrays share it
    expect(freeBuffers()).toBe(1);
    const b = int32s(90_000);
    expect(b.buffer).toBe(a.buffer);
    expect([b.length, b.every((x) => x === 0), arrayPool.reused]).toEqual([90_000, true, reused + 1]);
    expect(freeBuffers()).toBe(0);
    // Doubles in a buffer of integers: the same bytes, read as another type.
    recycle([b]);
    const c = float64s(45_000);
    expect([c.buffer === a.buffer, c.every((x) => x === 0)]).toEqual([true, true]);
  });

  it('allocates afresh when no buffer fits or one would waste more than half of itself', () => {
    const small = int32s(20_000);
    recycle([small]);
    expect(int32s(30_000).buffer).not.toBe(small.buffer); // too small
    const big = int32s(1_000_000);
    recycle([big]);
    expect(int32s(100_000).buffer).not.toBe(big.buffer); // ten times too large
    expect(int32s(600_000).buffer).toBe(big.buffer);
    expect(int32s(10).length).toBe(10); // below the size worth pooling
  });
});
