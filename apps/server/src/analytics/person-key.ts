// Who an account is taken to be (docs/dashboard.md, "Top authors"): its handle without '@' in
// lower case ('h:mila_k'), or, when it has no handle, its name in lower case with runs of spaces
// made one ('n:mila k'). One definition for the dashboard's Top authors and the Top Authors page,
// so the walk, the lookup by key and the page agree. Migration 0025 indexes this very expression
// (authors_person_key): change one, change the other (person-key.test.ts checks the index is used).
import { sql } from 'kysely';

const PERSON_KEY_SQL = `case
  when coalesce(ltrim(btrim(authors.handle), '@'), '') <> '' then 'h:' || lower(ltrim(btrim(authors.handle), '@'))
  else 'n:' || lower(btrim(regexp_replace(authors.name, '[[:space:]]+', ' ', 'g'))) end`;

export const personKey = sql<string>`${sql.raw(PERSON_KEY_SQL)}`;

/** The same key of another alias of authors (`other`), for comparing two accounts in one statement. */
export const personKeyOf = (alias: 'other') => sql<string>`${sql.raw(PERSON_KEY_SQL.replaceAll('authors.', `${alias}.`))}`;
