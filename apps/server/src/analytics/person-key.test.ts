// The person key's lookup must be served by migration 0025's expression index: the index holds
// the expression as written when the migration ran, so a change to PERSON_KEY_SQL alone would make
// the dashboard's Top authors read every author again.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { DbHandle } from '../db/connection.ts';
import { migratedTestDb } from '../test/harness.ts';
import { personKey } from './person-key.ts';

let h: DbHandle;
beforeAll(async () => {
  h = await migratedTestDb();
});
afterAll(() => h.close());

it('looks accounts up by person key through the index authors_person_key', async () => {
  await sql`insert into authors (stream_id, external_id, name, handle, followers)
            select 7, 'k' || g, 'Person  ' || g, case when g % 2 = 0 then '@Handle' || g end, g from generate_series(1, 500) g`.execute(h.db);
  const plan = await h.db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    return sql<Record<string, string>>`explain select id from authors where ${personKey} in ('h:handle2', 'n:person 3')`.execute(trx);
  });
  expect(plan.rows.map((r) => Object.values(r)[0]).join('\n')).toContain('authors_person_key');
  const found = await h.db
    .selectFrom('authors')
    .select('external_id')
    .where(sql<boolean>`${personKey} in ('h:handle2', 'n:person 3')`)
    .orderBy('external_id')
    .execute();
  expect(found.map((r) => r.external_id)).toEqual(['k2', 'k3']);
});
