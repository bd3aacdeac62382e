// LinkedIn organisations are stored by URN (`urn:li:organization:<number>`), the form their posts
// carry as author, so that a linked organisation's own posts are filed in its project as Owned
// (apps/server/src/ingest/account-id.ts). Profiles linked earlier hold the bare number.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`update profiles set external_id = 'urn:li:organization:' || external_id
            where stream_id = 11 and external_id ~ '^[0-9]+$'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update profiles set external_id = substr(external_id, length('urn:li:organization:') + 1)
            where stream_id = 11 and external_id ~ '^urn:li:organization:[0-9]+$'`.execute(db);
}
