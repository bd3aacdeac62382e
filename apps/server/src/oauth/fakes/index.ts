// One local server standing in for the six networks' OAuth providers and the API calls linking
// needs (docs/access-tokens.md, "Fakes"): per provider an authorisation page with Allow and Deny
// buttons, a token endpoint (authorization_code with PKCE checked, refresh_token, Facebook's
// fb_exchange_token), revocation and LinkedIn's introspection; and the accounts each token lists.
// Tests and the e2e journey start it with startOAuthFakes() and give the product server its env.
import { createHash, randomBytes } from 'node:crypto';
import { startFake, type FakeReply, type FakeRequest } from '../../ingest/connectors/fakes/server.ts';
import type { Provider } from '../config.ts';

export interface FakeAccountSet {
  /** Facebook pages; `instagram` gives the page an Instagram business account. */
  pages: { id: string; name: string; instagram?: { id: string; username: string; name: string } }[];
  youtube: { id: string; title: string } | null;
  linkedinOrgs: { id: string; name: string; vanity: string }[];
  tiktok: { openId: string; username: string; name: string };
  x: { id: string; username: string; name: string };
}

/**
 * By default the fakes manage the demo tenant's Acme accounts (seed/demo.ts: the Facebook page,
 * its Instagram business account and the X account of 'Acme Cola Brand Monitoring'), so granting
 * a seeded Not Granted profile works in the demo and in e2e; YouTube, LinkedIn and TikTok list
 * accounts the seed does not have, which a grant adds as new profiles.
 */
export const DEFAULT_ACCOUNTS: FakeAccountSet = {
  pages: [{ id: 'fb-acmecola', name: 'Acme Cola South Africa', instagram: { id: 'ig-acmecola', username: 'acmecola', name: 'Acme Cola' } }],
  youtube: { id: 'UCfakechannel', title: 'Fake Channel' },
  linkedinOrgs: [{ id: '3001', name: 'Fake Org', vanity: 'fake-org' }],
  tiktok: { openId: 'tt-open-1', username: 'fake_tiktok', name: 'Fake TikTok' },
  x: { id: 'x-acmecola', username: 'acmecola', name: 'Acme Cola' },
};

const PROVIDERS: Provider[] = ['facebook', 'google', 'linkedin', 'tiktok', 'x'];
/** Tokens' lifetimes: Facebook's long-lived user token, the others' access tokens. */
const EXPIRES_IN: Record<Provider, number> = { facebook: 5_184_000, google: 3600, linkedin: 5_184_000, tiktok: 86_400, x: 7200 };

interface Code {
  provider: Provider;
  redirectUri: string;
  challenge: string | null;
  used: boolean;
}
interface Token {
  provider: Provider;
  kind: 'access' | 'refresh' | 'page';
  expiresAt: number;
  revoked: boolean;
  createdAt: number;
}

export interface OAuthFakes {
  url: string;
  /** The product server's environment for these fakes (OAuth clients and endpoints, API bases). */
  env: Record<string, string>;
  /** What the tokens list; change it between calls to shape a scenario. */
  accounts: FakeAccountSet;
  /** The next token request answers this error (once). */
  failNextToken(error: string, description: string): void;
  /** Every token issued so far is rejected by the APIs (as after a password change). */
  rejectAllTokens(): void;
  /** The provider's decision on its authorisation page, without a browser: the redirect's URL. */
  decide(authorizeUrl: string, decision: 'allow' | 'deny'): URL;
  /** Revoked and live tokens, for assertions. */
  tokens(): { live: number; revoked: number };
  close(): Promise<void>;
}

export const FAKE_CLIENT = (p: Provider) => ({ id: `fake-${p}-client`, secret: `fake-${p}-secret` });

const html = (body: string): FakeReply => ({
  status: 200,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  raw: `<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Fake sign-in</title></head><body style="font-family: sans-serif; margin: 2rem; overflow-wrap: anywhere">${body}</body></html>`,
});
const PROVIDER_NAMES: Record<Provider, string> = { facebook: 'Facebook', google: 'Google', linkedin: 'LinkedIn', tiktok: 'TikTok', x: 'X' };
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const form = (req: FakeRequest) => new URLSearchParams(typeof req.body === 'string' ? req.body : req.text);

export async function startOAuthFakes(opts: { accounts?: Partial<FakeAccountSet> } = {}): Promise<OAuthFakes> {
  const accounts: FakeAccountSet = { ...structuredClone(DEFAULT_ACCOUNTS), ...opts.accounts };
  const codes = new Map<string, Code>();
  const tokens = new Map<string, Token>();
  let failNext: { error: string; description: string } | null = null;

  const issue = (provider: Provider, kind: Token['kind'], expiresIn: number) => {
    const t = `fake-${provider}-${kind}-${randomBytes(12).toString('hex')}`;
    tokens.set(t, { provider, kind, expiresAt: Date.now() + expiresIn * 1000, revoked: false, createdAt: Date.now() });
    return t;
  };

  function decide(authorizeUrl: string, decision: 'allow' | 'deny'): URL {
    const u = new URL(authorizeUrl);
    const provider = u.pathname.split('/')[1] as Provider;
    const q = u.searchParams;
    const clientId = q.get(provider === 'tiktok' ? 'client_key' : 'client_id');
    const redirect = q.get('redirect_uri');
    if (!PROVIDERS.includes(provider) || clientId !== FAKE_CLIENT(provider).id || !redirect || q.get('response_type') !== 'code')
      throw new Error('bad authorisation request');
    const back = new URL(redirect);
    if (decision === 'deny') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The user denied the request.');
    } else {
      const code = randomBytes(16).toString('hex');
      codes.set(code, { provider, redirectUri: redirect, challenge: q.get('code_challenge'), used: false });
      back.searchParams.set('code', code);
    }
    const state = q.get('state');
    if (state) back.searchParams.set('state', state);
    return back;
  }

  function clientOk(provider: Provider, req: FakeRequest, f: URLSearchParams): boolean {
    const want = FAKE_CLIENT(provider);
    const basic = /^Basic (.+)$/.exec(String(req.headers.authorization ?? ''));
    if (basic) {
      const [id, secret] = Buffer.from(basic[1], 'base64').toString().split(':').map(decodeURIComponent);
      return id === want.id && secret === want.secret;
    }
    return (f.get('client_id') === want.id || f.get('client_key') === want.id) && f.get('client_secret') === want.secret;
  }

  function tokenEndpoint(provider: Provider, req: FakeRequest): FakeReply {
    // Facebook's token endpoint answers errors in Graph's envelope, not OAuth's {error, error_description}.
    const tokenError = (error: string, description: string, status = 400): FakeReply =>
      provider === 'facebook'
        ? { status, json: { error: { message: description, type: 'OAuthException', code: error === 'invalid_client' ? 101 : 100, fbtrace_id: 'fake' } } }
        : { status, json: { error, error_description: description } };
    const f = form(req);
    if (failNext) {
      const e = failNext;
      failNext = null;
      return tokenError(e.error, e.description);
    }
    if (!clientOk(provider, req, f)) return tokenError('invalid_client', 'Client authentication failed.', 401);
    const grant = f.get('grant_type');
    const answer = (access: string, refresh: string | null) => {
      const body: Record<string, unknown> = { access_token: access, expires_in: EXPIRES_IN[provider], scope: 'granted' };
      // LinkedIn's answer has no token_type (as the real one).
      if (provider !== 'linkedin') body.token_type = provider === 'tiktok' ? 'Bearer' : 'bearer';
      if (refresh) body.refresh_token = refresh;
      if (provider === 'tiktok') body.open_id = accounts.tiktok.openId;
      return { json: body };
    };
    if (grant === 'authorization_code') {
      const c = codes.get(f.get('code') ?? '');
      if (!c || c.used || c.provider !== provider) return tokenError('invalid_grant', 'The authorization code is invalid or has already been used.');
      c.used = true;
      if (c.redirectUri !== f.get('redirect_uri')) return tokenError('invalid_grant', 'The redirect_uri does not match the authorization request.');
      if (c.challenge) {
        const verifier = f.get('code_verifier') ?? '';
        if (createHash('sha256').update(verifier).digest('base64url') !== c.challenge)
          return tokenError('invalid_grant', 'The code_verifier does not match the code_challenge.');
      }
      const refresh = provider === 'facebook' ? null : issue(provider, 'refresh', 365 * 86_400);
      return answer(issue(provider, 'access', provider === 'facebook' ? 3600 : EXPIRES_IN[provider]), refresh);
    }
    if (grant === 'fb_exchange_token' && provider === 'facebook') {
      const t = tokens.get(f.get('fb_exchange_token') ?? '');
      if (!t || t.revoked) return tokenError('invalid_grant', 'Error validating access token.');
      return answer(issue(provider, 'access', EXPIRES_IN.facebook), null);
    }
    if (grant === 'refresh_token') {
      const t = tokens.get(f.get('refresh_token') ?? '');
      if (!t || t.revoked || t.kind !== 'refresh' || t.provider !== provider) return tokenError('invalid_grant', 'The refresh token is invalid or revoked.');
      return answer(issue(provider, 'access', EXPIRES_IN[provider]), f.get('refresh_token'));
    }
    return tokenError('unsupported_grant_type', `grant_type ${grant} is not supported`);
  }

  /** The bearer token of an API call, if it is live. */
  function bearer(req: FakeRequest, provider: Provider): Token | null {
    const m = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''));
    const t = m ? tokens.get(m[1]) : undefined;
    return t && !t.revoked && t.provider === provider && t.expiresAt > Date.now() ? t : null;
  }

  const graphError: FakeReply = {
    status: 400,
    json: {
      error: {
        message: 'Error validating access token: The session has been invalidated because the user changed their password.',
        type: 'OAuthException',
        code: 190,
      },
    },
  };

  function api(req: FakeRequest): FakeReply | null {
    const [, root, ...rest] = req.path.split('/');
    const path = '/' + rest.join('/');
    if (root === 'graph') {
      if (!bearer(req, 'facebook')) return graphError;
      if (path === '/me/accounts')
        return {
          json: {
            data: accounts.pages.map((p) => ({
              id: p.id,
              name: p.name,
              access_token: issue('facebook', 'page', 10 * 365 * 86_400),
              link: `https://www.facebook.com/${p.id}`,
              fan_count: 1200,
              ...(p.instagram
                ? { instagram_business_account: { id: p.instagram.id, username: p.instagram.username, name: p.instagram.name, followers_count: 560 } }
                : {}),
            })),
          },
        };
      if (/^\/[^/]+\/(feed|media)$/.test(path)) return { json: { data: [] } };
      return null;
    }
    if (root === 'youtube') {
      if (!bearer(req, 'google')) return { status: 401, json: { error: { code: 401, message: 'Request had invalid authentication credentials.' } } };
      if (path === '/youtube/v3/channels') {
        const c = accounts.youtube;
        return { json: { items: c ? [{ id: c.id, snippet: { title: c.title, customUrl: '@fakechannel' }, statistics: { subscriberCount: '321' } }] : [] } };
      }
      return null;
    }
    if (root === 'linkedin') {
      if (!bearer(req, 'linkedin')) return { status: 401, json: { status: 401, serviceErrorCode: 65600, message: 'Invalid access token' } };
      if (path === '/rest/organizationAcls')
        return {
          json: { elements: accounts.linkedinOrgs.map((o) => ({ organization: `urn:li:organization:${o.id}`, role: 'ADMINISTRATOR', state: 'APPROVED' })) },
        };
      const org = /^\/rest\/organizations\/(\d+)$/.exec(path);
      const o = org && accounts.linkedinOrgs.find((x) => x.id === org[1]);
      if (o) return { json: { id: Number(o.id), localizedName: o.name, vanityName: o.vanity } };
      return null;
    }
    if (root === 'tiktok') {
      if (!bearer(req, 'tiktok'))
        return {
          status: 401,
          json: { data: {}, error: { code: 'access_token_invalid', message: 'The access token is invalid or not found in the request.', log_id: 'fake' } },
        };
      if (path === '/v2/user/info/' || path === '/v2/user/info') {
        const u = accounts.tiktok;
        return {
          json: {
            data: { user: { open_id: u.openId, username: u.username, display_name: u.name, follower_count: 99 } },
            error: { code: 'ok', message: '', log_id: 'fake' },
          },
        };
      }
      return null;
    }
    if (root === 'x') {
      if (!bearer(req, 'x')) return { status: 401, json: { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' } };
      if (path === '/2/users/me') {
        const u = accounts.x;
        return { json: { data: { id: u.id, name: u.name, username: u.username, public_metrics: { followers_count: 42 } } } };
      }
      return null;
    }
    return null;
  }

  const server = await startFake((req) => {
    const [, root, action] = req.path.split('/');
    const provider = root as Provider;
    if (PROVIDERS.includes(provider)) {
      if (action === 'authorize' && req.method === 'GET') {
        const fields = [...req.query.entries()].map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`).join('');
        return html(
          `<h1>Fake ${PROVIDER_NAMES[provider]}</h1><p>The application ${esc(req.query.get('client_id') ?? req.query.get('client_key') ?? '')} asks to read your accounts (${esc((req.query.get('scope') ?? '').split(/[ ,]+/).join(', '))}).</p>` +
            `<form method="post" action="/${provider}/decide">${fields}<button name="decision" value="allow">Allow</button> <button name="decision" value="deny">Deny</button></form>`,
        );
      }
      if (action === 'decide' && req.method === 'POST') {
        const f = form(req);
        const u = new URL(`http://fake/${provider}/authorize`);
        for (const [k, v] of f) if (k !== 'decision') u.searchParams.set(k, v);
        try {
          return { status: 302, headers: { location: decide(u.toString(), f.get('decision') === 'allow' ? 'allow' : 'deny').toString() }, raw: '' };
        } catch (e) {
          return html(`<p>${esc((e as Error).message)}</p>`);
        }
      }
      if (action === 'token' && req.method === 'POST') return tokenEndpoint(provider, req);
      if (action === 'revoke' && req.method === 'POST') {
        const t = tokens.get(form(req).get('token') ?? '');
        if (t) t.revoked = true;
        return { json: {} };
      }
      if (action === 'introspect' && req.method === 'POST') {
        const t = tokens.get(form(req).get('token') ?? '');
        if (!t) return { json: { active: false, status: 'revoked' } };
        const expired = t.expiresAt <= Date.now();
        return {
          json: {
            active: !t.revoked && !expired,
            status: t.revoked ? 'revoked' : expired ? 'expired' : 'active',
            expires_at: Math.floor(t.expiresAt / 1000),
            created_at: Math.floor(t.createdAt / 1000),
            client_id: FAKE_CLIENT('linkedin').id,
          },
        };
      }
    }
    return api(req) ?? { status: 404, json: { error: { message: `fake: no route ${req.method} ${req.path}` } } };
  });

  const env: Record<string, string> = {
    OUTBOUND_ALLOW_PRIVATE: '1',
    GRAPH_API_BASE: `${server.url}/graph`,
    YOUTUBE_API_BASE: `${server.url}/youtube`,
    LINKEDIN_API_BASE: `${server.url}/linkedin`,
    TIKTOK_API_BASE: `${server.url}/tiktok`,
    X_API_BASE: `${server.url}/x`,
  };
  for (const p of PROVIDERS) {
    const k = `OAUTH_${p.toUpperCase()}_`;
    env[`${k}CLIENT_ID`] = FAKE_CLIENT(p).id;
    env[`${k}CLIENT_SECRET`] = FAKE_CLIENT(p).secret;
    env[`${k}AUTHORIZE_URL`] = `${server.url}/${p}/authorize`;
    env[`${k}TOKEN_URL`] = `${server.url}/${p}/token`;
    env[`${k}REVOKE_URL`] = `${server.url}/${p}/revoke`;
    if (p === 'linkedin') env[`${k}INTROSPECT_URL`] = `${server.url}/${p}/introspect`;
  }

  return {
    url: server.url,
    env,
    accounts,
    failNextToken: (error, description) => void (failNext = { error, description }),
    rejectAllTokens: () => tokens.forEach((t) => (t.revoked = true)),
    decide,
    tokens: () => ({ live: [...tokens.values()].filter((t) => !t.revoked).length, revoked: [...tokens.values()].filter((t) => t.revoked).length }),
    close: () => server.close(),
  };
}
