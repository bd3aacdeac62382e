// Linking social accounts (docs/access-tokens.md).
// - oauth_grants: one row per authorisation started. The state sent to the network is the row's
//   nonce signed with the server's key (mail/signing.ts); the row binds it to the client, project,
//   stream (and profile on a re-grant), holds the PKCE verifier and the redirect URI, expires after
//   10 minutes and is consumed once (used_at), so a forged, replayed or expired state is refused.
// - profiles: what the token's grant and its last check said. `token_secret_enc` keeps the second
//   secret of a grant (OAuth 1's token secret, or OAuth 2's refresh token).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('oauth_grants')
    .addColumn('nonce', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('stream_id', 'smallint', (c) => c.notNull())
    .addColumn('profile_id', 'integer', (c) => c.references('profiles.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('code_verifier', 'text')
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('oauth_grants_expires_idx').on('oauth_grants').column('expires_at').execute();

  await db.schema
    .alterTable('profiles')
    .addColumn('token_granted_at', 'timestamptz')
    .addColumn('token_expires_at', 'timestamptz')
    .addColumn('token_error', 'text')
    .execute();
  await db.schema.createIndex('profiles_project_stream_idx').on('profiles').columns(['project_id', 'stream_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('profiles_project_stream_idx').execute();
  await db.schema.alterTable('profiles').dropColumn('token_error').dropColumn('token_expires_at').dropColumn('token_granted_at').execute();
  await db.schema.dropTable('oauth_grants').execute();
}
