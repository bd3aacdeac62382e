import { describe, expect, it } from 'vitest';
import { trayQuery } from '../../project/clip-tray/tray-query.ts';
import { accountLabel, authorScope, handleText } from './top-authors.ts';

const params = { projectId: 4, startDate: '2025-03-01T00:00:00', endDate: '2025-03-31T23:59:59', streamIds: '7,9' };
const ig = { AuthorId: 21, StreamId: 9, Handle: 'mila_k', FollowerCount: 9000, ClipCount: 1 };
const x = { AuthorId: 12, StreamId: 7, Handle: '@Mila_K', FollowerCount: 3000, ClipCount: 2 };
const mila = { AuthorId: 21, AuthorName: 'Mila Khumalo', Handle: 'mila_k', StreamId: 9, FollowerCount: 12_000, ClipCount: 3, Accounts: [ig, x] };

describe('a Top authors row', () => {
  it("opens the posts of every account of a person on several networks, and one account's by its id", () => {
    const scope = authorScope(mila);
    expect(scope).toEqual({ label: 'Posts by Mila Khumalo on 2 networks', authorIds: [21, 12] });
    expect(trayQuery(params, scope)).toEqual({ ...params, authorIds: '21,12' });
    const single = authorScope({ ...mila, FollowerCount: 3000, ClipCount: 2, AuthorId: 12, StreamId: 7, Accounts: [x] });
    expect(trayQuery(params, single)).toEqual({ ...params, authorId: 12 });
  });

  it("names each network's account with its own figures", () => {
    expect(accountLabel(ig)).toBe('Instagram @mila_k: 9K followers, 1 post');
    expect(accountLabel({ ...x, Handle: null, FollowerCount: 1_250_000 })).toBe('X: 1.3M followers, 2 posts');
    expect(handleText('@@Mila_K')).toBe('@Mila_K');
  });
});
