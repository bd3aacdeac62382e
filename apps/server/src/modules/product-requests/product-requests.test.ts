// 'Add' on a locked product: stored once a day per project and product, the provider's admins
// told in the bell and by mail, the user thanked; refused for products the project has, for
// another client's projects and for an In-Active client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestApp, type TestContext } from '../../test/harness.ts';

type H = { authorization: string };

describe('product requests', () => {
  let t: TestContext;
  let analyst: H;
  let viewer: H;
  beforeAll(async () => {
    t = await createTestApp();
    [analyst, viewer] = await Promise.all(['analyst', 'viewer'].map((u) => authHeader(t.app, `${u}@demo.example`)));
  });
  afterAll(() => t.close());

  const ask = async (h: H, projectId: number, product: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/product/request', headers: h, payload: { projectId, product } });
    return { status: res.statusCode, body: res.json() };
  };
  const adminNotifications = () =>
    t.db
      .selectFrom('notifications')
      .innerJoin('users', 'users.id', 'notifications.user_id')
      .select(['notifications.description', 'users.email'])
      .where('users.is_admin', '=', true)
      .where('notifications.description', 'like', 'Product request:%')
      .execute();
  const mails = () => t.db.selectFrom('mail_outbox').select(['to', 'subject', 'text']).where('subject', 'like', 'Product request:%').execute();

  it("records the request, tells the provider's admins in the bell and by mail, and thanks the user", async () => {
    // Mzansi Telecom owns Sentiment only: Deep Dive is locked in its projects.
    const projectId = t.projects['mzansi-hashtag'];
    const res = await ask(analyst, projectId, 'DeepDive');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ AlreadyRequested: false });
    expect(res.body.Message).toBe(
      'Thank you for your interest in Deep Dive. We have told our team, and they will be in touch about adding it to MzansiConnect Hashtag Tracking.',
    );

    const stored = await t.db.selectFrom('product_requests').selectAll().execute();
    const client = await t.db.selectFrom('clients').select('id').where('name', '=', 'Mzansi Telecom').executeTakeFirstOrThrow();
    const user = await t.db.selectFrom('users').select('id').where('email', '=', 'analyst@demo.example').executeTakeFirstOrThrow();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ client_id: client.id, project_id: projectId, user_id: user.id, product: 'DeepDive' });
    expect(stored[0].created_at.toISOString()).toBe(res.body.DateRequested);

    const bell = await adminNotifications();
    expect(bell).toEqual([
      {
        email: 'admin@demo.example',
        description: 'Product request: Thandi Analyst (Mzansi Telecom) asked for Deep Dive in the project MzansiConnect Hashtag Tracking.',
      },
    ]);
    // Nobody else's bell rings.
    const others = await t.db.selectFrom('notifications').select('id').where('description', 'like', 'Product request:%').execute();
    expect(others).toHaveLength(1);

    await t.mailer.flush();
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'admin@demo.example', subject: 'Product request: Deep Dive for MzansiConnect Hashtag Tracking' });
    expect(sent[0].text).toContain('Asked by: Thandi Analyst <analyst@demo.example>');
    expect(sent[0].text).toContain('Product: Deep Dive (KPVT10), R 530');
  });

  it('does not repeat a request for the same product and project within a day', async () => {
    const projectId = t.projects['mzansi-hashtag'];
    const again = await ask(analyst, projectId, 'DeepDive');
    expect(again.status).toBe(200);
    expect(again.body.AlreadyRequested).toBe(true);
    expect(again.body.Message).toMatch(/^Thank you: Deep Dive was already requested for MzansiConnect Hashtag Tracking in the last day/);
    expect(await t.db.selectFrom('product_requests').select('id').execute()).toHaveLength(1);
    expect(await adminNotifications()).toHaveLength(1);
    expect(await mails()).toHaveLength(1);

    // A day later it is a new request; another product or project is one at once.
    await t.db
      .updateTable('product_requests')
      .set({ created_at: new Date(Date.now() - 25 * 3_600_000) })
      .execute();
    expect((await ask(analyst, projectId, 'DeepDive')).body.AlreadyRequested).toBe(false);
    expect((await ask(analyst, projectId, 'ReactionLists')).body.AlreadyRequested).toBe(false);
    expect((await ask(analyst, t.projects['mzansi-influencers'], 'DeepDive')).body.AlreadyRequested).toBe(false);
    expect(await t.db.selectFrom('product_requests').select('id').execute()).toHaveLength(4);
    expect(await mails()).toHaveLength(4);
  });

  it("lets any user of the client ask, and refuses another client's project with 404", async () => {
    const karoo = t.projects['karoo-brand'];
    const mine = await ask(viewer, karoo, 'Sentiment');
    expect(mine.status).toBe(200);
    expect(mine.body.AlreadyRequested).toBe(false);
    const theirs = await ask(viewer, t.projects['mzansi-hashtag'], 'Sentiment');
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toMatch(/Project \d+ not found/);
  });

  it('refuses a product the project already has with 409, and an unknown product with 400', async () => {
    const owned = await ask(analyst, t.projects['mzansi-hashtag'], 'Sentiment');
    expect(owned.status).toBe(409);
    expect(owned.body.message).toBe('Sentiment is already part of the project MzansiConnect Hashtag Tracking: there is nothing to request');
    const bad = await ask(analyst, t.projects['mzansi-hashtag'], 'Coffee');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/product must be one of Notifications, Sentiment, ReactionLists, DeepDive, SortBins, InputBins/);
  });

  it("refuses an In-Active client's contacts with 403: its data is read-only", async () => {
    const old = await t.db.selectFrom('clients').select('id').where('name', '=', 'Old Brand Holdings').executeTakeFirstOrThrow();
    const user = await t.db.selectFrom('users').select('id').where('email', '=', 'viewer@demo.example').executeTakeFirstOrThrow();
    await t.db.insertInto('client_contacts').values({ client_id: old.id, user_id: user.id }).execute();
    const res = await ask(viewer, t.projects['oldbrand'], 'Sentiment');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Old Brand Holdings is In-Active: its data is read-only');
  });
});
