// The posts index's packed strings (posts-index.ts PackedStrings): what is set is what is read,
// null included, through replacements, growth of the buffer and its compaction.
import { describe, expect, it } from 'vitest';
import { PackedStrings } from './posts-index.ts';

describe('packed strings', () => {
  it('reads back every string set, through growth and compaction', () => {
    const packed = new PackedStrings();
    const expected: (string | null)[] = [];
    const words = ['', 'acme', 'Zoë Ångström', '雪の日', '🙂 emoji', 'x'.repeat(5_000)];
    // Enough rounds of replacing every string that the buffer both grows and is compacted.
    for (let round = 0; round < 40; round++)
      for (let i = 0; i < 3_000; i++) {
        const s = (i + round) % 7 === 0 ? null : `${words[(i * 7 + round) % words.length]}-${i}-${round}`;
        if (i % 500 === 0 || round % 10 === 0) {
          packed.set(i, s);
          expected[i] = s;
        }
      }
    for (let i = 0; i < 3_000; i++) expect(packed.get(i)).toBe(expected[i] ?? null);
    expect(packed.get(99_999)).toBeNull();
  });

  it('keeps an empty string apart from null', () => {
    const packed = new PackedStrings();
    packed.set(5, '');
    packed.set(6, null);
    expect([packed.get(5), packed.get(6), packed.get(4)]).toEqual(['', null, null]);
  });
});
