// Linked profiles' tokens: storing a grant, checking and refreshing a stored token, forgetting
// it, and telling the project's contacts when one stops working. Shared by the access-tokens
// module (grants, checks and revokes asked for by users), the token-check job and the connector
// job (a token a network refuses while collecting is marked invalid at once: markTokenRefused).
//
// A token is written only through setProfileToken (encrypted, bound to its row); it is decrypted
// only here and in the connector jobs, and never returned, put in a URL or logged.
import type { Config } from '../config.ts';
import { decryptToken, profileTokenContext, resolveTokenKeys, type TokenKeyring } from '../crypto/tokens.ts';
import { setProfileToken } from '../crypto/profile-tokens.ts';
import type { Db } from '../db/connection.ts';
import { invalidateRules } from '../ingest/rules.ts';
import { notifyRecipients } from '../mail/notify.ts';
import { listAccounts, probeToken, type ApiContext, type LinkedAccount } from './accounts.ts';
import {
  GrantError,
  introspect,
  isRefusal,
  NetworkUnavailable,
  providerMessage,
  refreshTokens,
  revokeToken,
  type OAuthContext,
  type TokenSet,
} from './client.ts';
import type { OAuthConfig } from './config.ts';
import { networkOf, type Network } from './networks.ts';

export interface TokenDeps {
  keys: TokenKeyring | null;
  oauth: OAuthConfig;
  api: ApiContext;
  publicUrl: string;
  /** Mail is sent (SMTP configured) or only kept in the outbox. */
  smtp: boolean;
}

const keyCache = new WeakMap<Config, TokenKeyring | null>();

/** The token deps from the server's configuration (the keys as main.ts resolves them). */
export function tokenDeps(config: Config): TokenDeps {
  if (!keyCache.has(config))
    keyCache.set(
      config,
      resolveTokenKeys({ tokenKey: config.tokenKey, tokenKeysOld: config.tokenKeysOld, embedded: !config.databaseUrl, dataDir: config.dataDir }),
    );
  const outbound = { allowPrivate: config.outboundAllowPrivate, allowHosts: config.outboundAllowHosts };
  return {
    keys: keyCache.get(config) ?? null,
    oauth: config.oauth,
    api: { baseUrls: config.apiBases, linkedInVersion: config.linkedInVersion, outbound },
    publicUrl: config.publicUrl,
    smtp: !!config.smtpUrl,
  };
}

export const NO_KEY = 'Tokens cannot be stored: the server has no TOKEN_KEY';

export const oauthContext = (deps: TokenDeps, net: Network): OAuthContext => ({ settings: deps.oauth[net.provider], outbound: deps.api.outbound });

function keysOf(deps: TokenDeps): TokenKeyring {
  if (!deps.keys) throw new GrantError(NO_KEY);
  return deps.keys;
}

/**
 * Stores the accounts of a grant as the project's profiles (a known account keeps its row) with
 * their tokens, in one transaction: all or nothing. The rule cache is invalidated so that the
 * connectors and the matcher read them as the project's owned profiles at once.
 */
export async function storeGrant(
  db: Db,
  deps: TokenDeps,
  projectId: number,
  streamId: number,
  accounts: LinkedAccount[],
  tokens: TokenSet,
  now = new Date(),
): Promise<{ id: number; account: LinkedAccount }[]> {
  const keys = keysOf(deps);
  const out = await db.transaction().execute(async (trx) => {
    const saved: { id: number; account: LinkedAccount }[] = [];
    for (const a of accounts) {
      // What the network said; what it did not say keeps the profile's own value.
      const fields = {
        name: a.name,
        ...(a.handle ? { handle: a.handle } : {}),
        ...(a.link ? { link: a.link } : {}),
        ...(a.image ? { image: a.image } : {}),
        ...(a.followers > 0 ? { followers: a.followers } : {}),
      };
      const known = await trx
        .selectFrom('profiles')
        .select('id')
        .where('project_id', '=', projectId)
        .where('stream_id', '=', streamId)
        .where('external_id', '=', a.externalId)
        .orderBy('id')
        .executeTakeFirst();
      const id = known
        ? (await trx.updateTable('profiles').set(fields).where('id', '=', known.id).returning('id').executeTakeFirstOrThrow()).id
        : (
            await trx
              .insertInto('profiles')
              .values({ ...fields, project_id: projectId, stream_id: streamId, external_id: a.externalId })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
      await setProfileToken(trx, id, a.token, keys);
      // A Facebook page's token is its own and does not expire; otherwise the grant's refresh token and expiry apply.
      const ownToken = a.token !== tokens.accessToken;
      if (tokens.refreshToken && !ownToken) await setProfileToken(trx, id, tokens.refreshToken, keys, 'token_secret_enc');
      else await trx.updateTable('profiles').set({ token_secret_enc: null }).where('id', '=', id).execute();
      await trx
        .updateTable('profiles')
        .set({ token_valid: true, token_checked_at: now, token_granted_at: now, token_expires_at: ownToken ? null : tokens.expiresAt, token_error: null })
        .where('id', '=', id)
        .execute();
      saved.push({ id, account: a });
    }
    return saved;
  });
  invalidateRules(db);
  return out;
}

interface StoredProfile {
  id: number;
  project_id: number;
  stream_id: number;
  external_id: string;
  name: string;
  access_token_enc: string | null;
  token_secret_enc: string | null;
  token_valid: boolean | null;
  token_granted_at: Date | null;
  token_expires_at: Date | null;
}

async function storedProfile(db: Db, profileId: number): Promise<StoredProfile | undefined> {
  return db
    .selectFrom('profiles')
    .select([
      'id',
      'project_id',
      'stream_id',
      'external_id',
      'name',
      'access_token_enc',
      'token_secret_enc',
      'token_valid',
      'token_granted_at',
      'token_expires_at',
    ])
    .where('id', '=', profileId)
    .executeTakeFirst();
}

export interface CheckResult {
  valid: boolean;
  /** The network's message when the token does not work. */
  error: string | null;
  expiresAt: Date | null;
  grantedAt: Date | null;
  /** LinkedIn's introspection, when it was the check. */
  introspection?: { status: string; active: boolean; expires_at: number | null; created_at: number | null };
  refreshed: boolean;
  /** The token turned invalid with this check (the contacts were told). */
  turnedInvalid: boolean;
}

/** Refresh a token that expires within this margin (the job runs hourly, and an expired token with a refresh token is refreshed too). */
const REFRESH_MARGIN_MS = 3600_000;

/**
 * Checks a stored token with its network, refreshing it first when it expires soon and can be
 * refreshed; records the verdict, and when the token turns invalid tells the project's contacts.
 * Returns null for a profile without a token. A network that cannot be reached leaves the
 * verdict as it was and throws NetworkUnavailable (only a refusal marks the token invalid).
 */
export async function checkProfile(db: Db, deps: TokenDeps, profileId: number, now = new Date()): Promise<CheckResult | null> {
  const p = await storedProfile(db, profileId);
  if (!p?.access_token_enc) return null;
  const net = networkOf(p.stream_id);
  if (!net) return null;
  const keys = keysOf(deps);
  let token: string;
  try {
    token = decryptToken(p.access_token_enc, keys, profileTokenContext(p));
  } catch {
    return record(db, deps, p, { valid: false, error: 'The stored token cannot be read by this server; grant access again.' }, now);
  }
  const ctx = oauthContext(deps, net);
  let refreshed = false;
  let expiresAt = p.token_expires_at;
  const stored = p.token_expires_at;
  if (p.token_secret_enc && stored && stored.getTime() - now.getTime() < REFRESH_MARGIN_MS && ctx.settings.clientId) {
    try {
      const refresh = decryptToken(p.token_secret_enc, keys, profileTokenContext(p, 'token_secret_enc'));
      const t = await refreshTokens(net, ctx, refresh);
      await setProfileToken(db, p.id, t.accessToken, keys);
      if (t.refreshToken) await setProfileToken(db, p.id, t.refreshToken, keys, 'token_secret_enc');
      await db.updateTable('profiles').set({ token_expires_at: t.expiresAt }).where('id', '=', p.id).execute();
      token = t.accessToken;
      expiresAt = t.expiresAt;
      refreshed = true;
    } catch (err) {
      if (!isRefusal(err)) throw new NetworkUnavailable(providerMessage(err, net));
      // An expired token with a refused refresh is invalid; one still valid is checked as it is.
      if (stored.getTime() <= now.getTime()) return record(db, deps, p, { valid: false, error: providerMessage(err, net) }, now);
    }
  }
  if (expiresAt && expiresAt.getTime() <= now.getTime())
    return record(db, deps, p, { valid: false, error: `The ${net.name} access token expired on ${expiresAt.toISOString()}` }, now, refreshed);
  try {
    if (net.provider === 'linkedin' && ctx.settings.introspectUrl && ctx.settings.clientId) {
      const i = await introspect(net, ctx, token).catch((err: unknown) => {
        throw isRefusal(err) ? new GrantError(providerMessage(err, net)) : new NetworkUnavailable(providerMessage(err, net));
      });
      const valid = i.active && i.status === 'active';
      const exp = i.expires_at ? new Date(i.expires_at * 1000) : expiresAt;
      const res = await record(
        db,
        deps,
        { ...p, token_expires_at: exp },
        { valid, error: valid ? null : `The LinkedIn access token is ${i.status}` },
        now,
        refreshed,
        exp,
      );
      return { ...res, introspection: i };
    }
    await probeToken(net, deps.api, p.external_id, token);
    return record(db, deps, p, { valid: true, error: null }, now, refreshed, expiresAt);
  } catch (err) {
    if (err instanceof GrantError) return record(db, deps, p, { valid: false, error: err.message }, now, refreshed, expiresAt);
    throw err;
  }
}

/**
 * Marks a profile's token invalid because a network refused it while collecting (a 401, Graph's
 * code 190), as a check that finds it refused does (the same record and notice to the project's
 * contacts, once per grant), so that it is not used again until access is granted again. Returns
 * whether it turned invalid now (false: already invalid, no token, or no such profile).
 */
export async function markTokenRefused(db: Db, deps: NoticeDeps, profileId: number, error: string | null, now = new Date()): Promise<boolean> {
  const p = await storedProfile(db, profileId);
  if (!p?.access_token_enc || p.token_valid === false || !networkOf(p.stream_id)) return false;
  return (await record(db, deps, p, { valid: false, error }, now)).turnedInvalid;
}

/** What telling the contacts needs: the product's address (for the link) and whether mail is sent. */
export type NoticeDeps = Pick<TokenDeps, 'publicUrl' | 'smtp'>;

async function record(
  db: Db,
  deps: NoticeDeps,
  p: StoredProfile,
  v: { valid: boolean; error: string | null },
  now: Date,
  refreshed = false,
  expiresAt: Date | null = p.token_expires_at,
): Promise<CheckResult> {
  const turnedInvalid = !v.valid && p.token_valid !== false;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('profiles')
      .set({ token_valid: v.valid, token_checked_at: now, token_error: v.error, token_expires_at: expiresAt })
      .where('id', '=', p.id)
      .execute();
    if (turnedInvalid) await notifyInvalid(trx, deps, p, v.error, now);
  });
  return { valid: v.valid, error: v.error, expiresAt, grantedAt: p.token_granted_at, refreshed, turnedInvalid };
}

/**
 * Tells the project's contacts (the client's active contacts) that a profile's token stopped
 * working: an in-app notification opening the project, and a mail through the outbox, once per
 * grant (the idempotency key names the profile and when it was granted).
 */
async function notifyInvalid(db: Db, deps: NoticeDeps, p: StoredProfile, error: string | null, now: Date): Promise<void> {
  const net = networkOf(p.stream_id)!;
  const project = await db
    .selectFrom('projects')
    .innerJoin('clients', 'clients.id', 'projects.client_id')
    .select(['projects.id', 'projects.description', 'projects.client_id', 'clients.name as client_name'])
    .where('projects.id', '=', p.project_id)
    .executeTakeFirst();
  if (!project) return;
  const contacts = await db
    .selectFrom('client_contacts')
    .innerJoin('users', 'users.id', 'client_contacts.user_id')
    .select(['users.id', 'users.email'])
    .where('client_contacts.client_id', '=', project.client_id)
    .where('client_contacts.is_active', '=', true)
    .execute();
  const path = `/client/${project.client_id}/project/${project.id}`;
  const description = `The ${net.name} access token of ${p.name} (${project.description}) is no longer valid. Grant access again in Access Token Management.`;
  const grant = (p.token_granted_at ?? now).toISOString();
  const told = contacts.map((c) => ({
    userId: c.id,
    mail: {
      to: c.email,
      subject: `${net.name} access for ${p.name} needs to be granted again`,
      text: `${description}\n\n${error ? `${net.name} said: ${error}\n\n` : ''}${deps.publicUrl.replace(/\/$/, '')}${path}\n`,
      idempotencyKey: `token-invalid:${p.id}:${grant}:${c.id}`,
    },
  }));
  // Type 2: marked seen when clicked (docs/spec/000_a68d9a07050fe88c.txt, Notification). Told once
  // per grant: a contact whose mail was already queued gets no second bell.
  await notifyRecipients(db, told, { description, typeId: 2, projectId: project.id, link: path }, { smtp: deps.smtp, bell: 'mailed' });
}

/** Forgets a profile's token (revoked at the network where it can be); the connectors stop reading it. */
export async function forgetToken(db: Db, deps: TokenDeps, profileId: number): Promise<void> {
  const p = await storedProfile(db, profileId);
  if (!p) return;
  const net = networkOf(p.stream_id);
  if (p.access_token_enc && net && deps.keys) {
    try {
      const token = decryptToken(p.access_token_enc, deps.keys, profileTokenContext(p));
      // Best effort: the token is forgotten here whatever the network answers.
      if (deps.oauth[net.provider].clientId) await revokeToken(net, oauthContext(deps, net), token);
    } catch {
      // An unreadable token cannot be revoked at the network; it is still removed here.
    }
  }
  await db
    .updateTable('profiles')
    .set({
      access_token_enc: null,
      token_secret_enc: null,
      token_valid: null,
      token_checked_at: null,
      token_granted_at: null,
      token_expires_at: null,
      token_error: null,
    })
    .where('id', '=', profileId)
    .execute();
  invalidateRules(db);
}

export { listAccounts };
