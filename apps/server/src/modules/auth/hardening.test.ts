// Sessions end after hours without a request, a user can end all of their sessions at once, and a
// new password may be neither a commonly leaked one nor contain the email's name (security review).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createSession, hashToken, newToken } from '../../plugins/auth.ts';
import { authHeader, createTestApp, type TestContext } from '../../test/harness.ts';
import { COMMON_PASSWORD, PASSWORD_HAS_EMAIL_NAME, commonPasswordCount, passwordProblem } from './password-quality.ts';

type H = { authorization: string };
const HOUR = 3_600_000;

describe('idle sessions', () => {
  let t: TestContext;
  let analystId: number;
  beforeAll(async () => {
    t = await createTestApp({ env: { SESSION_IDLE_HOURS: '2' } });
    analystId = (await t.db.selectFrom('users').select('id').where('email', '=', 'analyst@demo.example').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());

  const me = (h: H) => t.app.inject({ method: 'GET', url: '/api/user/get', headers: h });
  /** A session last seen `agoMs` ago. */
  const sessionSeen = async (agoMs: number) => {
    const token = await createSession(t.db, analystId);
    await t.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - agoMs) })
      .where('token_hash', '=', hashToken(token))
      .execute();
    return { h: { authorization: `Bearer ${token}` }, hash: hashToken(token) };
  };
  const lastSeen = async (hash: string) =>
    (await t.db.selectFrom('sessions').select('last_seen_at').where('token_hash', '=', hash).executeTakeFirstOrThrow()).last_seen_at;

  it('reads SESSION_IDLE_HOURS: 8 hours unless set to a positive number', () => {
    expect(loadConfig({}).sessionIdleHours).toBe(8);
    expect(loadConfig({ SESSION_IDLE_HOURS: '2' }).sessionIdleHours).toBe(2);
    expect(loadConfig({ SESSION_IDLE_HOURS: '0.5' }).sessionIdleHours).toBe(0.5);
    for (const bad of ['0', '-1', 'soon', '']) expect(loadConfig({ SESSION_IDLE_HOURS: bad }).sessionIdleHours).toBe(8);
  });

  it('ends a session that saw no request for the idle time', async () => {
    const idle = await sessionSeen(2 * HOUR + 60_000);
    const res = await me(idle.h);
    expect(res.statusCode).toBe(401);
  });

  it('keeps a session in use, noting when it was last seen at most once a minute', async () => {
    const recent = await sessionSeen(2 * HOUR - 60_000);
    expect((await me(recent.h)).statusCode).toBe(200);
    expect(Date.now() - (await lastSeen(recent.hash)).getTime()).toBeLessThan(10_000);

    const justNow = await sessionSeen(30_000);
    const before = await lastSeen(justNow.hash);
    expect((await me(justNow.h)).statusCode).toBe(200);
    expect(await lastSeen(justNow.hash)).toEqual(before);
  });

  it('starts a new session as just seen', async () => {
    const h = await authHeader(t.app, 'viewer@demo.example');
    const row = await t.db
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('token_hash', '=', hashToken(h.authorization.slice(7)))
      .executeTakeFirstOrThrow();
    expect(Date.now() - row.last_seen_at.getTime()).toBeLessThan(10_000);
  });
});

describe('log out everywhere', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const me = (h: H) => t.app.inject({ method: 'GET', url: '/api/user/get', headers: h });
  const logoutAll = (h?: H) => t.app.inject({ method: 'POST', url: '/crm/api/user/logout/all', headers: h ?? {} });

  it("revokes every session of the user, on every device, and no one else's", async () => {
    const [laptop, phone, viewer] = [
      await authHeader(t.app, 'analyst@demo.example'),
      await authHeader(t.app, 'analyst@demo.example'),
      await authHeader(t.app, 'viewer@demo.example'),
    ];
    const res = await logoutAll(laptop);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Revoked: 2 });
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(viewer)).statusCode).toBe(200);
    const entry = await t.db
      .selectFrom('audit_log')
      .select(['action', 'target', 'detail'])
      .where('action', '=', 'sessions.revoke_all')
      .executeTakeFirstOrThrow();
    expect(entry.target).toMatch(/^user:\d+$/);
    expect(entry.detail).toEqual({ sessions: 2 });
    expect((await logoutAll()).statusCode).toBe(401);
  });

  it("refuses it from an admin's act-as session, which may not end the contact's own sessions", async () => {
    const contact = await authHeader(t.app, 'analyst@demo.example');
    const admin = await authHeader(t.app, 'admin@demo.example');
    const id = (await t.app.inject({ method: 'POST', url: '/api/user/get/email', headers: admin, payload: { Email: 'analyst@demo.example' } })).json().Id;
    const as = (await t.app.inject({ method: 'POST', url: `/crm/api/user/login/id?contactId=${id}`, headers: admin })).json().access_token;
    const res = await logoutAll({ authorization: `Bearer ${as}` });
    expect(res.statusCode).toBe(403);
    expect((await me(contact)).statusCode).toBe(200);
  });
});

describe('password quality at setup', () => {
  it('ships the 10,000 most common passwords and refuses any of them, whatever the case', () => {
    expect(commonPasswordCount()).toBe(10_000);
    for (const p of ['password', 'password1', 'PASSWORD1', '12345678', 'qwertyuiop', 'iloveyou', 'trustno1', 'baseball'])
      expect(passwordProblem(p, 'x@y.example')).toBe(COMMON_PASSWORD);
    expect(passwordProblem('demo-password', 'x@y.example')).toBeNull();
    expect(passwordProblem('Correct horse battery staple', 'x@y.example')).toBeNull();
  });

  it("refuses a password containing the email's name, or a long part of it", () => {
    expect(passwordProblem('analyst-2024!', 'analyst@demo.example')).toBe(PASSWORD_HAS_EMAIL_NAME);
    expect(passwordProblem('MyANALYST#pass', 'Analyst@demo.example')).toBe(PASSWORD_HAS_EMAIL_NAME);
    expect(passwordProblem('smith-rules-ok', 'john.smith@example.com')).toBe(PASSWORD_HAS_EMAIL_NAME);
    // Short names and parts would refuse half the dictionary: they are not checked.
    expect(passwordProblem('jo-likes-tea-x', 'jo@example.com')).toBeNull();
    expect(passwordProblem('al-likes-tea-x', 'al.b@example.com')).toBeNull();
  });

  describe('through the setup call', () => {
    let t: TestContext;
    let analystId: number;
    beforeAll(async () => {
      t = await createTestApp();
      analystId = (await t.db.selectFrom('users').select('id').where('email', '=', 'analyst@demo.example').executeTakeFirstOrThrow()).id;
    });
    afterAll(() => t.close());

    it('answers 400 with the reason and keeps the link usable for a better password', async () => {
      const token = newToken();
      await t.db
        .insertInto('password_resets')
        .values({ user_id: analystId, token_hash: hashToken(token), expires_at: new Date(Date.now() + HOUR) })
        .execute();
      const set = (Password: string) =>
        t.app.inject({ method: 'POST', url: '/crm/api/user/password/set', payload: { IDUser: analystId, Token: token, Password, PasswordConfirm: Password } });
      const common = await set('Password1');
      expect([common.statusCode, common.json().message]).toEqual([400, COMMON_PASSWORD]);
      const named = await set('analyst-2024-x');
      expect([named.statusCode, named.json().message]).toEqual([400, PASSWORD_HAS_EMAIL_NAME]);
      const good = await set('plum tree by the river');
      expect(good.statusCode).toBe(200);
      await authHeader(t.app, 'analyst@demo.example', 'plum tree by the river');
    });
  });
});
