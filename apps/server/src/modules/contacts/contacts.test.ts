// Contact management through the API: who may read and change a client's contacts, the active
// switch ending access at once (sessions included), primary contacts kept, invitations mailed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '@listening/contract';
import { authHeader, createTestApp, type TestContext } from '../../test/harness.ts';

type H = { authorization: string };

describe('contact management', () => {
  let t: TestContext;
  let admin: H;
  let analyst: H;
  let viewer: H;
  let acme: number;
  let mzansi: number;
  let karoo: number;
  let analystId: number;

  beforeAll(async () => {
    t = await createTestApp();
    [admin, analyst, viewer] = await Promise.all(['admin', 'analyst', 'viewer'].map((u) => authHeader(t.app, `${u}@demo.example`)));
    const id = async (name: string) => (await t.db.selectFrom('clients').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    [acme, mzansi, karoo] = await Promise.all([id('Acme Beverages'), id('Mzansi Telecom'), id('Karoo Outdoor Co.')]);
    analystId = (await t.db.selectFrom('users').select('id').where('email', '=', 'analyst@demo.example').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());

  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, h: H, payload?: object) => {
    const res = await t.app.inject({ method, url: `/crm/api/${url}`, headers: h, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() };
  };
  const add = (clientId: number, f: Record<string, string>, h: H) => call('POST', `contact?${new URLSearchParams({ clientId: String(clientId), ...f })}`, h);
  const person = (email: string) => ({ Name: 'Lerato', Surname: 'Mokoena', Email: email, Phone: '+27 82 555 0199' });

  it("lists a client's contacts to its own contacts, with the wire's fields", async () => {
    const res = await call('GET', `contact/getall?clientId=${acme}`, analyst);
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({
      Id: analystId,
      Email: 'analyst@demo.example',
      IsPrimary: true,
      IsActive: true,
      IsClientContactActive: true,
      IsDeleted: false,
    });
    expect(res.body[0].ClientContactId).toEqual(expect.any(Number));
  });

  it("answers 404 for another client's contacts", async () => {
    expect((await call('GET', `contact/getall?clientId=${acme}`, viewer)).status).toBe(404);
    expect((await add(acme, person('x@example.com'), viewer)).status).toBe(404);
  });

  it('lets a primary contact and an admin manage, and tells the screen who may', async () => {
    expect((await call('GET', `contact/manage?clientId=${acme}`, analyst)).body.CanManage).toBe(true);
    expect((await call('GET', `contact/manage?clientId=${mzansi}`, analyst)).body.CanManage).toBe(false);
    expect((await call('GET', `contact/manage?clientId=${karoo}`, admin)).body).toMatchObject({ CanManage: true, ClientName: 'Karoo Outdoor Co.' });
  });

  it('refuses a contact who is not primary (403), and saves nothing', async () => {
    const before = await t.db.selectFrom('users').select('id').execute();
    const res = await add(mzansi, person('nobody@example.com'), analyst);
    expect([res.status, res.body.message]).toEqual([403, CONTACT_MESSAGES.notAllowed]);
    expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(before.length);
  });

  it('adds a contact who is mailed an invitation to set a password', async () => {
    const res = await add(acme, person('Lerato@Example.com'), analyst);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ Success: true, Contact: { Email: 'lerato@example.com', IsActive: true, IsPrimary: false, Phone: '+27 82 555 0199' } });
    const mail = await t.db.selectFrom('mail_outbox').selectAll().where('to', '=', 'lerato@example.com').executeTakeFirstOrThrow();
    expect(mail.text).toContain(`/password-setup/${res.body.Contact.Id}#token=`);
    expect(await t.db.selectFrom('password_resets').select('id').where('user_id', '=', res.body.Contact.Id).execute()).toHaveLength(1);
  });

  it('refuses a duplicate email (409), invalid emails and phone numbers (400)', async () => {
    const dup = await add(acme, person('lerato@example.com'), analyst);
    expect([dup.status, dup.body.message]).toEqual([409, CONTACT_MESSAGES.duplicateEmail('lerato@example.com')]);
    expect((await add(acme, person('not-an-email'), analyst)).body.message).toBe('Please enter a valid email address');
    const phone = await add(acme, { ...person('ok@example.com'), Phone: '12ab' }, analyst);
    expect([phone.status, phone.body.message]).toEqual([400, 'Please enter a valid phone number (7 to 15 digits)']);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', 'ok@example.com').execute()).toHaveLength(0);
  });

  it('never deletes a primary contact', async () => {
    const res = await call(
      'DELETE',
      `contact/remove?clientId=${karoo}&contactId=${(await t.db.selectFrom('users').select('id').where('email', '=', 'viewer@demo.example').executeTakeFirstOrThrow()).id}`,
      admin,
    );
    expect([res.status, res.body.message]).toEqual([400, CONTACT_MESSAGES.primaryNotDeletable]);
  });

  it('a deactivated contact loses access at once, sessions included, and cannot log in', async () => {
    const added = await add(karoo, person('sipho@example.com'), viewer);
    const userId = added.body.Contact.Id as number;
    // The contact sets a password through the invitation's token (as the link would).
    const { hashToken } = await import('../../plugins/auth.ts');
    await t.db
      .updateTable('password_resets')
      .set({ token_hash: hashToken('invite-token') })
      .where('user_id', '=', userId)
      .execute();
    const set = await t.app.inject({
      method: 'POST',
      url: '/crm/api/user/password/set',
      payload: { IDUser: userId, Token: 'invite-token', Password: 'Kudu-river-1987!', PasswordConfirm: 'Kudu-river-1987!' },
    });
    expect(set.statusCode).toBe(200);
    const sipho = await authHeader(t.app, 'sipho@example.com', 'Kudu-river-1987!');
    expect((await call('GET', `contact/getall?clientId=${karoo}`, sipho)).status).toBe(200);

    const off = await call('POST', `contact/active?clientId=${karoo}&contactId=${userId}&isActive=false`, viewer);
    expect(off.body).toMatchObject({ Success: true, Contact: { IsActive: false } });
    expect((await call('GET', `contact/getall?clientId=${karoo}`, sipho)).status).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/crm/api/user/login', payload: { Username: 'sipho@example.com', Password: 'Kudu-river-1987!' } });
    expect([login.statusCode, login.json().message]).toEqual([403, CONTACT_MESSAGES.deactivatedLogin]);

    await call('POST', `contact/active?clientId=${karoo}&contactId=${userId}&isActive=true`, viewer);
    expect((await authHeader(t.app, 'sipho@example.com', 'Kudu-river-1987!')).authorization).toMatch(/^Bearer /);
  });

  it('keeps the sessions of a contact deactivated at one client but active at another; access to the first ends', async () => {
    const res = await call('POST', `contact/active?clientId=${mzansi}&contactId=${analystId}&isActive=false`, admin);
    expect(res.status).toBe(200);
    expect((await call('GET', `contact/getall?clientId=${mzansi}`, analyst)).status).toBe(404);
    expect((await call('GET', `contact/getall?clientId=${acme}`, analyst)).status).toBe(200);
    await call('POST', `contact/active?clientId=${mzansi}&contactId=${analystId}&isActive=true`, admin);
  });

  it('removes a contact: their last client gone, the account can no longer sign in', async () => {
    const lerato = await t.db.selectFrom('users').select('id').where('email', '=', 'lerato@example.com').executeTakeFirstOrThrow();
    const res = await call('DELETE', `contact/remove?clientId=${acme}&contactId=${lerato.id}`, analyst);
    expect(res.body).toEqual({ Success: true, Message: 'Successfully Deleted' });
    expect(await t.db.selectFrom('client_contacts').select('id').where('user_id', '=', lerato.id).execute()).toHaveLength(0);
    expect((await call('DELETE', `contact/remove?clientId=${acme}&contactId=${lerato.id}`, analyst)).status).toBe(404);
  });

  it('saves details, refusing an email another account has; only admins change who is primary', async () => {
    const list = (await call('GET', `contact/getall?clientId=${karoo}`, viewer)).body as { Id: number; Email: string }[];
    const sipho = list.find((c) => c.Email === 'sipho@example.com')!;
    const saved = await call('POST', 'contact/save', viewer, {
      Id: sipho.Id,
      ClientId: karoo,
      Name: 'Sipho',
      Surname: 'Dlamini',
      Email: 'sipho@example.com',
      Phone: '021 555 0101',
    });
    expect(saved.body.Contact).toMatchObject({ Name: 'Sipho', Surname: 'Dlamini' });
    const clash = await call('POST', 'contact/save', viewer, {
      Id: sipho.Id,
      ClientId: karoo,
      Name: 'S',
      Surname: 'D',
      Email: 'admin@demo.example',
      Phone: '021 555 0101',
    });
    expect(clash.status).toBe(409);
    const link = { ClientId: karoo, ContactId: sipho.Id, IsActive: true };
    expect((await call('POST', 'clientcontact/save', viewer, { ...link, IsPrimary: true })).status).toBe(403);
    expect((await call('POST', 'clientcontact/save', admin, { ...link, IsPrimary: true })).body.Contact).toMatchObject({ IsPrimary: true });
  });

  it('refuses a primary contact deactivating themselves', async () => {
    const res = await call('POST', `contact/active?clientId=${acme}&contactId=${analystId}&isActive=false`, analyst);
    expect([res.status, res.body.message]).toEqual([400, CONTACT_MESSAGES.ownPrimary]);
  });
});
