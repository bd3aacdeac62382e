import { describe, expect, it } from 'vitest';
import { groupNarratives, trendState, type NarrativePost } from './group.ts';

const T0 = Date.UTC(2024, 2, 1, 8);
function storyline(texts: string[], n: number, start: number, opts: { sameAuthor?: boolean; minutesApart?: number } = {}): NarrativePost[] {
  return Array.from({ length: n }, (_, i) => ({
    id: start + i,
    text: texts[i % texts.length] + (opts.sameAuthor ? '' : ` @user${i}`),
    author: opts.sameAuthor ? 'one' : `author${start + i}`,
    postedAt: new Date(T0 + i * (opts.minutesApart ?? 180) * 60_000),
  }));
}

const delivery = [
  'My parcel delivery delayed again in Durban, courier says next week',
  'Delivery delay in Durban is ridiculous, still waiting on my parcel',
  'Durban delivery delayed three days now, where is my order',
  'Courier delivery delay Durban, order stuck at the depot',
];
const festive = [
  'Loving the festive promotion, two for one on all cooldrinks',
  'Festive promotion deal: grab two for one cooldrinks this weekend',
  'That festive special two for one cooldrinks promotion is great',
];
const rumour = [
  'Heard a rumour the price of cola goes up next month',
  'Price increase rumour: cola price going up by ten percent',
  'Is the cola price rise rumour true? prices going up again',
];

describe('narrative grouping', () => {
  it('finds each planted storyline with its own posts and a label of its distinctive phrases', () => {
    const posts = [...storyline(delivery, 40, 0), ...storyline(festive, 30, 1000), ...storyline(rumour, 20, 2000)];
    const groups = groupNarratives(posts, { k: 3 });
    expect(groups).toHaveLength(3);
    const ids = groups.map((g) => g.posts.map((i) => posts[i].id));
    expect(ids[0].every((id) => id < 1000)).toBe(true);
    expect(ids[0]).toHaveLength(40);
    expect(ids[1].every((id) => id >= 1000 && id < 2000)).toBe(true);
    expect(ids[2].every((id) => id >= 2000)).toBe(true);
    const words = (g: number) => groups[g].label.map((l) => l.phrase).join(' ');
    expect(words(0)).toMatch(/durban|delivery/);
    expect(words(1)).toMatch(/festive|promotion/);
    expect(words(2)).toMatch(/rumour|price/);
    for (const g of groups) {
      expect(g.label.length).toBeGreaterThanOrEqual(2);
      expect(g.label.length).toBeLessThanOrEqual(4);
      expect(g.label.every((l) => l.weight > 0)).toBe(true);
    }
  });

  it('collapses copies into one item with a count, and flags many accounts posting one text within the hour as coordinated', () => {
    const burst = storyline(['Boycott Acme now, they lied about the recall #boycottacme'], 12, 5000, { minutesApart: 2 });
    const slow = storyline(['Acme recall notice: return batch 42 to any store'], 6, 6000, { minutesApart: 24 * 60 });
    const posts = [...burst, ...slow, ...storyline(delivery, 20, 0)];
    const groups = groupNarratives(posts, { k: 3 });
    const copies = groups.flatMap((g) => g.copies);
    const b = copies.find((c) => posts[c.posts[0]].id === 5000)!;
    expect(b.posts).toHaveLength(12);
    expect(b.accounts).toBe(12);
    expect(b.coordinated).toBe(true);
    const s = copies.find((c) => posts[c.posts[0]].id === 6000)!;
    expect(s.posts).toHaveLength(6);
    expect(s.coordinated).toBe(false);
  });

  it('answers nothing for posts without content words, and leaves out groups under three posts', () => {
    expect(groupNarratives([{ id: 1, text: '@acme 2024 :)', author: 'a', postedAt: new Date(T0) }])).toEqual([]);
    const two = storyline(['Lonely topic about penguins skating'], 2, 1);
    expect(groupNarratives(two, { k: 1 })).toEqual([]);
  });

  it('calls a storyline emerging, growing, steady or fading from its latest days against the earlier ones', () => {
    expect(trendState([0, 0, 0, 0, 0, 0, 3, 5])).toBe('emerging');
    expect(trendState([2, 2, 2, 2, 2, 2, 6, 6])).toBe('growing');
    expect(trendState([4, 4, 4, 4, 4, 4, 4, 4])).toBe('steady');
    expect(trendState([6, 6, 6, 6, 6, 6, 1, 1])).toBe('fading');
  });
});

describe('near-duplicates and progress', () => {
  it('collapses texts that differ by a word or two into one item with its count, coordinated when many accounts post them within the hour', () => {
    const variants = [
      'Acme lied about the recall, boycott them now before more kids get sick',
      'Acme lied about the recall, boycott them today before more kids get sick',
      'Acme lied about the recall, boycott them now before more children get sick',
    ];
    const burst = storyline(variants, 15, 5000, { minutesApart: 2 });
    const posts = [...burst, ...storyline(delivery, 20, 0), ...storyline(festive, 12, 1000)];
    const groups = groupNarratives(posts, { k: 3 });
    const item = groups.flatMap((g) => g.copies).find((c) => c.posts.some((i) => posts[i].id === 5000))!;
    expect(item.posts.map((i) => posts[i].id).sort((a, b) => a - b)).toEqual(burst.map((p) => p.id));
    expect(item.accounts).toBe(15);
    expect(item.coordinated).toBe(true);
    // Different texts on one subject stay separate items.
    const delivered = groups.flatMap((g) => g.copies).filter((c) => c.posts.some((i) => posts[i].id < 1000));
    expect(delivered.length).toBeGreaterThan(1);
  });

  it('tells its progress, ending at the whole', () => {
    const seen: [number, number][] = [];
    groupNarratives([...storyline(delivery, 40, 0), ...storyline(festive, 30, 1000)], { onProgress: (done, total) => seen.push([done, total]) });
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.at(-1)).toEqual([100, 100]);
    for (let i = 1; i < seen.length; i++) expect(seen[i][0]).toBeGreaterThanOrEqual(seen[i - 1][0]);
  });
});
