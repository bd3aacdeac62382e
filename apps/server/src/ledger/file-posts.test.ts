import { describe, expect, it } from 'vitest';
import { itemsOfPost } from './file-posts.ts';

describe("a new clip's deep-dive items, cut before the storage statement (itemsOfPost)", () => {
  const none = { hashtags: [], urls: [], handles: [], people: [], organisations: [], places: [] };
  it('counts each item once per rail, the entity rail across people, organisations and places, and a posts row per rail with any item', () => {
    expect(itemsOfPost({ ...none, hashtags: ['acme', 'acme', 'sale'], people: ['Thandi'], organisations: ['Acme'], places: ['Acme'] }).sort()).toEqual(
      [
        [1, 'acme'],
        [1, 'sale'],
        [11, ''],
        [4, 'Thandi'],
        [4, 'Acme'],
        [14, ''],
      ].sort(),
    );
  });
  it('gives nothing for a post without items, and keeps items the way the statement stores them', () => {
    expect(itemsOfPost(none)).toEqual([]);
    expect(itemsOfPost({ ...none, urls: ['https://a.test/x\u001fy'] })).toEqual([
      [2, 'https://a.test/x y'],
      [12, ''],
    ]);
  });
});
