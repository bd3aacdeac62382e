// The Top Authors page (project types 1 and 5): every person who posted in range, a page at a
// time, by followers or by clips; a person's accounts on several networks are one author (the
// dashboard's rule). Headline figures against the previous period of equal length. The range's
// people are counted from the posts index and kept a short while (range-people.ts): paging and
// flipping the sort do not count the range's posts again.
import { type TopAuthorsPage, type TopAuthorsPageQuery } from '@listening/contract';
import type { z } from 'zod';
import type { Db } from '../../db/connection.ts';
import { assertScreen } from '../../access/index.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { assertPostsKept, previousScope, resolveScope } from '../../analytics/scope.ts';
import { rangePeople } from './range-people.ts';

type Query = z.output<typeof TopAuthorsPageQuery>;

export async function topAuthorsPage(db: Db, user: AuthUser, query: Query): Promise<TopAuthorsPage> {
  const s = await resolveScope(db, user, query);
  assertScreen(s.project, 'top-authors');
  assertPostsKept(s);
  // Each range's people are used as they are handed over (their arrays are reused once dropped).
  const [now, before] = await Promise.all([
    rangePeople(db, s, (p) => ({ count: p.count, clips: p.clips, page: p.page(query.sort, (query.page - 1) * query.pageSize, query.pageSize) })),
    rangePeople(db, previousScope(s), (p) => ({ count: p.count, clips: p.clips })),
  ]);
  const { page } = now;
  return {
    Total: now.count,
    Page: query.page,
    PageSize: query.pageSize,
    // accounts[0], the largest audience, names the author.
    Authors: page.map(({ accounts, followers, clips }) => ({
      AuthorId: accounts[0].id,
      AuthorName: accounts[0].name,
      Handle: accounts[0].handle,
      StreamId: accounts[0].stream_id,
      FollowerCount: followers,
      ClipCount: clips,
      Accounts: accounts.map((a) => ({ AuthorId: a.id, StreamId: a.stream_id, Handle: a.handle, FollowerCount: a.followers, ClipCount: a.clips })),
    })),
    People: { Value: now.count, Previous: before.count },
    Clips: { Value: now.clips, Previous: before.clips },
  };
}
