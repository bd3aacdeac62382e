// The Top Authors page (project types 1 and 5): every person who posted in range, a page at a
// time, by followers or by clips; a person's accounts on several networks are one author (the
// dashboard's rule). Headline figures against the previous period of equal length.
import { TOP_AUTHORS_PAGE_PROJECT_TYPES, type TopAuthorsPage, type TopAuthorsPageQuery } from '@listening/contract';
import type { z } from 'zod';
import type { Db } from '../../db/connection.ts';
import { forbidden } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { previousScope, resolveScope } from '../../analytics/scope.ts';
import * as q from './queries.ts';

type Query = z.output<typeof TopAuthorsPageQuery>;

export async function topAuthorsPage(db: Db, user: AuthUser, query: Query): Promise<TopAuthorsPage> {
  const s = await resolveScope(db, user, query);
  if (!TOP_AUTHORS_PAGE_PROJECT_TYPES.includes(s.project.project_type_id))
    throw forbidden(
      `Top Authors is shown for project types ${TOP_AUTHORS_PAGE_PROJECT_TYPES.join(', ')} only; this project is type ${s.project.project_type_id}`,
    );
  const [rows, before] = await Promise.all([
    q.topAuthorsPage(db, s, query.sort, query.pageSize, (query.page - 1) * query.pageSize),
    q.peopleAndClips(db, previousScope(s)),
  ]);
  // The page's rows carry the range's totals; a page past the last has none, so count them apart.
  const now = rows.length ? { people: rows[0].total, clips: rows[0].all_clips } : await q.peopleAndClips(db, s);
  const people = new Map<string, q.PageAccount[]>();
  for (const r of rows) people.set(r.person, [...(people.get(r.person) ?? []), r]);
  return {
    Total: now.people,
    Page: query.page,
    PageSize: query.pageSize,
    // Rows come ranked, and within a person largest audience first: accounts[0] names the author.
    Authors: [...people.values()].map((accounts) => ({
      AuthorId: accounts[0].id,
      AuthorName: accounts[0].name,
      Handle: accounts[0].handle,
      StreamId: accounts[0].stream_id,
      FollowerCount: accounts[0].person_followers,
      ClipCount: accounts[0].person_clips,
      Accounts: accounts.map((a) => ({ AuthorId: a.id, StreamId: a.stream_id, Handle: a.handle, FollowerCount: a.followers, ClipCount: a.clips })),
    })),
    People: { Value: now.people, Previous: before.people },
    Clips: { Value: now.clips, Previous: before.clips },
  };
}
