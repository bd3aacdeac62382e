// The state of an authorisation and the admin's grant link (docs/access-tokens.md).
//
// State: a random nonce, signed with the server's key (mail/signing.ts, purpose 'oauth-state'),
// naming a row of oauth_grants that binds it to the client, project, stream (and profile on a
// re-grant), the PKCE verifier and the redirect URI. It expires after 10 minutes and is consumed
// by its first use, whatever the outcome, so a forged, replayed or expired state is refused.
//
// Grant link: the client, project, stream (and profile) and an expiry, signed (purpose
// 'grant-link'). It carries no session: opening it starts a grant for that project only.
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import { sign, verify } from '../mail/signing.ts';
import { GrantError } from './client.ts';

export const STATE_TTL_MS = 10 * 60_000;
export const LINK_TTL_MS = 7 * 24 * 3600_000;

export interface GrantBinding {
  clientId: number;
  projectId: number;
  streamId: number;
  profileId: number | null;
}

export interface StartedGrant extends GrantBinding {
  userId: number | null;
  codeVerifier: string | null;
  redirectUri: string;
}

export const STATE_INVALID = 'This authorisation is not valid. Please start linking the account again.';
export const STATE_USED = 'This authorisation has already been used. Please start linking the account again.';
export const STATE_EXPIRED = 'This authorisation has expired (it lasts 10 minutes). Please start linking the account again.';
export const LINK_INVALID = 'This link is not valid. Please ask for a new one.';
export const LINK_EXPIRED = 'This link has expired. Please ask for a new one.';

/** Records a grant and answers its signed state. */
export async function createState(db: Db, g: StartedGrant, now = new Date()): Promise<string> {
  const nonce = randomBytes(24).toString('base64url');
  await db
    .insertInto('oauth_grants')
    .values({
      nonce,
      client_id: g.clientId,
      project_id: g.projectId,
      stream_id: g.streamId,
      profile_id: g.profileId,
      user_id: g.userId,
      code_verifier: g.codeVerifier,
      redirect_uri: g.redirectUri,
      created_at: now,
      expires_at: new Date(now.getTime() + STATE_TTL_MS),
    })
    .execute();
  // Rows long past their expiry serve no purpose; clearing them here keeps the table small.
  await db
    .deleteFrom('oauth_grants')
    .where('expires_at', '<', new Date(now.getTime() - 24 * 3600_000))
    .execute();
  return sign(db, 'oauth-state', nonce);
}

/** The grant a state names, consumed now; throws GrantError for a forged, used or expired one. */
export async function consumeState(db: Db, state: string, now = new Date()): Promise<StartedGrant> {
  const nonce = await verify(db, 'oauth-state', state);
  if (!nonce) throw new GrantError(STATE_INVALID);
  const row = await db
    .updateTable('oauth_grants')
    .set({ used_at: now })
    .where('nonce', '=', nonce)
    .where('used_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!row) {
    const known = await db.selectFrom('oauth_grants').select('nonce').where('nonce', '=', nonce).executeTakeFirst();
    throw new GrantError(known ? STATE_USED : STATE_INVALID);
  }
  if (row.expires_at.getTime() <= now.getTime()) throw new GrantError(STATE_EXPIRED);
  return {
    clientId: row.client_id,
    projectId: row.project_id,
    streamId: row.stream_id,
    profileId: row.profile_id,
    userId: row.user_id,
    codeVerifier: row.code_verifier,
    redirectUri: row.redirect_uri,
  };
}

/** A signed link value for the admin to send (valid LINK_TTL_MS). */
export function signLink(db: Db, b: GrantBinding, now = new Date()): Promise<string> {
  const value = Buffer.from(JSON.stringify({ c: b.clientId, p: b.projectId, s: b.streamId, f: b.profileId, e: now.getTime() + LINK_TTL_MS })).toString(
    'base64url',
  );
  return sign(db, 'grant-link', value);
}

/** What a link grants; throws GrantError for a forged or expired one. */
export async function readLink(db: Db, link: string, now = new Date()): Promise<GrantBinding> {
  const value = await verify(db, 'grant-link', link);
  if (!value) throw new GrantError(LINK_INVALID);
  const v = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as { c: number; p: number; s: number; f: number | null; e: number };
  if (v.e <= now.getTime()) throw new GrantError(LINK_EXPIRED);
  return { clientId: v.c, projectId: v.p, streamId: v.s, profileId: v.f };
}
