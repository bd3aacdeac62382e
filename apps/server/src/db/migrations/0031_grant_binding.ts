// Grant binding (docs/access-tokens.md, "Grant binding"): who may complete an authorisation.
// - browser_nonce_hash: the SHA-256 of the nonce the starting browser keeps (the start's answer,
//   or the cookie set by opening an admin's link); only that browser's return completes the grant.
// - via_link: started from an admin's signed link, so completed without a session (the cookie
//   binds it); otherwise only the session of user_id completes it.
// Grants started before this migration have no hash and are refused: they last 10 minutes.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('oauth_grants')
    .addColumn('browser_nonce_hash', 'text')
    .addColumn('via_link', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('oauth_grants').dropColumn('via_link').dropColumn('browser_nonce_hash').execute();
}
