import { grantErrorMessage, MESSAGES } from '@listening/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resolveTokenKeys } from '../../crypto/tokens.ts';
import { buildConnectorSpecs } from '../../jobs/connectors.ts';
import { startOAuthFakes, DEFAULT_ACCOUNTS, type OAuthFakes } from '../../oauth/fakes/index.ts';
import { GRANT_OTHER_BROWSER, GRANT_OTHER_USER, LINK_OTHER_BROWSER } from '../../oauth/binding.ts';
import { STATE_EXPIRED, STATE_INVALID, STATE_USED } from '../../oauth/state.ts';
import { authHeader, createTestApp, type TestContext } from '../../test/harness.ts';

type Headers = Record<string, string>;
const TOKEN_KEY = 'a'.repeat(64);
const PUBLIC_URL = 'http://app.test';
/** What the fakes' tokens look like. */
const FAKE_TOKEN = /fake-(facebook|google|linkedin|tiktok|x)-(access|refresh|page)-/;

describe('linking social accounts (access tokens)', () => {
  let fakes: OAuthFakes;
  let t: TestContext;
  let analyst: Headers;
  let viewer: Headers;
  let admin: Headers;
  let acme: number;
  let karoo: number;

  beforeAll(async () => {
    fakes = await startOAuthFakes();
    t = await createTestApp({ env: { ...fakes.env, TOKEN_KEY, PUBLIC_URL } });
    [analyst, viewer, admin] = await Promise.all(['analyst', 'viewer', 'admin'].map((u) => authHeader(t.app, `${u}@demo.example`)));
    acme = t.projects['acme-brand'];
    karoo = t.projects['karoo-brand'];
  });
  afterAll(async () => {
    await t.close();
    await fakes.close();
  });
  beforeEach(() => {
    fakes.accounts.pages = structuredClone(DEFAULT_ACCOUNTS.pages);
  });

  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers | null, payload?: object) =>
    t.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });
  const list = async (projectId: number, who = analyst) => {
    const res = await send('GET', `/api/accesstoken/getall?projectId=${projectId}`, who);
    expect(res.statusCode).toBe(200);
    return res.json() as { ProfileId: number; StreamId: number; Name: string; HasToken: boolean; IsValid: boolean; ExpiresAt: string | null }[];
  };
  /** What the browser that started a grant keeps for its state (the web app: local storage): whose session, and the nonce. */
  const started = new Map<string, { who: Headers; browserNonce: string }>();
  const start = async (body: object, who = analyst) => {
    const res = await send('POST', '/api/accesstoken/grant/start', who, body);
    expect(res.statusCode, res.body).toBe(200);
    const { url, browserNonce } = res.json() as { url: string; browserNonce: string };
    started.set(new URL(url).searchParams.get('state')!, { who, browserNonce });
    return url;
  };
  /** The provider's redirect back to the return page, as the browser would follow it. */
  const consent = (url: string, decision: 'allow' | 'deny' = 'allow') => {
    const back = fakes.decide(url, decision);
    return { page: back.pathname, query: Object.fromEntries(back.searchParams) };
  };
  /**
   * The return page's call: from the browser that started the grant (its session and nonce), or
   * `as` someone else (another session or none, another nonce or none).
   */
  const complete = (query: Record<string, string>, path = '/api/profile/save', as?: { who: Headers | null; browserNonce?: string }) => {
    const by = as ?? started.get(query.state) ?? { who: null };
    return send('POST', path, by.who, { ...query, ...(by.browserNonce !== undefined ? { browserNonce: by.browserNonce } : {}) });
  };
  const karooHasTokens = async () => (await list(karoo, viewer)).filter((p) => p.HasToken).map((p) => p.Name);
  const storedTokens = () =>
    t.db.selectFrom('profiles').select(['id', 'project_id', 'access_token_enc', 'token_secret_enc']).where('access_token_enc', 'is not', null).execute();

  it('answers 409 naming the network when its linking is not configured', async () => {
    const bare = await createTestApp({ env: { TOKEN_KEY, PUBLIC_URL } });
    try {
      const h = await authHeader(bare.app, 'analyst@demo.example');
      const res = await bare.app.inject({
        method: 'POST',
        url: '/api/accesstoken/grant/start',
        headers: h,
        payload: { projectId: bare.projects['acme-brand'], streamId: 8 },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Facebook linking is not configured on this server');
    } finally {
      await bare.close();
    }
  });

  it('says before any pick which networks cannot be linked, naming the settings each still needs', async () => {
    const bare = await createTestApp({ env: { TOKEN_KEY, PUBLIC_URL, OAUTH_GOOGLE_CLIENT_ID: 'google-id' } });
    try {
      const h = await authHeader(bare.app, 'analyst@demo.example');
      const res = await bare.app.inject({ method: 'GET', url: `/api/accesstoken/networks?projectId=${bare.projects['acme-brand']}`, headers: h });
      expect(res.statusCode).toBe(200);
      const byName = Object.fromEntries((res.json() as { Network: string; Configured: boolean; MissingSettings: string[] }[]).map((n) => [n.Network, n]));
      expect(byName.Instagram).toMatchObject({ StreamId: 9, Configured: false, MissingSettings: ['OAUTH_FACEBOOK_CLIENT_ID', 'OAUTH_FACEBOOK_CLIENT_SECRET'] });
      expect(byName.YouTube).toMatchObject({ Configured: false, MissingSettings: ['OAUTH_GOOGLE_CLIENT_SECRET'] });
      expect(Object.keys(byName).sort()).toEqual(['Facebook', 'Instagram', 'LinkedIn', 'TikTok', 'X', 'YouTube']);
      // Another client's project is not found.
      const viewer = await authHeader(bare.app, 'viewer@demo.example');
      expect(
        (await bare.app.inject({ method: 'GET', url: `/api/accesstoken/networks?projectId=${bare.projects['acme-brand']}`, headers: viewer })).statusCode,
      ).toBe(404);
    } finally {
      await bare.close();
    }
    // With every client configured (the fakes), every network can be linked.
    const all = await send('GET', `/api/accesstoken/networks?projectId=${acme}`, analyst);
    expect((all.json() as { Configured: boolean; MissingSettings: string[] }[]).every((n) => n.Configured && n.MissingSettings.length === 0)).toBe(true);
  });

  it.each([
    [8, 'Acme Cola South Africa', true],
    [9, 'Acme Cola', true],
    [7, 'Acme Cola', true],
    [10, 'Fake Channel', false],
    [11, 'Fake Org', false],
    [12, 'Fake TikTok', false],
  ])('grants stream %i through the provider and links %s to the project', async (streamId, name, seeded) => {
    const before = await list(acme);
    const url = await start({ projectId: acme, streamId });
    const u = new URL(url);
    expect(u.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/profile`);
    // PKCE wherever the network supports it; LinkedIn's web flow has none.
    expect(u.searchParams.get('code_challenge_method')).toBe(streamId === 11 ? null : 'S256');
    const { page, query } = consent(url);
    expect(page).toBe('/profile');
    const res = await complete(query);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ Message: MESSAGES.tokenGranted, StreamId: streamId, Profiles: [{ Name: name }] });
    const after = await list(acme);
    const linked = after.filter((p) => p.StreamId === streamId && p.Name === name);
    expect(linked).toHaveLength(1);
    expect(linked[0]).toMatchObject({ HasToken: true, IsValid: true });
    // A seeded profile of the same account is granted, not duplicated.
    expect(after.length).toBe(before.length + (seeded ? 0 : 1));
    // The token never reaches the browser, and is stored encrypted.
    expect(JSON.stringify(after)).not.toMatch(FAKE_TOKEN);
    expect(res.body).not.toMatch(FAKE_TOKEN);
    for (const r of await storedTokens()) expect(r.access_token_enc).toMatch(/^v2:/);
  });

  it('refuses a replayed, forged or expired state, and stores nothing', async () => {
    const { query } = consent(await start({ projectId: acme, streamId: 10 }));
    expect((await complete(query)).statusCode).toBe(200);
    const replay = await complete(query);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(STATE_USED);

    const fresh = consent(await start({ projectId: acme, streamId: 10 })).query;
    const forged = await complete({ ...fresh, state: fresh.state.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(STATE_INVALID);

    const before = await storedTokens();
    const late = consent(await start({ projectId: acme, streamId: 7 })).query;
    await t.db
      .updateTable('oauth_grants')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('used_at', 'is', null)
      .execute();
    const expired = await complete(late);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(STATE_EXPIRED);
    expect(await storedTokens()).toEqual(before);
  });

  it("refuses a code obtained for another client's project, touching no token", async () => {
    const theirs = consent(await start({ projectId: acme, streamId: 12 }, analyst)).query;
    const mine = consent(await start({ projectId: karoo, streamId: 12 }, viewer)).query;
    const before = await storedTokens();
    const res = await complete({ code: theirs.code, state: mine.state });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The code_verifier does not match the code_challenge.');
    expect(await storedTokens()).toEqual(before);
    expect((await list(karoo, viewer)).filter((p) => p.HasToken)).toEqual([]);
  });

  it('answers its own message for an error the return address names, never the text beside it, and stores nothing', async () => {
    const before = await storedTokens();
    const denied = consent(await start({ projectId: karoo, streamId: 8 }, viewer), 'deny');
    expect(denied.query.error_description).toBe('The user denied the request.');
    const res = await complete(denied.query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(grantErrorMessage('access_denied', 'Facebook'));
    // Anyone can write a return address: its error_description is never shown as ours.
    const lure = 'Your Facebook page is suspended. Call +1 555 0100 to restore it.';
    for (const [error, expected] of [
      ['access_denied', grantErrorMessage('access_denied', 'Facebook')],
      ['temporarily_unavailable', grantErrorMessage('temporarily_unavailable', 'Facebook')],
      ['call_555_0100', grantErrorMessage('anything else', 'Facebook')],
    ]) {
      const { query } = consent(await start({ projectId: karoo, streamId: 8 }, viewer));
      const crafted = await complete({ state: query.state, error, error_description: lure });
      expect(crafted.statusCode).toBe(400);
      expect(crafted.json().message).toBe(expected);
      expect(crafted.body).not.toContain('555');
    }
    expect(new Set(['access_denied', 'server_error', 'call_555'].map((e) => grantErrorMessage(e, 'Facebook'))).size).toBe(3);

    // The token endpoint's own answer (the network, called by the server) is still shown. Facebook
    // answers in Graph's envelope ({error: {message, type, code}}): its message, not "could not be reached".

    fakes.failNextToken('invalid_grant', 'Code was invalid or expired.');
    const failed = await complete(consent(await start({ projectId: karoo, streamId: 8 }, viewer)).query);
    expect(failed.statusCode).toBe(400);
    expect(failed.json().message).toBe('Code was invalid or expired.');
    expect(await storedTokens()).toEqual(before);
  });

  // The reviewer's case: Karoo's viewer starts a Facebook grant, and the manager of Acme's page
  // consents on that link. The return must not link Acme's page to Karoo's project.
  it("refuses a grant completed in another user's session or without one, and links nothing", async () => {
    const before = await storedTokens();
    const query = consent(await start({ projectId: karoo, streamId: 8 }, viewer)).query;
    const { browserNonce } = started.get(query.state)!;
    const other = await complete(query, '/api/profile/save', { who: analyst, browserNonce });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(GRANT_OTHER_USER);
    // The refused return used the state up: its code cannot be completed by anyone now.
    const replay = await complete(query);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(STATE_USED);

    const signedOut = consent(await start({ projectId: karoo, streamId: 8 }, viewer)).query;
    const anonymous = await complete(signedOut, '/api/profile/save', { who: null, browserNonce: started.get(signedOut.state)!.browserNonce });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().message).toBe(GRANT_OTHER_USER);
    expect(await storedTokens()).toEqual(before);
    expect(await karooHasTokens()).toEqual([]);
  });

  it("refuses a completion in the starter's own session without the starting browser's nonce, or with another", async () => {
    const before = await storedTokens();
    const grant = async () => consent(await start({ projectId: karoo, streamId: 8 }, viewer)).query;
    const [none, wrong, another, theOther] = [await grant(), await grant(), await grant(), await grant()];
    for (const [query, browserNonce] of [
      [none, undefined],
      [wrong, 'A'.repeat(43)],
      [another, started.get(theOther.state)!.browserNonce],
    ] as const) {
      const res = await complete(query, '/api/profile/save', { who: viewer, browserNonce });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(GRANT_OTHER_BROWSER);
    }
    expect(await storedTokens()).toEqual(before);
    expect(await karooHasTokens()).toEqual([]);
  });

  it('completes a grant in the session and the browser that started it, and audits it as that user', async () => {
    const query = consent(await start({ projectId: acme, streamId: 11 }, analyst)).query;
    const res = await complete(query, '/api/profile/linkedin/pages/get');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ StreamId: 11, Profiles: [{ Name: 'Fake Org' }] });
    const analystId = (await t.db.selectFrom('users').select('id').where('email', '=', 'analyst@demo.example').executeTakeFirstOrThrow()).id;
    const entry = await t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'detail'])
      .where('action', '=', 'token.grant')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ actor_id: analystId, detail: { streamId: 11, viaLink: false } });
  });

  it('says so when the Facebook login has no Instagram business account', async () => {
    fakes.accounts.pages = [{ id: '555', name: 'No Insta Page' }];
    const res = await complete(consent(await start({ projectId: karoo, streamId: 9 }, viewer)).query, '/api/profile/save/v2');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.noInstagramBusiness);
    expect((await list(karoo, viewer)).filter((p) => p.HasToken)).toEqual([]);
  });

  it('refuses a return on a network-specific path that is not its network', async () => {
    const res = await complete(consent(await start({ projectId: karoo, streamId: 8 }, viewer)).query, '/api/profile/tiktok/save');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This authorisation is for Facebook, not for this page');
  });

  it("keeps another client's projects and profiles out of reach (404)", async () => {
    expect((await send('GET', `/api/accesstoken/getall?projectId=${acme}`, viewer)).statusCode).toBe(404);
    expect((await send('POST', '/api/accesstoken/grant/start', viewer, { projectId: acme, streamId: 8 })).statusCode).toBe(404);
    const acmeProfile = (await list(acme)).find((p) => p.HasToken)!;
    expect((await send('POST', '/api/accesstoken/revoke', viewer, { profileId: acmeProfile.ProfileId, streamId: acmeProfile.StreamId })).statusCode).toBe(404);
    expect((await send('POST', '/api/accesstoken/check', viewer, { profileId: acmeProfile.ProfileId })).statusCode).toBe(404);
    expect((await list(acme)).find((p) => p.ProfileId === acmeProfile.ProfileId)!.HasToken).toBe(true);
  });

  it('re-grants a profile only with an account that manages it', async () => {
    const fb = (await list(acme)).find((p) => p.StreamId === 8)!;
    const url = await start({ projectId: acme, streamId: 8, profileId: fb.ProfileId });
    expect(new URL(url).searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/brandInfluencerprofile`);
    fakes.accounts.pages = [{ id: '999', name: 'Someone Else' }];
    const res = await complete(consent(url).query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The Facebook account you granted does not manage Acme Cola South Africa. Sign in as an account that does and try again.');
  });

  it("checks a token on the browser's behalf: expiry, 'Never', and the network's refusal", async () => {
    const profiles = await list(acme);
    const x = profiles.find((p) => p.StreamId === 7 && p.HasToken)!;
    const fb = profiles.find((p) => p.StreamId === 8 && p.HasToken)!;
    const xCheck = (await send('POST', '/api/accesstoken/check', analyst, { profileId: x.ProfileId })).json();
    expect(xCheck).toMatchObject({ Kind: 'warning', IsValid: true });
    expect(Date.parse(xCheck.ExpiresAt)).toBeGreaterThan(Date.now());
    expect((await send('POST', '/api/accesstoken/check', analyst, { profileId: fb.ProfileId })).json()).toMatchObject({ Kind: 'success', ExpiresAt: 'Never' });
    const li = profiles.find((p) => p.StreamId === 11 && p.HasToken)!;
    // Linking stores the organisation by URN, the form its posts carry as author (and the check still asks by number).
    const stored = await t.db.selectFrom('profiles').select('external_id').where('id', '=', li.ProfileId).executeTakeFirstOrThrow();
    expect(stored.external_id).toMatch(/^urn:li:organization:\d+$/);
    expect((await send('POST', '/api/linkedin/validate', analyst, { profileId: li.ProfileId })).json()).toMatchObject({ status: 'active', active: true });
    const tt = profiles.find((p) => p.StreamId === 12 && p.HasToken)!;
    expect((await send('POST', '/api/tiktok/validate', analyst, { profileId: tt.ProfileId })).json()).toMatchObject({ status: 'active', active: true });
    expect((await send('POST', '/api/tiktok/validate', analyst, { profileId: li.ProfileId })).statusCode).toBe(400);
  });

  it('marks a rejected token invalid and tells the contacts once', async () => {
    const fb = (await list(acme)).find((p) => p.StreamId === 8 && p.HasToken)!;
    const notes = () => t.db.selectFrom('notifications').select('id').where('description', 'like', '%access token of Acme Cola South Africa%').execute();
    const mails = () => t.db.selectFrom('mail_outbox').select('id').where('idempotency_key', 'like', `token-invalid:${fb.ProfileId}:%`).execute();
    fakes.rejectAllTokens();
    const res = (await send('POST', '/api/accesstoken/check', analyst, { profileId: fb.ProfileId })).json();
    expect(res).toMatchObject({ Kind: 'error', IsValid: false });
    expect(res.Message).toContain('Error validating access token');
    expect((await list(acme)).find((p) => p.ProfileId === fb.ProfileId)).toMatchObject({ HasToken: true, IsValid: false });
    const n = (await notes()).length;
    expect(n).toBeGreaterThan(0);
    expect((await mails()).length).toBe(n);
    await send('POST', '/api/accesstoken/check', analyst, { profileId: fb.ProfileId });
    expect((await notes()).length).toBe(n);
  });

  it('revokes a token: removed here, revoked at the network, the profile kept, its connector gone', async () => {
    const channels = async () => {
      const tokenKeys = resolveTokenKeys({ tokenKey: TOKEN_KEY, embedded: false, dataDir: ':memory:' });
      const { specs } = await buildConnectorSpecs(t.db, { intervalMs: 1, xBearerToken: null, baseUrls: {}, blogFeeds: [], tokenKeys });
      return specs.filter((s) => s.kind === 'youtube.channel' && s.ownerProjectId === acme).map((s) => (s as { channelId: string }).channelId);
    };
    expect((await complete(consent(await start({ projectId: acme, streamId: 10 })).query)).statusCode).toBe(200);
    // Granted: the connectors read the channel as the project's own at their next run.
    expect(await channels()).toEqual(['UCfakechannel']);
    const x = (await list(acme)).find((p) => p.StreamId === 10 && p.HasToken)!;
    const revokedBefore = fakes.tokens().revoked;
    const res = await send('POST', '/api/accesstoken/revoke', analyst, { profileId: x.ProfileId, streamId: 10 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ProfileId: x.ProfileId, HasToken: false, IsValid: false });
    expect(fakes.tokens().revoked).toBeGreaterThan(revokedBefore);
    const row = await t.db.selectFrom('profiles').select(['access_token_enc', 'token_secret_enc']).where('id', '=', x.ProfileId).executeTakeFirstOrThrow();
    expect(row).toEqual({ access_token_enc: null, token_secret_enc: null });
    expect(await channels()).toEqual([]);
  });

  it('gives admins a link that grants for that project without a session', async () => {
    expect((await send('POST', '/api/accesstoken/grant/link', analyst, { projectId: karoo, streamId: 12 })).statusCode).toBe(403);
    const res = await send('POST', '/api/accesstoken/grant/link', admin, { projectId: karoo, streamId: 12 });
    expect(res.statusCode).toBe(200);
    const link = new URL(res.json().url);
    expect(link.origin).toBe(PUBLIC_URL);
    const openLink = async () => {
      const open = await send('GET', `${link.pathname}${link.search}`, null);
      expect(open.statusCode).toBe(302);
      // The browser that opened the link keeps a cookie of its own for the grant, sent back only to the return calls.
      const cookie = String(open.headers['set-cookie']);
      expect(cookie).toMatch(/; Path=\/api\/profile; Max-Age=600; HttpOnly; SameSite=Lax$/);
      return { ...consent(open.headers.location as string), cookie: cookie.split(';')[0] };
    };
    // The provider's page passed on to someone else: their browser has no cookie, with a session or without.
    for (const who of [null, viewer]) {
      const forwarded = await openLink();
      const res = await complete(forwarded.query, '/api/profile/save', { who });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(LINK_OTHER_BROWSER);
    }
    const other = [await openLink(), await openLink()];
    expect((await complete(other[0].query, '/api/profile/save', { who: { cookie: other[1].cookie } })).statusCode).toBe(403);
    expect(await karooHasTokens()).toEqual([]);

    const { page, query, cookie } = await openLink();
    expect(page).toBe('/brandInfluencer');
    const granted = await complete(query, '/api/profile/save', { who: { cookie } });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(await karooHasTokens()).toEqual(['Fake TikTok']);
    const forged = await send('GET', `${link.pathname}?link=${encodeURIComponent(link.searchParams.get('link')!.replace(/.$/, 'x'))}`, null);
    expect(forged.statusCode).toBe(400);
  });

  it("accepts only this server's return pages as the X callback", async () => {
    const bad = await send(
      'GET',
      `/api/accesstoken/request/twitter/get?callbackUrl=${encodeURIComponent('https://evil.example/profile')}&projectId=${karoo}`,
      viewer,
    );
    expect(bad.statusCode).toBe(400);
    const ok = await send(
      'GET',
      `/api/accesstoken/request/twitter/get?callbackUrl=${encodeURIComponent(`${PUBLIC_URL}/brandInfluencer`)}&projectId=${karoo}`,
      viewer,
    );
    expect(ok.statusCode).toBe(200);
    expect(new URL(ok.json().url).searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/brandInfluencer`);
  });

  it('saves a token only after the network accepts it', async () => {
    const before = await storedTokens();
    const res = await send('POST', '/api/accesstoken/save', viewer, {
      projectId: karoo,
      streamId: 7,
      name: 'Karoo X',
      externalId: 'x-karoo',
      access_token: 'not-a-token',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Unauthorized');
    expect(await storedTokens()).toEqual(before);
    expect((await list(karoo, viewer)).some((p) => p.Name === 'Karoo X')).toBe(false);
  });

  it('removes a profile with its token', async () => {
    const tt = (await list(karoo, viewer)).find((p) => p.StreamId === 12)!;
    const url = `/api/profile/delete?profileId=${tt.ProfileId}&streamId=12&projectId=${karoo}`;
    expect((await send('DELETE', url.replace(`projectId=${karoo}`, `projectId=${acme}`), viewer)).statusCode).toBe(404);
    expect((await send('DELETE', url, viewer)).json()).toEqual({ ProfileId: tt.ProfileId });
    expect((await list(karoo, viewer)).some((p) => p.ProfileId === tt.ProfileId)).toBe(false);
  });
});
