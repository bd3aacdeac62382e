// The state of an authorisation and the admin's grant link (docs/access-tokens.md).
//
// State: a random nonce, signed with the server's key (mail/signing.ts, purpose 'oauth-state'),
// naming a row of oauth_grants that binds it to the client, project, stream (and profile on a
// re-grant), the PKCE verifier and the redirect URI, and to who may complete it (binding.ts). It
// expires after 10 minutes and is consumed by its first use, whatever the outcome, so a forged,
// replayed or expired state is refused.
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
  /** Who started it: the session's user, or null for an admin's link. */
  userId: number | null;
  /** Started from an admin's link: completed without a session, by the browser that opened it. */
  viaLink: boolean;
  /** The SHA-256 of the starting browser's nonce (binding.ts). */
  browserNonceHash: string | null;
  codeVerifier: string | null;
  redirectUri: string;
}

/** A grant as its return finds it: with the state's own nonce, which names a link's cookie. */
export interface ConsumedGrant extends StartedGrant {
  stateNonce: string;
}

export const STATE_INVALID = 'This authorisation is not valid. Please start linking the account again.';
export const STATE_USED = 'This authorisation has already been used. Please start linking the account again.';
export const STATE_EXPIRED = 'This authorisation has expired (it lasts 10 minutes). Please start linking the account again.';
export const LINK_INVALID = 'This link is not valid. Please ask for a new one.';
export const LINK_EXPIRED = 'This link has expired. Please ask for a new one.';

/** Records a grant and answers its signed state and its own nonce. */
export async function createState(db: Db, g: StartedGrant, now = new Date()): Promise<{ state: string; stateNonce: string }> {
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
      via_link: g.viaLink,
      browser_nonce_hash: g.browserNonceHash,
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
  return { state: await sign(db, 'oauth-state', nonce), stateNonce: nonce };
}

/** The grant a state names, consumed now; throws GrantError for a forged, used or expired one. */
export async function consumeState(db: Db, state: string, now = new Date()): Promise<ConsumedGrant> {
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
    viaLink: row.via_link,
    browserNonceHash: row.browser_nonce_hash,
    stateNonce: row.nonce,
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
