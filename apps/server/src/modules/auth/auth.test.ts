import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@listening/contract';
import { authHeader, createTestApp, createTestAppWithSmtp, type SmtpTestContext, type TestContext } from '../../test/harness.ts';
import { hashToken } from '../../plugins/auth.ts';
import { INVALID_SETUP_LINK } from './service.ts';

describe('sessions', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('logs in with the password in the body and answers an opaque token stored only as a hash', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/crm/api/user/login', payload: { Username: 'analyst@demo.example', Password: 'demo-password' } });
    expect(res.statusCode).toBe(200);
    const token = res.json().access_token as string;
    expect(token.length).toBeGreaterThan(30);
    const stored = await t.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).toContain(hashToken(token));
    expect(stored.map((s) => s.token_hash)).not.toContain(token);
  });

  it('refuses a wrong password with 401 and a message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/crm/api/user/login', payload: { Username: 'analyst@demo.example', Password: 'nope' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid email or password');
  });

  it('names the missing field with 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/crm/api/user/login', payload: { Username: 'analyst@demo.example' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Password/);
  });

  it('answers the current user and 401 without a token', async () => {
    const h = await authHeader(t.app, 'admin@demo.example');
    const me = await t.app.inject({ method: 'GET', url: '/api/user/get', headers: h });
    expect(me.json()).toMatchObject({ Email: 'admin@demo.example', IsAdmin: true, Name: 'Ada' });
    const anon = await t.app.inject({ method: 'GET', url: '/api/user/get' });
    expect(anon.statusCode).toBe(401);
  });

  it('revokes the token on logout', async () => {
    const h = await authHeader(t.app, 'viewer@demo.example');
    expect((await t.app.inject({ method: 'POST', url: '/crm/api/user/logout', headers: h })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/get', headers: h })).statusCode).toBe(401);
  });

  it('lets only admins act as another contact, enforced on the server', async () => {
    const viewer = await authHeader(t.app, 'viewer@demo.example');
    const denied = await t.app.inject({ method: 'POST', url: '/api/user/get/email', headers: viewer, payload: { Email: 'analyst@demo.example' } });
    expect(denied.statusCode).toBe(403);
    const deniedLogin = await t.app.inject({ method: 'POST', url: '/crm/api/user/login/id?contactId=1', headers: viewer });
    expect(deniedLogin.statusCode).toBe(403);

    let admin = await authHeader(t.app, 'admin@demo.example');
    const id = await t.app.inject({ method: 'POST', url: '/api/user/get/email', headers: admin, payload: { Email: 'analyst@demo.example' } });
    expect(id.statusCode).toBe(200);
    const as = await t.app.inject({ method: 'POST', url: `/crm/api/user/login/id?contactId=${id.json().Id}`, headers: admin });
    const me = await t.app.inject({ method: 'GET', url: '/api/user/get', headers: { authorization: `Bearer ${as.json().access_token}` } });
    expect(me.json()).toMatchObject({ Email: 'analyst@demo.example', IsAdmin: false });
    expect(me.json().ActingAdminId).toBeGreaterThan(0);

    // Switching to act-as ends the admin's own session (security review, act-as): sign in again.
    admin = await authHeader(t.app, 'admin@demo.example');
    const unknown = await t.app.inject({ method: 'POST', url: '/api/user/get/email', headers: admin, payload: { Email: 'nobody@demo.example' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MESSAGES.actAsUserNotFound);
    const invalid = await t.app.inject({ method: 'POST', url: '/api/user/get/email', headers: admin, payload: { Email: 'not an email' } });
    expect(invalid.statusCode).toBe(400);
  });
});

describe('forgot password and password setup', () => {
  let t: SmtpTestContext;
  beforeAll(async () => {
    t = await createTestAppWithSmtp({ PUBLIC_URL: 'http://app.test' });
  });
  afterAll(() => t.close());

  it('emails a one-time link through SMTP, which sets the password once', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user/forgotpassword?email=viewer@demo.example' });
    expect(res.json()).toEqual({ ok: true });
    // Mail is queued and sent in the background: deliver it before looking.
    await t.mailer.flush();
    const mail = t.smtp.received.find((m) => m.to === 'viewer@demo.example');
    expect(mail).toBeDefined();
    // The token travels in the fragment, which browsers never send to a server (nor to its log).
    const m = mail!.body.match(/http:\/\/app\.test\/password-setup\/(\d+)#token=([\w-]+)/);
    expect(m).not.toBeNull();
    const [, id, token] = m!;

    const bare = await t.app.inject({
      method: 'POST',
      url: '/crm/api/user/password/set',
      payload: { IDUser: Number(id), Token: 'guess', Password: 'new-password-1', PasswordConfirm: 'new-password-1' },
    });
    expect(bare.statusCode).toBe(400);

    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/crm/api/user/password/set',
      payload: { IDUser: Number(id), Token: token, Password: 'new-password-1', PasswordConfirm: 'other-password' },
    });
    expect(mismatch.json().message).toBe(MESSAGES.passwordsDoNotMatch);

    const ok = await t.app.inject({
      method: 'POST',
      url: '/crm/api/user/password/set',
      payload: { IDUser: Number(id), Token: token, Password: 'new-password-1', PasswordConfirm: 'new-password-1' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().Message).toBe(MESSAGES.passwordSet);
    await authHeader(t.app, 'viewer@demo.example', 'new-password-1');

    const again = await t.app.inject({
      method: 'POST',
      url: '/crm/api/user/password/set',
      payload: { IDUser: Number(id), Token: token, Password: 'another-pass-2', PasswordConfirm: 'another-pass-2' },
    });
    expect(again.statusCode).toBe(400);
  });

  // Was 404 with MESSAGES.userNotFoundForId: that told which ids exist (security review, user
  // enumeration). An unknown id now answers exactly as a known id with a wrong token.
  it('answers an unknown contact id as it answers a wrong token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/crm/api/user/password/set',
      payload: { IDUser: 99999, Token: 'x', Password: 'whatever-1', PasswordConfirm: 'whatever-1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(INVALID_SETUP_LINK);
  });

  it('answers ok for an unknown email without sending anything', async () => {
    const before = t.smtp.received.length;
    const res = await t.app.inject({ method: 'POST', url: '/api/user/forgotpassword?email=nobody@demo.example' });
    expect(res.json()).toEqual({ ok: true });
    await t.mailer.flush();
    expect(t.smtp.received.length).toBe(before);
  });
});

describe('login rate limit', () => {
  it('answers 429 after too many attempts', async () => {
    const t = await createTestApp({ seed: false, env: { LOGIN_RATE_LIMIT: '3' } });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push((await t.app.inject({ method: 'POST', url: '/crm/api/user/login', payload: { Username: 'a@b.c', Password: 'x' } })).statusCode);
    expect(codes.slice(0, 3)).toEqual([401, 401, 401]);
    expect(codes[4]).toBe(429);
    await t.close();
  });
});
