import { describe, expect, it } from 'vitest';
import { authorScope, handleText, pieSlices, rangeText } from './authors.ts';

const author = (name: string, followers: number, clips: number, accounts: number[]) => ({
  AuthorId: accounts[0],
  AuthorName: name,
  Handle: null,
  StreamId: 7,
  FollowerCount: followers,
  ClipCount: clips,
  Accounts: accounts.map((id) => ({ AuthorId: id, StreamId: 7, Handle: null, FollowerCount: 0, ClipCount: 0 })),
});

describe('top authors page figures', () => {
  it('opens a person’s posts on every account they have', () => {
    expect(authorScope(author('Mila', 1, 1, [4, 9]))).toEqual({ label: 'Posts by Mila on 2 networks', authorIds: [4, 9] });
    expect(authorScope(author('Sam', 1, 1, [5]))).toEqual({ label: 'Posts by Sam', authorId: 5 });
  });

  it('slices the pie by the chosen figure, leaving out authors with none', () => {
    const list = [author('A', 100, 0, [1]), author('B', 0, 3, [2])];
    expect(pieSlices(list, 'followers')).toEqual([{ name: 'A', value: 100, index: 0 }]);
    expect(pieSlices(list, 'clips')).toEqual([{ name: 'B', value: 3, index: 1 }]);
  });

  it('says which authors a page shows', () => {
    expect(rangeText(2, 10, 10, 57)).toBe('Showing 11–20 of 57 authors');
    expect(rangeText(1, 10, 1, 1)).toBe('Showing 1–1 of 1 author');
    expect(rangeText(1, 10, 0, 0)).toBe('No authors');
    expect(handleText('@@mila')).toBe('@mila');
  });
});
