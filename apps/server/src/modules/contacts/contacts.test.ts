// Contact management through the API: who may read and change a client's contacts, invitations
// answered by their invitee, the active switch ending access at once (sessions included), primary
// contacts kept, details changed only on accounts the client alone has.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, INVITATIONS_PER_CLIENT_HOUR, INVITATION_MESSAGES } from '@listening/contract';
import { hashToken } from '../../plugins/auth.ts';
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

  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, h: H | null, payload?: object) => {
    const res = await t.app.inject({ method, url: `/crm/api/${url}`, headers: h ?? {}, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() };
  };
  const add = (clientId: number, f: Record<string, string>, h: H) => call('POST', `contact?${new URLSearchParams({ clientId: String(clientId), ...f })}`, h);
  const person = (email: string) => ({ Name: 'Lerato', Surname: 'Mokoena', Email: email, Phone: '+27 82 555 0199' });
  /** Invites the address to the client and accepts with a new password, as the emailed link's page does. */
  const joinByLink = async (clientId: number, email: string, by: H, password: string) => {
    const invited = await add(clientId, person(email), by);
    expect(invited.status).toBe(200);
    // The link's token is only in the mail (redacted in the outbox): give the invitation a known one.
    const token = `invite-${email}`;
    await t.db
      .updateTable('contact_invitations')
      .set({ token_hash: hashToken(token) })
      .where('id', '=', invited.body.Invitation.Id)
      .execute();
    const accepted = await call('POST', 'invitation/accept/password', null, { Token: token, Password: password, PasswordConfirm: password });
    expect(accepted.status).toBe(200);
    return (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  };

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
    const res = await add(mzansi, person('nobody@example.com'), analyst);
    expect([res.status, res.body.message]).toEqual([403, CONTACT_MESSAGES.notAllowed]);
    expect(await t.db.selectFrom('contact_invitations').select('id').where('email', '=', 'nobody@example.com').execute()).toHaveLength(0);
  });

  it('invites an address: the answer echoes what was typed, the screen lists the invitation, no account is made or linked', async () => {
    const users = await t.db.selectFrom('users').select('id').execute();
    const res = await add(acme, person('Lerato@Example.com'), analyst);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      Success: true,
      Message: CONTACT_MESSAGES.invited('lerato@example.com'),
      Invitation: { Email: 'lerato@example.com', Name: 'Lerato', Phone: '+27 82 555 0199', IsOpen: true },
    });
    expect(res.body.Contact).toBeUndefined();
    expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(users.length);
    const mail = await t.db.selectFrom('mail_outbox').selectAll().where('to', '=', 'lerato@example.com').executeTakeFirstOrThrow();
    expect(mail.text).toContain('/invitation#token=[redacted]');
    const screen = (await call('GET', `contact/manage?clientId=${acme}`, analyst)).body;
    expect(screen.Invitations).toEqual([expect.objectContaining({ Email: 'lerato@example.com' })]);
    expect(screen.Contacts.map((c: { Email: string }) => c.Email)).not.toContain('lerato@example.com');
    // Only managers see invitations.
    expect((await call('GET', `contact/manage?clientId=${mzansi}`, analyst)).body.Invitations).toEqual([]);
  });

  it('invites again by renewing the open invitation; cancels one; refuses a contact the client already has (409)', async () => {
    const again = await add(acme, { ...person('lerato@example.com'), Name: 'Lerato M.' }, analyst);
    expect(again.status).toBe(200);
    const open = await t.db.selectFrom('contact_invitations').select(['id', 'name']).where('email', '=', 'lerato@example.com').execute();
    expect(open).toEqual([{ id: again.body.Invitation.Id, name: 'Lerato M.' }]);
    const dup = await add(acme, person('analyst@demo.example'), analyst);
    expect([dup.status, dup.body.message]).toEqual([409, CONTACT_MESSAGES.duplicateEmail('analyst@demo.example')]);
    expect((await add(acme, person('not-an-email'), analyst)).body.message).toBe('Please enter a valid email address');
    const phone = await add(acme, { ...person('ok@example.com'), Phone: '12ab' }, analyst);
    expect([phone.status, phone.body.message]).toEqual([400, 'Please enter a valid phone number (7 to 15 digits)']);

    const doomed = await add(acme, person('doomed@example.com'), analyst);
    expect((await call('DELETE', `contact/invitation?clientId=${mzansi}&invitationId=${doomed.body.Invitation.Id}`, analyst)).status).toBe(403);
    expect((await call('DELETE', `contact/invitation?clientId=${karoo}&invitationId=${doomed.body.Invitation.Id}`, viewer)).status).toBe(404);
    const cancelled = await call('DELETE', `contact/invitation?clientId=${acme}&invitationId=${doomed.body.Invitation.Id}`, analyst);
    expect(cancelled.body).toEqual({ Success: true, Message: CONTACT_MESSAGES.invitationCancelled });
    expect(await t.db.selectFrom('contact_invitations').select('id').where('email', '=', 'doomed@example.com').execute()).toHaveLength(0);
  });

  it('holds a client to its hourly number of invitations (429), renewals included, and sends nothing beyond it', async () => {
    const sent = await t.db.selectFrom('contact_invitations').select('id').where('client_id', '=', mzansi).execute();
    for (let i = sent.length; i < INVITATIONS_PER_CLIENT_HOUR; i++) expect((await add(mzansi, person(`bulk${i}@example.com`), admin)).status).toBe(200);
    const over = await add(mzansi, person('one.too.many@example.com'), admin);
    expect([over.status, over.body.message]).toEqual([429, CONTACT_MESSAGES.tooManyInvitations]);
    expect((await add(mzansi, person('bulk0@example.com'), admin)).status).toBe(429);
    expect(await t.db.selectFrom('mail_outbox').select('id').where('to', '=', 'one.too.many@example.com').execute()).toEqual([]);
    // Another client's count is its own.
    expect((await add(acme, person('not.counted@example.com'), analyst)).status).toBe(200);
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
    const userId = await joinByLink(karoo, 'sipho@example.com', viewer, 'Kudu-river-1987!');
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

  it('removes a contact: their only client gone, the account can no longer sign in; a shared account keeps its password', async () => {
    const lerato = await joinByLink(acme, 'lerato@example.com', analyst, 'Baobab-shade-2231!');
    const res = await call('DELETE', `contact/remove?clientId=${acme}&contactId=${lerato}`, analyst);
    expect(res.body).toEqual({ Success: true, Message: 'Successfully Deleted' });
    expect(await t.db.selectFrom('client_contacts').select('id').where('user_id', '=', lerato).execute()).toHaveLength(0);
    expect((await t.db.selectFrom('users').select('password_hash').where('id', '=', lerato).executeTakeFirstOrThrow()).password_hash).toBeNull();
    expect((await call('DELETE', `contact/remove?clientId=${acme}&contactId=${lerato}`, analyst)).status).toBe(404);

    // The analyst, deactivated at Mzansi and removed by an admin there, still signs in for Acme.
    const before = await t.db.selectFrom('users').select('password_hash').where('id', '=', analystId).executeTakeFirstOrThrow();
    await call('POST', 'clientcontact/save', admin, { ClientId: mzansi, ContactId: analystId, IsActive: true, IsPrimary: false });
    expect((await call('DELETE', `contact/remove?clientId=${mzansi}&contactId=${analystId}`, admin)).status).toBe(200);
    expect(await t.db.selectFrom('users').select('password_hash').where('id', '=', analystId).executeTakeFirstOrThrow()).toEqual(before);
    await t.db.insertInto('client_contacts').values({ client_id: mzansi, user_id: analystId, is_primary: false }).execute();
  });

  it("saves the details of the client's own contact: name and phone at once, a new email only once the old address confirms it", async () => {
    const list = (await call('GET', `contact/getall?clientId=${karoo}`, viewer)).body as { Id: number; Email: string }[];
    const sipho = list.find((c) => c.Email === 'sipho@example.com')!;
    const details = { Id: sipho.Id, ClientId: karoo, Name: 'Sipho', Surname: 'Dlamini', Phone: '021 555 0101' };
    const saved = await call('POST', 'contact/save', viewer, { ...details, Email: 'sipho@example.com' });
    expect(saved.body).toMatchObject({ Message: CONTACT_MESSAGES.saved, Contact: { Name: 'Sipho', Surname: 'Dlamini', Phone: '021 555 0101' } });

    // Another contact of the same client's address: 409, as the client sees it in its own list.
    const clash = await call('POST', 'contact/save', viewer, { ...details, Email: 'viewer@demo.example' });
    expect(clash.status).toBe(409);
    // Any other address waits for the old one to confirm; the account's email is unchanged meanwhile.
    const moved = await call('POST', 'contact/save', viewer, { ...details, Email: 'sipho.new@example.com' });
    expect(moved.body.Message).toBe(CONTACT_MESSAGES.emailChangePending('sipho@example.com', 'sipho.new@example.com'));
    expect((await t.db.selectFrom('users').select('email').where('id', '=', sipho.Id).executeTakeFirstOrThrow()).email).toBe('sipho@example.com');
    const mail = await t.db.selectFrom('mail_outbox').selectAll().where('to', '=', 'sipho@example.com').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.text).toContain('/email-change#token=[redacted]');

    const link = { ClientId: karoo, ContactId: sipho.Id, IsActive: true };
    expect((await call('POST', 'clientcontact/save', viewer, { ...link, IsPrimary: true })).status).toBe(403);
    expect((await call('POST', 'clientcontact/save', admin, { ...link, IsPrimary: true })).body.Contact).toMatchObject({ IsPrimary: true });
  });

  it('refuses a primary contact deactivating themselves', async () => {
    const res = await call('POST', `contact/active?clientId=${acme}&contactId=${analystId}&isActive=false`, analyst);
    expect([res.status, res.body.message]).toEqual([400, CONTACT_MESSAGES.ownPrimary]);
  });

  it('answers an invitation only as its invitee, signed in: accept links, decline does not, an act-as session neither', async () => {
    // The viewer invites the analyst (who has an account) to Karoo: nothing is linked yet.
    const invited = await add(karoo, person('analyst@demo.example'), viewer);
    expect(invited.status).toBe(200);
    expect((await call('GET', `contact/getall?clientId=${karoo}`, analyst)).status).toBe(404);
    const mine = await call('GET', 'invitation/mine', analyst);
    expect(mine.body).toEqual([expect.objectContaining({ Id: invited.body.Invitation.Id, ClientName: 'Karoo Outdoor Co.', InvitedBy: 'Pieter Viewer' })]);
    // Nobody else sees or answers it.
    expect((await call('GET', 'invitation/mine', viewer)).body).toEqual([]);
    expect((await call('POST', 'invitation/answer', viewer, { Id: invited.body.Invitation.Id, Accept: true })).status).toBe(404);
    const actAs = await call('POST', `user/login/id?contactId=${analystId}`, await authHeader(t.app, 'admin@demo.example'));
    const acting = { authorization: `Bearer ${actAs.body.access_token}` };
    expect((await call('POST', 'invitation/answer', acting, { Id: invited.body.Invitation.Id, Accept: true })).body.message).toBe(INVITATION_MESSAGES.actAs);
    // A link of an address with a password cannot be used to accept without signing in.
    await t.db
      .updateTable('contact_invitations')
      .set({ token_hash: hashToken('analyst-link') })
      .where('id', '=', invited.body.Invitation.Id)
      .execute();
    expect((await call('POST', 'invitation/open', null, { Token: 'analyst-link' })).body).toMatchObject({ HasAccount: true, ClientName: 'Karoo Outdoor Co.' });
    const byLink = await call('POST', 'invitation/accept/password', null, {
      Token: 'analyst-link',
      Password: 'Another-pass-99!',
      PasswordConfirm: 'Another-pass-99!',
    });
    expect([byLink.status, byLink.body.message]).toEqual([409, INVITATION_MESSAGES.signInToAnswer]);

    const declined = await call('POST', 'invitation/answer', analyst, { Id: invited.body.Invitation.Id, Accept: false });
    expect(declined.body.Message).toBe(INVITATION_MESSAGES.declined('Karoo Outdoor Co.'));
    expect((await call('GET', `contact/getall?clientId=${karoo}`, analyst)).status).toBe(404);
    expect((await call('POST', 'invitation/answer', analyst, { Id: invited.body.Invitation.Id, Accept: true })).status).toBe(404);

    const again = await add(karoo, person('analyst@demo.example'), viewer);
    const accepted = await call('POST', 'invitation/answer', analyst, { Id: again.body.Invitation.Id, Accept: true });
    expect(accepted.body).toEqual({ Message: INVITATION_MESSAGES.accepted('Karoo Outdoor Co.'), ClientId: karoo });
    expect((await call('GET', `contact/getall?clientId=${karoo}`, analyst)).status).toBe(200);
    // Now shared with Acme and Mzansi: Karoo may not change the analyst's details.
    const save = await call('POST', 'contact/save', viewer, { Id: analystId, ClientId: karoo, ...person('attacker@example.com') });
    expect([save.status, save.body.message]).toEqual([403, CONTACT_MESSAGES.notOwnAccount]);
    await call('DELETE', `contact/remove?clientId=${karoo}&contactId=${analystId}`, viewer);
  });
});
