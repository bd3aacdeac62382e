import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { startOAuthFakes, type OAuthFakes } from '../oauth/fakes/index.ts';
import { tokenDeps, type TokenDeps } from '../oauth/linked-profiles.ts';
import { authHeader, createTestApp, type TestContext } from '../test/harness.ts';
import { checkTokens } from './token-check.ts';

const env = (fakes: OAuthFakes) => ({ ...fakes.env, TOKEN_KEY: 'b'.repeat(64), PUBLIC_URL: 'http://app.test' });

describe('the token-check job', () => {
  let fakes: OAuthFakes;
  let t: TestContext;
  let deps: TokenDeps;
  let profileId: number;

  beforeAll(async () => {
    fakes = await startOAuthFakes();
    t = await createTestApp({ env: env(fakes) });
    deps = tokenDeps(loadConfig(env(fakes)));
    const analyst = await authHeader(t.app, 'analyst@demo.example');
    // An X grant for Acme: its token expires in 2 hours and comes with a refresh token.
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/accesstoken/grant/start',
      headers: analyst,
      payload: { projectId: t.projects['acme-brand'], streamId: 7 },
    });
    const back = fakes.decide(start.json().url, 'allow');
    // Completed as the grant binding asks: the starter's session and the nonce its browser was given.
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/profile/save',
      headers: analyst,
      payload: { ...Object.fromEntries(back.searchParams), browserNonce: start.json().browserNonce },
    });
    expect(done.statusCode, done.body).toBe(200);
    profileId = done.json().Profiles[0].ProfileId;
  });
  afterAll(async () => {
    await t.close();
    await fakes.close();
  });

  const profile = () =>
    t.db
      .selectFrom('profiles')
      .select(['access_token_enc', 'token_valid', 'token_expires_at', 'token_error'])
      .where('id', '=', profileId)
      .executeTakeFirstOrThrow();
  const notices = () => t.db.selectFrom('notifications').select('id').where('description', 'like', '%X access token of Acme Cola%').execute();

  it('leaves a recently checked token alone', async () => {
    expect(await checkTokens(t.db, deps)).toMatchObject({ checked: 0 });
  });

  it('refreshes a token that expires soon', async () => {
    const before = await profile();
    await t.db
      .updateTable('profiles')
      .set({ token_expires_at: new Date(Date.now() + 30 * 60_000) })
      .where('id', '=', profileId)
      .execute();
    const r = await checkTokens(t.db, deps);
    expect(r).toMatchObject({ checked: 1, refreshed: 1, invalid: 0 });
    const after = await profile();
    expect(after.access_token_enc).not.toBe(before.access_token_enc);
    expect(after.token_valid).toBe(true);
    expect(after.token_expires_at!.getTime()).toBeGreaterThan(Date.now() + 3600_000);
  });

  it('changes nothing when the network cannot be reached', async () => {
    const offline = { ...deps, api: { ...deps.api, baseUrls: { ...deps.api.baseUrls, x: 'http://127.0.0.1:9' } } };
    await t.db
      .updateTable('profiles')
      .set({ token_checked_at: new Date(Date.now() - 7 * 3600_000) })
      .where('id', '=', profileId)
      .execute();
    expect(await checkTokens(t.db, offline)).toMatchObject({ checked: 0, unreachable: 1 });
    expect((await profile()).token_valid).toBe(true);
  });

  it('marks a refused token invalid and tells the contacts once', async () => {
    fakes.rejectAllTokens();
    await t.db
      .updateTable('profiles')
      .set({ token_checked_at: new Date(Date.now() - 7 * 3600_000) })
      .where('id', '=', profileId)
      .execute();
    expect(await checkTokens(t.db, deps)).toMatchObject({ checked: 1, invalid: 1, turnedInvalid: 1 });
    expect(await profile()).toMatchObject({ token_valid: false, token_error: 'Unauthorized' });
    const n = (await notices()).length;
    expect(n).toBeGreaterThan(0);
    const mails = await t.db.selectFrom('mail_outbox').select(['to', 'text']).where('idempotency_key', 'like', `token-invalid:${profileId}:%`).execute();
    expect(mails).toHaveLength(n);
    expect(mails[0].text).toContain('http://app.test/client/');
    // Invalid until granted again: not asked about, nobody told twice.
    await t.db
      .updateTable('profiles')
      .set({ token_checked_at: new Date(Date.now() - 7 * 3600_000) })
      .where('id', '=', profileId)
      .execute();
    expect(await checkTokens(t.db, deps)).toMatchObject({ checked: 0 });
    expect((await notices()).length).toBe(n);
  });
});
