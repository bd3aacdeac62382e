// The OAuth exchanges with a provider, through oauth4webapi (a maintained, dependency-free OAuth 2
// client whose endpoints are configured, so the local fakes stand in for the providers in tests):
// the authorisation URL with PKCE, the code exchange, refresh and revocation, and LinkedIn's
// introspection. Every request goes through the outbound guard (public addresses only unless
// OUTBOUND_ALLOW_PRIVATE / OUTBOUND_ALLOW_HOSTS say otherwise), and nothing here logs a token.
import * as oauth from 'oauth4webapi';
import { answerMessage, HttpClient, parseJson, type OutboundPolicy } from '../ingest/connectors/http.ts';
import type { ProviderSettings } from './config.ts';
import type { Network } from './networks.ts';

/** A refusal the user is shown (the provider's message, or ours). Answered as 400. */
export class GrantError extends Error {}

/** The network could not be asked (unreachable, timed out, 5xx): says nothing about the token. */
export class NetworkUnavailable extends Error {}

export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  /** Null: the token does not expire (or the provider does not say). */
  expiresAt: Date | null;
  /** What else the token answer carried (TikTok's open_id). */
  extra: Record<string, unknown>;
}

export interface OAuthContext {
  settings: ProviderSettings;
  outbound: OutboundPolicy;
  /** For tests: a clock. */
  now?: () => number;
}

const TIMEOUT_MS = 15_000;

/** fetch for oauth4webapi: the outbound guard, no redirects, a timeout. */
export function guardedFetch(outbound: OutboundPolicy, patch?: (url: URL, body: Record<string, unknown>) => void): typeof fetch {
  const guard = new HttpClient({ outbound });
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const refused = await guard.refusal(url);
    if (refused) throw new GrantError(`The ${url.host} address is not allowed (${refused})`);
    const res = await fetch(input, { ...init, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!(res.headers.get('content-type') ?? '').includes('json')) return res;
    if (!res.ok) return oauthError(res);
    if (!patch) return res;
    const body = (await res.json()) as Record<string, unknown>;
    patch(url, body);
    return new Response(JSON.stringify(body), { status: res.status, headers: res.headers });
  }) as typeof fetch;
}

/**
 * An error answer in the OAuth shape ({error, error_description}) as oauth4webapi reads it. Facebook's
 * token endpoint answers in Graph's envelope instead ({error: {message, type, code}}), which
 * oauth4webapi does not read as a refusal: it is rewritten so that the user is told what Facebook
 * said (e.g. "Error validating verification code…"), not that it could not be reached.
 */
async function oauthError(res: Response): Promise<Response> {
  const text = await res.text();
  const parsed = parseJson(text);
  const value = parsed.ok ? parsed.value : undefined;
  const err = typeof value === 'object' && value !== null ? (value as Record<string, unknown>).error : undefined;
  if (typeof err !== 'object' || err === null) return new Response(text, { status: res.status, headers: res.headers });
  const type = (err as Record<string, unknown>).type;
  const said = answerMessage(value);
  const rewritten = { error: typeof type === 'string' && type ? type : 'invalid_request', ...(said ? { error_description: said } : {}) };
  return new Response(JSON.stringify(rewritten), { status: res.status, headers: res.headers });
}

function server(s: ProviderSettings): oauth.AuthorizationServer {
  return {
    issuer: new URL(s.authorizeUrl).origin,
    authorization_endpoint: s.authorizeUrl,
    token_endpoint: s.tokenUrl,
    ...(s.revokeUrl ? { revocation_endpoint: s.revokeUrl } : {}),
    ...(s.introspectUrl ? { introspection_endpoint: s.introspectUrl } : {}),
  };
}

function clientOf(
  net: Network,
  ctx: OAuthContext,
): { as: oauth.AuthorizationServer; client: oauth.Client; auth: oauth.ClientAuth; options: oauth.TokenEndpointRequestOptions } {
  const s = ctx.settings;
  if (!s.clientId || !s.clientSecret) throw new GrantError(`${net.name} linking is not configured on this server`);
  const insecure = new URL(s.tokenUrl).protocol === 'http:';
  // LinkedIn's token answer has no token_type; OAuth says it is a bearer token, so it is named so.
  const patch =
    net.provider === 'linkedin' ? (_: URL, body: Record<string, unknown>) => void (body.token_type ??= body.access_token ? 'bearer' : undefined) : undefined;
  const options: oauth.TokenEndpointRequestOptions = {
    [oauth.customFetch]: guardedFetch(ctx.outbound, patch),
    // Only the local fakes listen on http; a real provider's endpoint is https.
    ...(insecure ? { [oauth.allowInsecureRequests]: true } : {}),
    ...(net.clientIdParam === 'client_key' ? { additionalParameters: { client_key: s.clientId } } : {}),
  };
  return {
    as: server(s),
    client: { client_id: s.clientId },
    auth: net.clientAuth === 'basic' ? oauth.ClientSecretBasic(s.clientSecret) : oauth.ClientSecretPost(s.clientSecret),
    options,
  };
}

/** A fresh PKCE verifier (kept on the server with the state), or null for a network without PKCE. */
export const newCodeVerifier = (net: Network): string | null => (net.pkce ? oauth.generateRandomCodeVerifier() : null);

/** The provider's authorisation URL for this grant. */
export async function authorizationUrl(
  net: Network,
  settings: ProviderSettings,
  opts: { redirectUri: string; state: string; codeVerifier: string | null },
): Promise<string> {
  if (!settings.clientId) throw new GrantError(`${net.name} linking is not configured on this server`);
  const url = new URL(settings.authorizeUrl);
  url.searchParams.set(net.clientIdParam, settings.clientId);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('redirect_uri', opts.redirectUri);
  url.searchParams.set('scope', net.scopes.join(net.scopeSeparator));
  url.searchParams.set('state', opts.state);
  if (opts.codeVerifier) {
    url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(opts.codeVerifier));
    url.searchParams.set('code_challenge_method', 'S256');
  }
  for (const [k, v] of Object.entries(net.authorizeParams ?? {})) url.searchParams.set(k, v);
  return url.toString();
}

/** True when the provider answered and said no (as opposed to not answering). */
export const isRefusal = (err: unknown) =>
  err instanceof GrantError || err instanceof oauth.ResponseBodyError || err instanceof oauth.AuthorizationResponseError;

/** The provider's refusal as one sentence for the user. */
export function providerMessage(err: unknown, net: Network): string {
  if (err instanceof GrantError || err instanceof NetworkUnavailable) return err.message;
  if (err instanceof oauth.ResponseBodyError) return err.error_description || `${net.name} refused the request (${err.error})`;
  if (err instanceof oauth.AuthorizationResponseError) return err.error_description || `${net.name} refused the request (${err.error})`;
  if ((err as Error)?.name === 'TimeoutError') return `${net.name} did not answer in time. Please try again.`;
  return `${net.name} could not be reached or answered unexpectedly. Please try again.`;
}

function tokenSet(r: oauth.TokenEndpointResponse, now: number): TokenSet {
  const { access_token, refresh_token, expires_in, ...extra } = r;
  return {
    accessToken: access_token,
    refreshToken: refresh_token ?? null,
    expiresAt: typeof expires_in === 'number' && expires_in > 0 ? new Date(now + expires_in * 1000) : null,
    extra,
  };
}

/** Exchanges the code from the redirect (with the PKCE verifier) for tokens. */
export async function exchangeCode(
  net: Network,
  ctx: OAuthContext,
  opts: { code: string; state: string; redirectUri: string; codeVerifier: string | null },
): Promise<TokenSet> {
  const { as, client, auth, options } = clientOf(net, ctx);
  const params = oauth.validateAuthResponse(as, client, new URLSearchParams({ code: opts.code, state: opts.state }), opts.state);
  const res = await oauth.authorizationCodeGrantRequest(as, client, auth, params, opts.redirectUri, opts.codeVerifier ?? oauth.nopkce, options);
  let tokens = tokenSet(await oauth.processAuthorizationCodeResponse(as, client, res), (ctx.now ?? Date.now)());
  // Facebook's code gives a short-lived user token; its long-lived one gives page tokens that do not expire.
  if (net.provider === 'facebook') {
    const long = await oauth.genericTokenEndpointRequest(as, client, auth, 'fb_exchange_token', { fb_exchange_token: tokens.accessToken }, options);
    tokens = tokenSet(await oauth.processGenericTokenEndpointResponse(as, client, long), (ctx.now ?? Date.now)());
  }
  return tokens;
}

/** A new access token from a refresh token (the provider may also rotate the refresh token). */
export async function refreshTokens(net: Network, ctx: OAuthContext, refreshToken: string): Promise<TokenSet> {
  const { as, client, auth, options } = clientOf(net, ctx);
  const res = await oauth.refreshTokenGrantRequest(as, client, auth, refreshToken, options);
  const t = tokenSet(await oauth.processRefreshTokenResponse(as, client, res), (ctx.now ?? Date.now)());
  return { ...t, refreshToken: t.refreshToken ?? refreshToken };
}

/** Revokes a token at the provider, where it has an endpoint; false when it could not. */
export async function revokeToken(net: Network, ctx: OAuthContext, token: string): Promise<boolean> {
  if (!ctx.settings.revokeUrl) return false;
  try {
    const { as, client, auth, options } = clientOf(net, ctx);
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, auth, token, options));
    return true;
  } catch {
    return false;
  }
}

/** LinkedIn's token introspection: status ('active', 'expired', 'revoked'), active, expires_at, created_at. */
export async function introspect(
  net: Network,
  ctx: OAuthContext,
  token: string,
): Promise<{ status: string; active: boolean; expires_at: number | null; created_at: number | null }> {
  const { as, client, auth, options } = clientOf(net, ctx);
  const r = await oauth.processIntrospectionResponse(as, client, await oauth.introspectionRequest(as, client, auth, token, options));
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  return {
    status: typeof r.status === 'string' ? r.status : r.active ? 'active' : 'revoked',
    active: r.active,
    expires_at: num(r.expires_at),
    created_at: num(r.created_at),
  };
}
