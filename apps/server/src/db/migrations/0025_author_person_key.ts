// The dashboard's Top authors looks up the accounts of a few people by their person key
// (analytics/person-key.ts): without an index on the key that read every author and ran a regular
// expression on each name (~115 ms at 200,000 authors). The expression is written out here as it
// was when this migration was made; the code's must stay the same for the index to serve it.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists authors_person_key on authors ((case
  when coalesce(ltrim(btrim(authors.handle), '@'), '') <> '' then 'h:' || lower(ltrim(btrim(authors.handle), '@'))
  else 'n:' || lower(btrim(regexp_replace(authors.name, '[[:space:]]+', ' ', 'g'))) end))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists authors_person_key`.execute(db);
}
