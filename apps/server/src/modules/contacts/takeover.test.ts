// The account takeover a security review found, step by step, each refused: a client's contact
// manager (the viewer, primary contact of Karoo) after another client's person (the analyst, a
// contact of Acme and Mzansi). 1. Adding the analyst's email links nothing and discloses nothing.
// 2. Saving the analyst's details through Karoo changes nothing. 3. Forgot password for the
// attacker's address mails nothing. Then the way an email really changes: confirmed from the old
// address, then from the new one, ending the account's sessions and setup links, told to both. Mail goes
// through a loopback SMTP server, so the links are the real ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, EMAIL_CHANGE_MESSAGES, INVITATION_MESSAGES } from '@listening/contract';
import { authHeader, createTestAppWithSmtp, type SmtpTestContext } from '../../test/harness.ts';

type H = { authorization: string };

describe('a client cannot take over another client’s person', () => {
  let t: SmtpTestContext;
  let viewer: H;
  let karoo: number;
  let analyst: { id: number; email: string; name: string; surname: string; phone: string; password_hash: string | null; is_admin: boolean };

  beforeAll(async () => {
    t = await createTestAppWithSmtp();
    viewer = await authHeader(t.app, 'viewer@demo.example');
    await authHeader(t.app, 'analyst@demo.example');
    karoo = (await t.db.selectFrom('clients').select('id').where('name', '=', 'Karoo Outdoor Co.').executeTakeFirstOrThrow()).id;
    analyst = await t.db
      .selectFrom('users')
      .select(['id', 'email', 'name', 'surname', 'phone', 'password_hash', 'is_admin'])
      .where('email', '=', 'analyst@demo.example')
      .executeTakeFirstOrThrow();
  });
  afterAll(() => t.close());

  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, h: H | null, payload?: object) => {
    const res = await t.app.inject({ method, url, headers: h ?? {}, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json(), text: res.body };
  };
  const add = (email: string) =>
    call(
      'POST',
      `/crm/api/contact?${new URLSearchParams({ clientId: String(karoo), Name: 'Sam', Surname: 'Smith', Email: email, Phone: '021 555 0199' })}`,
      viewer,
    );
  /** The viewer saves Karoo's contact Sam Smith (user `id`) with `email`. */
  const saveSam = (id: number, email: string) =>
    call('POST', '/crm/api/contact/save', viewer, { Id: id, ClientId: karoo, Name: 'Sam', Surname: 'Smith', Email: email, Phone: '021 555 0199' });
  const analystNow = () =>
    t.db
      .selectFrom('users')
      .select(['id', 'email', 'name', 'surname', 'phone', 'password_hash', 'is_admin'])
      .where('id', '=', analyst.id)
      .executeTakeFirstOrThrow();
  const openSessions = (userId: number) => t.db.selectFrom('sessions').select('id').where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
  const taken = new Set<string>();
  /** The token of the last such link mailed to the address and not yet taken here, from the message as the SMTP server received it. */
  const linkToken = async (to: string, path: string) => {
    // The server's own delivery loop may hold the message (it takes rows with SKIP LOCKED), so
    // flush and wait until it has reached the SMTP server, for at most ten seconds.
    for (let waited = 0; ; waited += 100) {
      await t.mailer.flush();
      // The latest message to the address that carries such a link, not one taken before: other
      // messages to the address (a password reset, a notice) carry none, whatever order they arrive in.
      const links = t.smtp.received.filter((m) => m.to === to).map((m) => m.body.match(new RegExp(`${path}#token=([\\w-]+)`))?.[1]);
      const token = links.filter((l): l is string => l !== undefined && !taken.has(l)).at(-1);
      if (token) {
        taken.add(token);
        return token;
      }
      if (waited >= 10_000) {
        // What the outbox holds for the address says why: not sent yet, or an SMTP error.
        const outbox = await t.db.selectFrom('mail_outbox').select(['id', 'subject', 'status', 'attempts', 'last_error']).where('to', '=', to).execute();
        throw new Error(`no ${path} link mailed to ${to}; its outbox rows: ${JSON.stringify(outbox)}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('1. adding an existing account’s email links nothing, and answers as for a new or an admin’s address', async () => {
    const sessionsBefore = (await openSessions(analyst.id)).length;
    const [existing, fresh, adminAddress] = [await add('analyst@demo.example'), await add('fresh.person@example.com'), await add('admin@demo.example')];
    for (const res of [existing, fresh, adminAddress]) {
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['Invitation', 'Message', 'Success']);
      expect(Object.keys(res.body.Invitation).sort()).toEqual(['Email', 'ExpiresAt', 'Id', 'IsOpen', 'Name', 'Phone', 'SentAt', 'Surname']);
      expect(res.body.Invitation).toMatchObject({ Name: 'Sam', Surname: 'Smith', Phone: '021 555 0199', IsOpen: true });
    }
    // Nothing of the analyst's account: not the id, the name, the surname nor the phone.
    for (const secret of [analyst.name, analyst.surname, analyst.phone]) expect(existing.text).not.toContain(secret);
    expect(existing.body.Invitation.Id).not.toBe(analyst.id);
    expect(await t.db.selectFrom('client_contacts').select('id').where('client_id', '=', karoo).where('user_id', '=', analyst.id).execute()).toEqual([]);
    expect((await call('GET', `/crm/api/contact/getall?clientId=${karoo}`, viewer)).text).not.toContain('analyst@demo.example');
    // No account was created for the new address either: it is made when its owner accepts.
    expect(await t.db.selectFrom('users').select('id').where('email', '=', 'fresh.person@example.com').execute()).toEqual([]);
    expect(await analystNow()).toEqual(analyst);
    expect(await openSessions(analyst.id)).toHaveLength(sessionsBefore);
    // The analyst is told by mail and decides; the mail is the same invitation anyone gets.
    await t.mailer.flush();
    expect(t.smtp.received.find((m) => m.to === 'analyst@demo.example')?.subject).toBe('Pieter Viewer invites you to follow Karoo Outdoor Co.');
  });

  it('2. saving the other client’s person through one’s own client changes nothing', async () => {
    const res = await call('POST', '/crm/api/contact/save', viewer, {
      Id: analyst.id,
      ClientId: karoo,
      Name: 'Thandi',
      Surname: 'Analyst',
      Email: 'attacker@evil.example',
      Phone: '021 555 0199',
    });
    expect(res.status).toBe(404);
    expect(await analystNow()).toEqual(analyst);
    expect(await t.db.selectFrom('email_changes').select('id').where('user_id', '=', analyst.id).execute()).toEqual([]);
  });

  it('3. forgot password for the attacker’s address mails no link', async () => {
    const res = await call('POST', '/api/user/forgotpassword?email=attacker@evil.example', null);
    expect(res.status).toBeLessThan(300);
    await t.mailer.flush();
    expect(t.smtp.received.filter((m) => m.to === 'attacker@evil.example')).toEqual([]);
    expect(await analystNow()).toEqual(analyst);
  });

  it('a new address accepts by the mailed link, choosing a password; the link works once', async () => {
    const token = await linkToken('fresh.person@example.com', '/invitation');
    const opened = await call('POST', '/crm/api/invitation/open', null, { Token: token });
    expect(opened.body).toMatchObject({ ClientName: 'Karoo Outdoor Co.', Email: 'fresh.person@example.com', HasAccount: false, InvitedBy: 'Pieter Viewer' });
    const weak = await call('POST', '/crm/api/invitation/accept/password', null, { Token: token, Password: 'password1', PasswordConfirm: 'password1' });
    expect(weak.status).toBe(400);
    const ok = await call('POST', '/crm/api/invitation/accept/password', null, {
      Token: token,
      Password: 'Fynbos-trail-4410',
      PasswordConfirm: 'Fynbos-trail-4410',
    });
    expect(ok.body).toMatchObject({ ClientId: karoo });
    const fresh = await authHeader(t.app, 'fresh.person@example.com', 'Fynbos-trail-4410');
    expect((await call('GET', `/crm/api/contact/getall?clientId=${karoo}`, fresh)).status).toBe(200);
    const again = await call('POST', '/crm/api/invitation/accept/password', null, {
      Token: token,
      Password: 'Fynbos-trail-4411',
      PasswordConfirm: 'Fynbos-trail-4411',
    });
    expect([again.status, again.body.message]).toEqual([400, INVITATION_MESSAGES.invalidLink]);
  });

  it('an administrator’s address never becomes a contact', async () => {
    const token = await linkToken('admin@demo.example', '/invitation');
    const res = await call('POST', '/crm/api/invitation/accept/password', null, { Token: token, Password: 'Whatever-99-x', PasswordConfirm: 'Whatever-99-x' });
    expect([res.status, res.body.message]).toEqual([409, INVITATION_MESSAGES.adminsSeeAll]);
    const admin = await authHeader(t.app, 'admin@demo.example');
    expect((await call('GET', '/crm/api/invitation/mine', admin)).body).toEqual([]);
  });

  it('an email changes only once the old address and then the new one confirm it; then every session and setup link ends, and both are told', async () => {
    const fresh = await t.db.selectFrom('users').select('id').where('email', '=', 'fresh.person@example.com').executeTakeFirstOrThrow();
    const session = await authHeader(t.app, 'fresh.person@example.com', 'Fynbos-trail-4410');
    await call('POST', '/api/user/forgotpassword?email=fresh.person@example.com', null);
    expect(await t.db.selectFrom('password_resets').select('id').where('user_id', '=', fresh.id).where('used_at', 'is', null).execute()).toHaveLength(1);
    const saved = await saveSam(fresh.id, 'sam.smith@example.com');
    expect(saved.body.Message).toBe(CONTACT_MESSAGES.emailChangePending('fresh.person@example.com', 'sam.smith@example.com'));
    // The link goes to the old address, not the new one.
    const token = await linkToken('fresh.person@example.com', '/email-change');
    expect(t.smtp.received.filter((m) => m.to === 'sam.smith@example.com')).toEqual([]);
    expect((await call('GET', `/crm/api/contact/getall?clientId=${karoo}`, session)).status).toBe(200);

    // The old address confirms: nothing changes yet, the new address gets its own link.
    const first = await call('POST', '/crm/api/user/email/confirm', null, { Token: token });
    expect(first.body).toEqual({ Message: EMAIL_CHANGE_MESSAGES.confirmNew('sam.smith@example.com'), Changed: false });
    expect((await t.db.selectFrom('users').select('email').where('id', '=', fresh.id).executeTakeFirstOrThrow()).email).toBe('fresh.person@example.com');
    expect(await openSessions(fresh.id)).not.toEqual([]);
    expect((await call('POST', '/crm/api/user/email/confirm', null, { Token: token })).status).toBe(400);
    const second = await linkToken('sam.smith@example.com', '/email-change');

    const done = await call('POST', '/crm/api/user/email/confirm', null, { Token: second });
    expect(done.body).toEqual({ Message: EMAIL_CHANGE_MESSAGES.done('sam.smith@example.com'), Changed: true });
    expect((await t.db.selectFrom('users').select('email').where('id', '=', fresh.id).executeTakeFirstOrThrow()).email).toBe('sam.smith@example.com');
    expect(await openSessions(fresh.id)).toEqual([]);
    expect((await call('GET', `/crm/api/contact/getall?clientId=${karoo}`, session)).status).toBe(401);
    expect(await t.db.selectFrom('password_resets').select('id').where('user_id', '=', fresh.id).where('used_at', 'is', null).execute()).toEqual([]);
    await t.mailer.flush();
    for (const to of ['fresh.person@example.com', 'sam.smith@example.com'])
      expect(t.smtp.received.filter((m) => m.to === to).at(-1)?.subject).toBe('The email of your account was changed');
    expect((await call('POST', '/crm/api/user/email/confirm', null, { Token: second })).status).toBe(400);
    expect((await authHeader(t.app, 'sam.smith@example.com', 'Fynbos-trail-4410')).authorization).toMatch(/^Bearer /);
  });

  it('an email change to an address another account has ends at the old address’s confirmation, which answers as for a free one', async () => {
    const sam = await t.db.selectFrom('users').select('id').where('email', '=', 'sam.smith@example.com').executeTakeFirstOrThrow();
    const saved = await saveSam(sam.id, 'analyst@demo.example');
    // Neither the save nor the old address's confirmation tells which addresses have accounts.
    expect(saved.body.Message).toBe(CONTACT_MESSAGES.emailChangePending('sam.smith@example.com', 'analyst@demo.example'));
    const token = await linkToken('sam.smith@example.com', '/email-change');
    const res = await call('POST', '/crm/api/user/email/confirm', null, { Token: token });
    expect(res.body).toEqual({ Message: EMAIL_CHANGE_MESSAGES.confirmNew('analyst@demo.example'), Changed: false });
    // Only the address's owner is told, and gets no link.
    await t.mailer.flush();
    const notice = t.smtp.received.filter((m) => m.to === 'analyst@demo.example').at(-1);
    expect(notice?.subject).toBe('An account asked to use your email');
    expect(notice?.body).not.toContain('/email-change#token=');
    expect(await t.db.selectFrom('email_changes').select('id').where('user_id', '=', sam.id).where('used_at', 'is', null).execute()).toEqual([]);
    expect((await t.db.selectFrom('users').select('email').where('id', '=', sam.id).executeTakeFirstOrThrow()).email).toBe('sam.smith@example.com');
    expect(await analystNow()).toEqual(analyst);
  });
});
