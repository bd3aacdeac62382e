import { describe, expect, it } from 'vitest';
import { duplicateGroups, type DuplicateStats } from './duplicates.ts';

interface Clip {
  id: number;
  body: string;
}

describe('duplicate groups', () => {
  it('groups near-duplicates and leaves distinct posts alone', () => {
    const groups = duplicateGroups(
      ['Big sale today at the store, come now', 'big SALE today at the store... come now! http://x.y', 'Something else entirely here'],
      (s) => s,
    );
    expect(groups).toEqual([{ similarity: 1, items: ['Big sale today at the store, come now', 'big SALE today at the store... come now! http://x.y'] }]);
  });

  // Spam: 5,000 copies of one text fall into the same LSH bucket in every band, which used to be
  // 16 × 12.5 million pair checks (and a Set of all those pairs): minutes of CPU per click.
  it('collapses 5,000 identical posts before comparing, and still finds the near-duplicates', () => {
    let id = 0;
    const spam = 'WIN a free phone now!!! click the link in bio to claim your prize today';
    const clips: Clip[] = [
      ...Array.from({ length: 5_000 }, (_, i) => ({ id: ++id, body: i % 2 ? spam : `${spam.toUpperCase()} https://spam.example/${i}` })),
      { id: ++id, body: 'The new Acme kettle boils water in under a minute and looks great on the counter' },
      { id: ++id, body: 'The new Acme kettle boils water in under a minute and looks great on the counter top' },
      { id: ++id, body: 'Load shedding stage 6 tonight from 18:00 until 22:00 in Johannesburg and Pretoria' },
      { id: ++id, body: 'Load shedding stage 6 tonight from 18:00 until 22:00 in Johannesburg and Pretoria!!' },
      { id: ++id, body: 'A completely different post about rugby at Loftus this weekend' },
    ];
    const stats: DuplicateStats = { comparisons: 0, skippedBuckets: 0 };
    const t0 = performance.now();
    const groups = duplicateGroups(clips, (c) => c.body, undefined, stats);
    expect(performance.now() - t0).toBeLessThan(2_000);
    expect(stats.comparisons).toBeLessThan(1_000);
    expect(groups.map((g) => g.items.map((c) => c.id).sort((a, b) => a - b))).toEqual([
      Array.from({ length: 5_000 }, (_, i) => i + 1),
      [5001, 5002],
      [5003, 5004],
    ]);
    expect(groups[0].similarity).toBe(1);
    expect(groups[1].similarity).toBeGreaterThanOrEqual(0.7);
  });

  it('keeps oversized buckets of distinct near-duplicates bounded (compared against a sample)', () => {
    const clips = Array.from({ length: 3_000 }, (_, i) => ({ id: i, body: `limited offer on acme kettles today only at all stores nationwide code ${i}` }));
    const stats: DuplicateStats = { comparisons: 0, skippedBuckets: 0 };
    const t0 = performance.now();
    const groups = duplicateGroups(clips, (c) => c.body, undefined, stats);
    expect(performance.now() - t0).toBeLessThan(3_000);
    // All pairs would be ~4.5 million per band; sampling keeps it to a few per member.
    expect(stats.comparisons).toBeLessThan(3_000 * 16 * 40);
    expect(stats.skippedBuckets).toBeGreaterThan(0);
    // Two of these texts estimate below 0.7 against every other one (MinHash noise): even
    // comparing all pairs would leave them out.
    expect(groups).toHaveLength(1);
    expect(groups[0].items.length).toBeGreaterThan(2_950);
  });
});
