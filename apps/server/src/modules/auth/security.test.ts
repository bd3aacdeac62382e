// The security review's findings on sessions and passwords (docs/security.md): per-account
// lockout, bounded argon2 work, secrets out of the outbox, the same answer for known and unknown
// users, mail through a queue, and act-as.
import { readdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { Migrator, sql, type Migration } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestApp, createTestAppWithSmtp, type SmtpTestContext, type TestContext, testDb } from '../../test/harness.ts';
import * as m0006 from '../../db/migrations/0006_auth_security.ts';
import { ACT_AS_HOURS } from '../../plugins/auth.ts';
import { redact, REDACTED } from '../../mail/mailer.ts';
import { loopbackSmtp } from '../../mail/test-smtp.ts';
import { LOCKOUT, lockDelayMs, recordFailure } from './lockout.ts';
import { ARGON_CONCURRENCY, Semaphore, argonCounts, argonGate } from './passwords.ts';
import { FORGOT_MIN_MS, INVALID_SETUP_LINK } from './service.ts';

const MIN = 60_000;

/** A loopback port nothing listens on (for now). */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

const linkIn = (body: string) => body.match(/\/password-setup\/(\d+)#token=([\w-]+)/);

describe('rules', () => {
  it('locks for 1, 2, 4, 8, then at most 15 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map((n) => lockDelayMs(n) / MIN)).toEqual([1, 2, 4, 8, 15, 15, 15]);
  });

  it('runs at most `size` tasks at once and queues the rest in order', async () => {
    const gate = new Semaphore(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        gate.run(async () => {
          peak = Math.max(peak, ++running);
          await new Promise((r) => setTimeout(r, 5));
          order.push(i);
          running--;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(gate.stats.peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(gate.running).toBe(0);
  });

  it('redacts every occurrence of every secret', () => {
    expect(redact('a/x#token=s3cr3t and again s3cr3t', ['s3cr3t'])).toBe(`a/x#token=${REDACTED} and again ${REDACTED}`);
    expect(redact('nothing secret', [])).toBe('nothing secret');
  });
});

describe('login lockout per account', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (Username: string, Password: string) => t.app.inject({ method: 'POST', url: '/crm/api/user/login', payload: { Username, Password } });

  it('refuses even the right password with 429 and Retry-After after 5 failures; the lock ends, and a success clears the count', async () => {
    const codes: number[] = [];
    for (let i = 0; i < LOCKOUT.threshold; i++) codes.push((await login('analyst@demo.example', `wrong-${i}`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401]);
    const locked = await login('analyst@demo.example', 'demo-password');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many failed sign-ins for this account. Try again in 1 minute.');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another account is not affected.
    expect((await login('viewer@demo.example', 'demo-password')).statusCode).toBe(200);

    // A minute later (moved back in the table rather than waited for), the right password works and the slate is clean.
    await t.db
      .updateTable('login_lockouts')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('email', '=', 'analyst@demo.example')
      .execute();
    expect((await login('Analyst@Demo.example', 'demo-password')).statusCode).toBe(200);
    expect(await t.db.selectFrom('login_lockouts').selectAll().where('email', '=', 'analyst@demo.example').executeTakeFirst()).toBeUndefined();
  });

  it('locks an unknown address exactly as a known one, so a lock tells nothing', async () => {
    for (let i = 0; i < LOCKOUT.threshold; i++) expect((await login('nobody@demo.example', 'wrong')).statusCode).toBe(401);
    const locked = await login('nobody@demo.example', 'wrong');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many failed sign-ins for this account. Try again in 1 minute.');
  });

  it('grows the lock with each lock in a row, caps it at 15 minutes, and forgets after a quiet day', async () => {
    const email = 'grow@demo.example';
    let now = Date.parse('2030-01-01T00:00:00Z');
    const lockAfterThreshold = async () => {
      let ms = 0;
      for (let i = 0; i < LOCKOUT.threshold; i++) ms = await recordFailure(t.db, email, new Date(now));
      return ms;
    };
    const locks: number[] = [];
    for (let i = 0; i < 6; i++) {
      const ms = await lockAfterThreshold();
      locks.push(ms / MIN);
      now += ms + 1000; // the attacker waits the lock out, then tries again
    }
    expect(locks).toEqual([1, 2, 4, 8, 15, 15]);
    // Fewer failures than the threshold lock nothing.
    now += LOCKOUT.windowMs + 1000;
    expect(await recordFailure(t.db, email, new Date(now))).toBe(0);
    now += LOCKOUT.forgetAfterMs + 1000;
    expect((await lockAfterThreshold()) / MIN).toBe(1);
  });
});

describe('argon2 work', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it(`never runs more than ${ARGON_CONCURRENCY} argon2 computations at once; the rest wait their turn`, async () => {
    const before = argonGate.stats.runs;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.app.inject({ method: 'POST', url: '/crm/api/user/login', payload: { Username: `burst-${i}@demo.example`, Password: 'wrong' } }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(401));
    expect(argonGate.stats.runs - before).toBeGreaterThanOrEqual(8);
    expect(argonGate.stats.peak).toBeLessThanOrEqual(ARGON_CONCURRENCY);
  });

  it('checks the password-setup token before hashing the new password', async () => {
    const analyst = await t.db.selectFrom('users').select('id').where('email', '=', 'analyst@demo.example').executeTakeFirstOrThrow();
    const hashes = argonCounts.hashes;
    for (const IDUser of [analyst.id, 99_999]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/crm/api/user/password/set',
        payload: { IDUser, Token: 'guess', Password: 'new-password-1', PasswordConfirm: 'new-password-1' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(INVALID_SETUP_LINK);
    }
    expect(argonCounts.hashes).toBe(hashes);
  });
});

describe('forgot password: one answer, one timing, mail through a queue, no secret kept', () => {
  let t: SmtpTestContext;
  beforeAll(async () => {
    t = await createTestAppWithSmtp({ PUBLIC_URL: 'http://app.test' });
  });
  afterAll(() => t.close());

  const forgot = async (email: string) => {
    const start = performance.now();
    const res = await t.app.inject({ method: 'POST', url: `/api/user/forgotpassword?email=${encodeURIComponent(email)}` });
    return { res, ms: performance.now() - start };
  };
  const setPassword = (IDUser: number, Token: string, Password = 'new-password-1') =>
    t.app.inject({ method: 'POST', url: '/crm/api/user/password/set', payload: { IDUser, Token, Password, PasswordConfirm: Password } });

  it(`answers a known and an unknown address alike, neither sooner than ${FORGOT_MIN_MS} ms`, async () => {
    const known = await forgot('viewer@demo.example');
    const unknown = await forgot('nobody@demo.example');
    expect(known.res.statusCode).toBe(200);
    expect(unknown.res.statusCode).toBe(200);
    expect(unknown.res.body).toBe(known.res.body);
    expect(known.ms).toBeGreaterThanOrEqual(FORGOT_MIN_MS - 2);
    expect(unknown.ms).toBeGreaterThanOrEqual(FORGOT_MIN_MS - 2);
  });

  it('keeps the outbox copy with the token redacted while the sent mail carries it in the fragment', async () => {
    t.smtp.received.length = 0;
    await forgot('analyst@demo.example');
    await t.mailer.flush();
    const mail = t.smtp.received.find((m) => m.to === 'analyst@demo.example');
    const [, , token] = linkIn(mail!.body)!;
    expect(token.length).toBeGreaterThan(30);

    const admin = await authHeader(t.app, 'admin@demo.example');
    const outbox = await t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: admin });
    expect(outbox.body).not.toContain(token);
    const copy = outbox.json().find((m: { To: string }) => m.To === 'analyst@demo.example');
    expect(copy.Text).toContain(`#token=${REDACTED}`);
    expect(copy.Status).toBe('sent');
    const rows = await t.db.selectFrom('mail_outbox').select(['text', 'html']).execute();
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("voids the user's other open links when one is used, and clears the account's lockout", async () => {
    t.smtp.received.length = 0;
    await forgot('analyst@demo.example');
    await forgot('analyst@demo.example');
    await t.mailer.flush();
    const links = t.smtp.received.filter((m) => m.to === 'analyst@demo.example').map((m) => linkIn(m.body)!);
    expect(links).toHaveLength(2);
    for (let i = 0; i < LOCKOUT.threshold; i++)
      await t.app.inject({ method: 'POST', url: '/crm/api/user/login', payload: { Username: 'analyst@demo.example', Password: 'wrong' } });

    expect((await setPassword(Number(links[1][1]), links[1][2])).statusCode).toBe(200);
    const older = await setPassword(Number(links[0][1]), links[0][2], 'another-pass-2');
    expect(older.statusCode).toBe(400);
    expect(older.json().message).toBe(INVALID_SETUP_LINK);
    // Not locked any more: the new password works at once.
    await authHeader(t.app, 'analyst@demo.example', 'new-password-1');
  });

  it('never lets an SMTP failure reach the caller: the mail stays pending and a later step delivers it', async () => {
    const port = await freePort();
    const down = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'http://app.test' } });
    try {
      const res = await down.app.inject({ method: 'POST', url: '/api/user/forgotpassword?email=viewer@demo.example' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      await down.mailer.flush();
      const row = await down.db.selectFrom('mail_outbox').selectAll().where('to', '=', 'viewer@demo.example').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'pending', attempts: 1, has_secret: true });
      expect(row.last_error).toBeTruthy();
      expect(row.next_attempt_at.getTime()).toBeGreaterThan(Date.now());

      // The mail server comes back; the retry is due.
      const back = await loopbackSmtp({ port });
      try {
        await down.db.updateTable('mail_outbox').set({ next_attempt_at: new Date() }).where('id', '=', row.id).execute();
        await down.mailer.flush();
        expect((await down.db.selectFrom('mail_outbox').select(['status', 'attempts']).where('id', '=', row.id).executeTakeFirstOrThrow()).status).toBe('sent');
        // The retry sent the real link, though the table never held it.
        const link = linkIn(back.received[0].body)!;
        expect(link[2]).not.toBe(REDACTED);
        const viewerId = (await down.db.selectFrom('users').select('id').where('email', '=', 'viewer@demo.example').executeTakeFirstOrThrow()).id;
        expect(Number(link[1])).toBe(viewerId);
      } finally {
        await back.close();
      }
    } finally {
      await down.close();
    }
  });
});

describe('act-as', () => {
  let t: TestContext;
  const idOf = async (email: string) => (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const actAs = (contactId: number, h: { authorization: string }) =>
    t.app.inject({ method: 'POST', url: `/crm/api/user/login/id?contactId=${contactId}`, headers: h });
  beforeAll(async () => {
    t = await createTestApp();
    await t.db.insertInto('users').values({ email: 'second-admin@demo.example', name: 'Grace', is_admin: true }).execute();
  });
  afterAll(() => t.close());

  it('refuses another admin as the target', async () => {
    const admin = await authHeader(t.app, 'admin@demo.example');
    const res = await actAs(await idOf('second-admin@demo.example'), admin);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Administrators cannot be acted as');
  });

  it('lasts hours, ends the admin’s own session, and is written to the audit log', async () => {
    const admin = await authHeader(t.app, 'admin@demo.example');
    const analystId = await idOf('analyst@demo.example');
    const res = await t.app.inject({ method: 'POST', url: `/crm/api/user/login/id?contactId=${analystId}`, headers: admin, remoteAddress: '198.51.100.7' });
    expect(res.statusCode).toBe(200);
    const session = await t.db
      .selectFrom('sessions')
      .select(['created_at', 'expires_at'])
      .where('acting_admin_id', 'is not', null)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(session.expires_at.getTime() - Date.now()).toBeLessThanOrEqual(ACT_AS_HOURS * 3_600_000);
    expect(session.expires_at.getTime() - Date.now()).toBeGreaterThan((ACT_AS_HOURS - 0.1) * 3_600_000);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/get', headers: admin })).statusCode).toBe(401);

    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'act_as.start').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_id: await idOf('admin@demo.example'), acting_as_id: null, target: `user:${analystId}`, ip: '198.51.100.7' });
  });

  it('leads back to the admin’s own session, ending the act-as one, and is written to the audit log', async () => {
    const analystId = await idOf('analyst@demo.example');
    const token = (await actAs(analystId, await authHeader(t.app, 'admin@demo.example'))).json().access_token as string;
    const as = { authorization: `Bearer ${token}` };
    const back = await t.app.inject({ method: 'POST', url: '/crm/api/user/login/back', headers: as });
    expect(back.statusCode).toBe(200);
    const mine = { authorization: `Bearer ${back.json().access_token}` };
    const me = await t.app.inject({ method: 'GET', url: '/api/user/get', headers: mine });
    expect(me.json()).toMatchObject({ Email: 'admin@demo.example', IsAdmin: true, ActingAdminId: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/get', headers: as })).statusCode).toBe(401);
    const entry = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'act_as.end').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ actor_id: await idOf('admin@demo.example'), acting_as_id: analystId, target: `user:${analystId}` });
  });

  it('has no way back from an ordinary session, nor for an admin who is no longer one', async () => {
    const analyst = await authHeader(t.app, 'analyst@demo.example');
    const plain = await t.app.inject({ method: 'POST', url: '/crm/api/user/login/back', headers: analyst });
    expect(plain.statusCode).toBe(403);
    expect(plain.json().message).toBe('This is not an act-as session');

    await t.db
      .insertInto('users')
      .values({
        email: 'leaving-admin@demo.example',
        name: 'Lee',
        is_admin: true,
        password_hash: (await t.db.selectFrom('users').select('password_hash').where('email', '=', 'admin@demo.example').executeTakeFirstOrThrow())
          .password_hash,
      })
      .execute();
    const token = (await actAs(await idOf('viewer@demo.example'), await authHeader(t.app, 'leaving-admin@demo.example'))).json().access_token as string;
    await t.db.updateTable('users').set({ is_admin: false }).where('email', '=', 'leaving-admin@demo.example').execute();
    const res = await t.app.inject({ method: 'POST', url: '/crm/api/user/login/back', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(403);
  });

  it('cannot act as anyone from an act-as session, even once its user has become an admin', async () => {
    const analystId = await idOf('analyst@demo.example');
    const as = { authorization: `Bearer ${(await actAs(analystId, await authHeader(t.app, 'admin@demo.example'))).json().access_token}` };
    await t.db.updateTable('users').set({ is_admin: true }).where('id', '=', analystId).execute();
    try {
      const chained = await actAs(await idOf('viewer@demo.example'), as);
      expect(chained.statusCode).toBe(403);
      const adminOnly = await t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: as });
      expect(adminOnly.statusCode).toBe(403);
    } finally {
      await t.db.updateTable('users').set({ is_admin: false }).where('id', '=', analystId).execute();
    }
  });
});

describe('migration 0006', () => {
  it('redacts the setup-link tokens of outbox rows written before it, and marks their status', async () => {
    const handle = await testDb();
    try {
      const dir = new URL('../../db/migrations/', import.meta.url);
      const before: Record<string, Migration> = {};
      for (const f of (await readdir(dir)).filter((f) => /^000[1-5]_.*\.ts$/.test(f)).sort())
        before[f.replace(/\.ts$/, '')] = (await import(new URL(f, dir).href)) as Migration;
      // The migration tables of this schema only (as db/migrate.ts does): another schema's, a
      // benchmark's kept one say, must not be taken for them.
      const current = await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db);
      const { error } = await new Migrator({
        db: handle.db,
        provider: { getMigrations: async () => before },
        migrationTableSchema: current.rows[0].schema,
      }).migrateToLatest();
      expect(error).toBeUndefined();
      const link = 'http://x/password-setup/12?token=AbC_-123';
      await handle.db
        .insertInto('mail_outbox')
        .values([
          { to: 'a@b.c', subject: 'Set your password', text: `Use:\n${link}\nbye`, html: `<a href="${link}">Set</a>`, sent_at: new Date() },
          { to: 'a@b.c', subject: 'Contact form', text: 'no link here', html: null },
        ] as never)
        .execute();
      await m0006.up(handle.db);
      const rows = await handle.db.selectFrom('mail_outbox').select(['text', 'html', 'status']).orderBy('id').execute();
      expect(rows).toEqual([
        {
          text: `Use:\nhttp://x/password-setup/12?token=${REDACTED}\nbye`,
          html: `<a href="http://x/password-setup/12?token=${REDACTED}">Set</a>`,
          status: 'sent',
        },
        { text: 'no link here', html: null, status: 'kept' },
      ]);
    } finally {
      await handle.close();
    }
  });
});
