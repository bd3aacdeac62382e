import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestApp, type TestContext } from '../../test/harness.ts';

describe('notifications', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("lists one's own notifications newest first, marks them seen and deletes them", async () => {
    const h = await authHeader(t.app, 'analyst@demo.example');
    const list = (await t.app.inject({ method: 'GET', url: '/api/notification/get/contact', headers: h })).json();
    // Three from the demo seed, and two about tutorials (seed/mentor.ts).
    expect(list.length).toBe(5);
    expect(new Date(list[0].DateCreated).getTime()).toBeGreaterThan(new Date(list[1].DateCreated).getTime());
    expect(list[0].DateSeen).toBeNull();

    const seen = await t.app.inject({ method: 'PUT', url: '/api/notification/seen', headers: h, payload: { ids: [list[0].Id] } });
    expect(seen.json()).toEqual({ updated: 1 });
    const after = (await t.app.inject({ method: 'GET', url: '/api/notification/get/contact', headers: h })).json();
    expect(after[0].DateSeen).not.toBeNull();

    expect((await t.app.inject({ method: 'DELETE', url: `/api/notification/delete?id=${list[2].Id}`, headers: h })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/notification/get/contact', headers: h })).json().length).toBe(4);
  });

  it("cannot see, mark or delete another user's notifications", async () => {
    const analyst = await authHeader(t.app, 'analyst@demo.example');
    const viewer = await authHeader(t.app, 'viewer@demo.example');
    const theirs = (await t.app.inject({ method: 'GET', url: '/api/notification/get/contact', headers: viewer })).json();
    const mark = await t.app.inject({ method: 'PUT', url: '/api/notification/seen', headers: analyst, payload: { ids: [theirs[0].Id] } });
    expect(mark.json()).toEqual({ updated: 0 });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/notification/delete?id=${theirs[0].Id}`, headers: analyst })).statusCode).toBe(404);
    const still = (await t.app.inject({ method: 'GET', url: '/api/notification/get/contact', headers: viewer })).json();
    expect(still.length).toBe(5);
    expect(still[0].DateSeen).toBeNull();
  });

  it("marks all of one's own notifications read, and none of another user's", async () => {
    const users = await t.db.selectFrom('users').select(['id', 'email']).execute();
    const id = (email: string) => users.find((u) => u.email === email)!.id;
    const unseen = async (email: string) =>
      Number(
        (
          await t.db
            .selectFrom('notifications')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', id(email))
            .where('seen_at', 'is', null)
            .executeTakeFirstOrThrow()
        ).n,
      );
    // More than the bell lists (100): 'all' means every one, not only those shown.
    await t.db
      .insertInto('notifications')
      .values(
        Array.from({ length: 120 }, (_, i) => ({
          user_id: id('admin@demo.example'),
          description: `Old ${i}`,
          created_at: new Date(Date.now() - (i + 10) * 86_400_000),
        })),
      )
      .execute();
    const admin = await authHeader(t.app, 'admin@demo.example');
    const before = await unseen('admin@demo.example');
    const viewerBefore = await unseen('viewer@demo.example');
    expect(before).toBeGreaterThan(100);
    expect(viewerBefore).toBeGreaterThan(0);
    const res = await t.app.inject({ method: 'PUT', url: '/api/notification/seen/all', headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: before });
    expect(await unseen('admin@demo.example')).toBe(0);
    expect(await unseen('viewer@demo.example')).toBe(viewerBefore);
    // Again: nothing left to mark.
    expect((await t.app.inject({ method: 'PUT', url: '/api/notification/seen/all', headers: admin })).json()).toEqual({ updated: 0 });
    expect((await t.app.inject({ method: 'PUT', url: '/api/notification/seen/all' })).statusCode).toBe(401);
  });

  it('names the client and project a notification concerns, only while the user may see them', async () => {
    const acme = await t.db
      .selectFrom('projects')
      .select(['id', 'client_id'])
      .where('description', '=', 'Acme Cola Brand Monitoring')
      .executeTakeFirstOrThrow();
    const users = await t.db.selectFrom('users').select(['id', 'email']).execute();
    const id = (email: string) => users.find((u) => u.email === email)!.id;
    await t.db
      .insertInto('notifications')
      .values([
        { user_id: id('analyst@demo.example'), description: 'About Acme', project_id: acme.id },
        // The viewer is not a contact of Acme Beverages: the message stays, the way into it does not.
        { user_id: id('viewer@demo.example'), description: 'About Acme too', project_id: acme.id },
        { user_id: id('admin@demo.example'), description: 'Collection changed', link: '/admin/collection' },
        { user_id: id('admin@demo.example'), description: 'Elsewhere', link: '//evil.example' },
      ])
      .execute();
    const listOf = async (email: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/notification/get/contact', headers: await authHeader(t.app, email) })).json() as {
        Description: string;
      }[];
    expect((await listOf('analyst@demo.example')).find((n) => n.Description === 'About Acme')).toMatchObject({
      ClientId: acme.client_id,
      ClientName: 'Acme Beverages',
      ProjectId: acme.id,
      ProjectName: 'Acme Cola Brand Monitoring',
      Link: null,
    });
    expect((await listOf('viewer@demo.example')).find((n) => n.Description === 'About Acme too')).toMatchObject({
      ClientId: null,
      ClientName: null,
      ProjectId: null,
      ProjectName: null,
    });
    const admin = await listOf('admin@demo.example');
    expect(admin.find((n) => n.Description === 'Collection changed')).toMatchObject({ Link: '/admin/collection', ProjectId: null });
    expect(admin.find((n) => n.Description === 'Elsewhere')).toMatchObject({ Link: null });
  });

  it('rejects an empty id list with 400 naming the field', async () => {
    const h = await authHeader(t.app, 'viewer@demo.example');
    const res = await t.app.inject({ method: 'PUT', url: '/api/notification/seen', headers: h, payload: { ids: [] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/ids/);
  });
});

describe('public and admin endpoints', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves the blog without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/blog' });
    expect(res.statusCode).toBe(200);
    expect(res.json().length).toBeGreaterThan(0);
  });

  it('takes the contact form, names a missing field, and lands the message in the outbox', async () => {
    const form = {
      Fullname: 'Lerato M',
      CompanyName: 'Acme',
      EmailAddress: 'lerato@example.com',
      ContactNumber: '0215550100',
      How: 'Search',
      Subject: 'Demo',
      Message: 'Please call me',
    };
    const bad = await t.app.inject({ method: 'POST', url: '/api/contact/submit', payload: { ...form, EmailAddress: 'nope' } });
    expect(bad.statusCode).toBe(400);
    // Shown to the visitor as it is: in the form's words, not the field's wire name.
    expect(bad.json().message).toBe('Please enter a valid email address');
    const unnamed = await t.app.inject({ method: 'POST', url: '/api/contact/submit', payload: { ...form, Fullname: '  ' } });
    expect(unnamed.json().message).toBe('Please enter your full name');
    const ok = await t.app.inject({ method: 'POST', url: '/api/contact/submit', payload: form });
    expect(ok.json().Success).toBe(true);
    const admin = await authHeader(t.app, 'admin@demo.example');
    const outbox = (await t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: admin })).json();
    expect(outbox[0].Subject).toBe('Contact form: Demo');
    const viewer = await authHeader(t.app, 'viewer@demo.example');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: viewer })).statusCode).toBe(403);
  });

  it('serves the OpenAPI document with every host', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toContain('/crm/api/user/login');
    expect(paths).toContain('/api/client/getall');
    expect(paths).toContain('/keywords/api/bins/updatename');
  });

  it('answers 404 JSON for an unknown API path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/No route/);
  });
});
