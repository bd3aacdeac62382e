// Linking social accounts (docs/access-tokens.md): the modal's list, starting a grant (the
// provider's authorisation URL), the admin's grant link, completing a grant from the return page,
// checking, revoking and removing profiles. Tenant access goes through access/ (another client's
// project or profile answers 404); tokens go through oauth/linked-profiles.ts and never leave.
// Who may complete a grant is oauth/binding.ts's rule: the user and browser that started it.
import {
  grantErrorMessage,
  MESSAGES,
  type AccessTokenProfile,
  type GrantResult,
  type GrantReturn,
  type GrantStarted,
  type GrantTarget,
  type LinkableNetwork,
  type SaveAccessTokenBody,
  type TokenCheck,
  type TokenValidation,
} from '@listening/contract';
import { audit } from '../../audit/index.ts';
import { projectForUser, projectForWrite } from '../../access/index.ts';
import type { Db } from '../../db/connection.ts';
import { badRequest, forbidden, HttpError, notFound } from '../../errors.ts';
import { invalidateRules } from '../../ingest/rules.ts';
import { listAccounts } from '../../oauth/accounts.ts';
import { linkCookie, newBrowserNonce, refusal, type GrantCaller } from '../../oauth/binding.ts';
import { authorizationUrl, exchangeCode, GrantError, NetworkUnavailable, newCodeVerifier, providerMessage } from '../../oauth/client.ts';
import { checkProfile, forgetToken, oauthContext, storeGrant, type TokenDeps } from '../../oauth/linked-profiles.ts';
import { missingSettings, NETWORKS, networkOf, notConfiguredMessage, type Network } from '../../oauth/networks.ts';
import type { OAuthConfig } from '../../oauth/config.ts';
import { consumeState, createState, readLink, signLink, type GrantBinding } from '../../oauth/state.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { deleteBinRule, deleteProfileRow, liveProject, profileById, projectProfiles, saveProfile, toWire } from './queries.ts';

/** The return pages (web app), one per way a grant starts; all three complete it alike. */
export const RETURN_PAGES = { modal: '/profile', link: '/brandInfluencer', regrant: '/brandInfluencerprofile' } as const;

const conflict = (msg: string) => new HttpError(409, msg);
const base = (deps: TokenDeps) => deps.publicUrl.replace(/\/$/, '');

function configured(deps: TokenDeps, streamId: number): Network {
  const net = networkOf(streamId);
  if (!net) throw badRequest(`streamId ${streamId} cannot be linked`);
  const s = deps.oauth[net.provider];
  if (!s.clientId || !s.clientSecret) throw conflict(notConfiguredMessage(net));
  return net;
}

export async function list(db: Db, user: AuthUser, projectId: number): Promise<AccessTokenProfile[]> {
  await projectForUser(db, user, projectId);
  return (await projectProfiles(db, projectId)).map(toWire);
}

/** Every network of the linking flow, and what this server still needs to link each one (step 1 says so before a pick). */
export async function linkableNetworks(db: Db, oauth: OAuthConfig, user: AuthUser, projectId: number): Promise<LinkableNetwork[]> {
  await projectForUser(db, user, projectId);
  return Object.values(NETWORKS).map((net) => {
    const missing = missingSettings(net, oauth);
    return { StreamId: net.streamId, Network: net.name, Configured: missing.length === 0, MissingSettings: missing };
  });
}

/** The profile, if it belongs to a project the user may change (and to the stream named); else 404. */
async function profileForWrite(db: Db, user: AuthUser, profileId: number, streamId?: number) {
  const p = await profileById(db, profileId);
  if (!p || (streamId !== undefined && p.stream_id !== streamId)) throw notFound(`Profile ${profileId} not found`);
  await projectForWrite(db, user, p.project_id).catch((err: unknown) => {
    throw err instanceof HttpError && err.statusCode === 404 ? notFound(`Profile ${profileId} not found`) : err;
  });
  return p;
}

/** Checks a grant's target and answers what the state binds. */
async function binding(db: Db, user: AuthUser, t: GrantTarget): Promise<GrantBinding> {
  const project = await projectForWrite(db, user, t.projectId);
  if (t.profileId !== undefined) {
    const p = await profileById(db, t.profileId);
    if (!p || p.project_id !== project.id || p.stream_id !== t.streamId) throw notFound(`Profile ${t.profileId} not found`);
  }
  return { clientId: project.client_id, projectId: project.id, streamId: t.streamId, profileId: t.profileId ?? null };
}

/**
 * Records a grant bound to its starter (a user, or null for an admin's link) and to a new nonce of
 * the starting browser; answers the provider's URL, the nonce and the state's own nonce.
 */
async function authorisation(db: Db, deps: TokenDeps, b: GrantBinding, userId: number | null, page: string) {
  const net = configured(deps, b.streamId);
  const codeVerifier = newCodeVerifier(net);
  const redirectUri = `${base(deps)}${page}`;
  const browser = newBrowserNonce();
  const { state, stateNonce } = await createState(db, { ...b, userId, viaLink: userId === null, browserNonceHash: browser.hash, codeVerifier, redirectUri });
  return { url: await authorizationUrl(net, deps.oauth[net.provider], { redirectUri, state, codeVerifier }), browserNonce: browser.nonce, stateNonce };
}

export async function startGrant(db: Db, deps: TokenDeps, user: AuthUser, t: GrantTarget): Promise<GrantStarted> {
  // Access first: another client's project answers 404 whatever the configuration.
  const b = await binding(db, user, t);
  const { url, browserNonce } = await authorisation(db, deps, b, user.id, b.profileId ? RETURN_PAGES.regrant : RETURN_PAGES.modal);
  return { url, browserNonce };
}

/** The specification's X call: `callbackUrl` must name one of this server's return pages. */
export async function twitterRequest(
  db: Db,
  deps: TokenDeps,
  user: AuthUser,
  q: { callbackUrl: string; projectId: number; profileId?: number },
): Promise<GrantStarted> {
  const b = await binding(db, user, { projectId: q.projectId, streamId: 7, profileId: q.profileId });
  let page: string | null = null;
  try {
    const u = new URL(q.callbackUrl, `${base(deps)}/`);
    const pages: string[] = Object.values(RETURN_PAGES);
    if (u.origin === new URL(base(deps)).origin && pages.includes(u.pathname)) page = u.pathname;
  } catch {
    page = null;
  }
  if (!page) throw badRequest(`callbackUrl must be one of this server's return pages (${Object.values(RETURN_PAGES).join(', ')})`);
  const { url, browserNonce } = await authorisation(db, deps, b, user.id, page);
  return { url, browserNonce };
}

export async function createLink(db: Db, deps: TokenDeps, user: AuthUser, t: GrantTarget): Promise<{ url: string }> {
  const b = await binding(db, user, t);
  configured(deps, t.streamId);
  return { url: `${base(deps)}/api/accesstoken/grant/open?link=${encodeURIComponent(await signLink(db, b))}` };
}

/**
 * The provider's URL for an admin's link, opened without a session (the project must still be the
 * link's), and the cookie that binds the grant to the browser opening it.
 */
export async function openLink(db: Db, deps: TokenDeps, link: string): Promise<{ url: string; cookie: string }> {
  let b: GrantBinding;
  try {
    b = await readLink(db, link);
  } catch (err) {
    if (err instanceof GrantError) throw badRequest(err.message);
    throw badRequest('This link is not valid. Please ask for a new one.');
  }
  const project = await liveProject(db, b.projectId);
  if (!project || project.client_id !== b.clientId) throw notFound('This link no longer names a project');
  if (b.profileId) {
    const p = await profileById(db, b.profileId);
    if (!p || p.project_id !== b.projectId) throw notFound('This link no longer names a profile');
  }
  const { url, browserNonce, stateNonce } = await authorisation(db, deps, b, null, RETURN_PAGES.link);
  return { url, cookie: linkCookie(stateNonce, browserNonce, base(deps).startsWith('https:')) };
}

/**
 * Completes a grant from the return page. The state is consumed first, so whatever follows it
 * cannot be replayed. Someone other than its starter (another session or none, another browser)
 * gets 403; a denial, a provider error or a token that lists nothing answers 400 with the message
 * to show. Either way nothing is stored. `only`: the stream a spec path is for.
 */
export async function completeGrant(
  db: Db,
  deps: TokenDeps,
  r: GrantReturn,
  caller: { user: AuthUser | null; cookie?: string },
  only?: number,
): Promise<GrantResult> {
  const fail = (msg: string) => badRequest(msg);
  let g;
  try {
    g = await consumeState(db, r.state);
  } catch (err) {
    if (err instanceof GrantError) throw fail(err.message);
    throw err;
  }
  const who: GrantCaller = { userId: caller.user?.id ?? null, browserNonce: r.browserNonce, cookie: caller.cookie };
  const refused = refusal(g, who);
  if (refused) throw forbidden(refused);
  const net = networkOf(g.streamId);
  if (!net) throw fail('This authorisation is not valid. Please start linking the account again.');
  if (only !== undefined && only !== g.streamId) throw fail(`This authorisation is for ${net.name}, not for this page`);
  // Our sentence for the code, never the error_description beside it: anyone can write a return address.
  if (r.error) throw fail(grantErrorMessage(r.error, net.name));
  if (!r.code) throw fail(`${net.name} sent no authorisation code`);
  const project = await liveProject(db, g.projectId);
  if (!project || project.client_id !== g.clientId) throw fail('The project of this authorisation no longer exists');
  const settings = deps.oauth[net.provider];
  if (!settings.clientId || !settings.clientSecret) throw conflict(notConfiguredMessage(net));
  let accounts;
  let tokens;
  try {
    tokens = await exchangeCode(net, oauthContext(deps, net), { code: r.code, state: r.state, redirectUri: g.redirectUri, codeVerifier: g.codeVerifier });
    accounts = await listAccounts(net, deps.api, tokens.accessToken, tokens.extra);
  } catch (err) {
    throw fail(providerMessage(err, net));
  }
  if (g.profileId) {
    const p = await profileById(db, g.profileId);
    if (!p || p.project_id !== g.projectId) throw fail('The profile of this authorisation no longer exists');
    const same = accounts.filter((a) => a.externalId === p.external_id);
    if (!same.length) throw fail(`The ${net.name} account you granted does not manage ${p.name}. Sign in as an account that does and try again.`);
    accounts = same;
  }
  let saved;
  try {
    saved = await storeGrant(db, deps, g.projectId, g.streamId, accounts, tokens);
  } catch (err) {
    if (err instanceof GrantError) throw conflict(err.message);
    throw err;
  }
  await audit(db, {
    // The starter's own session (an admin acting as a contact is named as such); a link has no user.
    actor: g.viaLink ? null : caller.user,
    action: 'token.grant',
    target: `project:${g.projectId}`,
    detail: { streamId: g.streamId, profileIds: saved.map((s) => s.id), viaLink: g.viaLink },
  });
  return {
    Message: MESSAGES.tokenGranted,
    StreamId: g.streamId,
    Profiles: saved.map((s) => ({ ProfileId: s.id, StreamId: g.streamId, Name: s.account.name, Handle: s.account.handle })),
  };
}

/** The specification's save: a profile's details, and a token only after its network accepts it. */
export async function save(db: Db, deps: TokenDeps, user: AuthUser, b: SaveAccessTokenBody): Promise<AccessTokenProfile> {
  const project = await projectForWrite(db, user, b.projectId);
  const net = networkOf(b.streamId)!;
  const existing = b.profileId !== undefined ? await profileById(db, b.profileId) : undefined;
  if (b.profileId !== undefined && (!existing || existing.project_id !== project.id || existing.stream_id !== b.streamId))
    throw notFound(`Profile ${b.profileId} not found`);
  if (!existing && !b.externalId) throw badRequest("externalId is required for a new profile (the account's id on the network)");
  const externalId = existing?.external_id ?? b.externalId!;
  if (b.access_token) {
    // The token must reach the account it is saved for; a rejected one is not stored.
    let accounts;
    try {
      accounts = await listAccounts(net, deps.api, b.access_token);
    } catch (err) {
      throw badRequest(providerMessage(err, net));
    }
    const match = accounts.find((a) => a.externalId === externalId);
    if (!match) throw badRequest(`This ${net.name} token does not give access to the account ${externalId}`);
    await storeGrant(db, deps, project.id, b.streamId, [{ ...match, name: b.name }], {
      accessToken: b.access_token,
      refreshToken: null,
      expiresAt: null,
      extra: {},
    }).catch((err: unknown) => {
      throw err instanceof GrantError ? conflict(err.message) : err;
    });
  }
  const fields = {
    name: b.name,
    ...(b.handle !== undefined ? { handle: b.handle || null } : {}),
    ...(b.image !== undefined ? { image: b.image || null } : {}),
    ...(b.link !== undefined ? { link: b.link || null } : {}),
    ...(b.summary !== undefined ? { summary: b.summary || null } : {}),
    ...(b.followerCount !== undefined ? { followers: b.followerCount } : {}),
  };
  const id = await saveProfile(db, { projectId: project.id, streamId: b.streamId, externalId }, fields);
  invalidateRules(db);
  return toWire((await profileById(db, id))!);
}

export async function revoke(db: Db, deps: TokenDeps, user: AuthUser, b: { profileId: number; streamId: number }): Promise<AccessTokenProfile> {
  const p = await profileForWrite(db, user, b.profileId, b.streamId);
  await forgetToken(db, deps, p.id);
  await audit(db, { actor: user, action: 'token.revoke', target: `profile:${p.id}`, detail: { profileId: p.id, streamId: p.stream_id } });
  return toWire((await profileById(db, p.id))!);
}

export async function deleteProfile(
  db: Db,
  deps: TokenDeps,
  user: AuthUser,
  q: { binRuleId?: number; profileId: number; streamId: number; projectId: number },
): Promise<{ ProfileId: number }> {
  const p = await profileForWrite(db, user, q.profileId, q.streamId);
  if (p.project_id !== q.projectId) throw notFound(`Profile ${q.profileId} not found`);
  if (q.binRuleId !== undefined && q.binRuleId !== p.bin_rule_id) throw badRequest(`binRuleId ${q.binRuleId} is not this profile's rule`);
  await forgetToken(db, deps, p.id);
  await db.transaction().execute(async (trx) => {
    await deleteProfileRow(trx, p.id);
    // The rule exists for this profile only (it tracks the account in the project's bin).
    if (p.bin_rule_id !== null) await deleteBinRule(trx, p.bin_rule_id);
  });
  invalidateRules(db);
  await audit(db, {
    actor: user,
    action: 'token.revoke',
    target: `profile:${p.id}`,
    detail: { projectId: p.project_id, streamId: p.stream_id, deleted: true },
  });
  return { ProfileId: p.id };
}

/** A check that could not be made: no key to read tokens (409), the network not answering (503). */
function checkFailure(err: unknown): never {
  if (err instanceof GrantError) throw conflict(err.message);
  if (err instanceof NetworkUnavailable) throw new HttpError(503, err.message);
  throw err;
}

const noToken = (id: number) => badRequest(`Profile ${id} has no access token to check`);

/** The toast of a token check (docs/spec/000_a68d9a07050fe88c.txt section 8). */
export async function check(db: Db, deps: TokenDeps, user: AuthUser, profileId: number): Promise<TokenCheck> {
  const p = await profileForWrite(db, user, profileId);
  const r = await checkProfile(db, deps, p.id).catch(checkFailure);
  if (!r) throw noToken(profileId);
  const granted = r.grantedAt?.toISOString() ?? null;
  if (!r.valid)
    return {
      ProfileId: p.id,
      Kind: 'error',
      Message: r.error ?? 'The access token is not valid',
      IsValid: false,
      ExpiresAt: r.expiresAt?.toISOString() ?? null,
      GrantedAt: granted,
    };
  if (!r.expiresAt) return { ProfileId: p.id, Kind: 'success', Message: 'Token expires: Never', IsValid: true, ExpiresAt: 'Never', GrantedAt: granted };
  const expires = r.expiresAt.toISOString();
  return {
    ProfileId: p.id,
    Kind: 'warning',
    Message: `Token expires: ${expires}. Valid: true. Granted: ${granted ?? 'unknown'}`,
    IsValid: true,
    ExpiresAt: expires,
    GrantedAt: granted,
  };
}

/** linkedin/validate and tiktok/validate: the introspection fields (TikTok: from its user call). */
export async function validate(db: Db, deps: TokenDeps, user: AuthUser, profileId: number, streamId: 11 | 12): Promise<TokenValidation> {
  const p = await profileForWrite(db, user, profileId);
  if (p.stream_id !== streamId) throw badRequest(`Profile ${profileId} is not a ${networkOf(streamId)!.name} profile`);
  const r = await checkProfile(db, deps, p.id).catch(checkFailure);
  if (!r) throw noToken(profileId);
  if (r.introspection) return r.introspection;
  const secs = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);
  return { status: r.valid ? 'active' : 'revoked', active: r.valid, expires_at: secs(r.expiresAt), created_at: secs(r.grantedAt) };
}
