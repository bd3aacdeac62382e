import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestPosts } from '../../ingest/index.ts';
import { invalidateRules } from '../../ingest/rules.ts';
import { makePost, seedProject, type SeededProject } from '../../ingest/testing.ts';
import { authHeader, createTestApp, type TestContext } from '../../test/harness.ts';
import { alertWaitingResponses } from './alerting.ts';

const NOW = new Date('2024-06-03T12:00:00Z');
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

describe("a project's Response alert setting", () => {
  let t: TestContext;
  let p: SeededProject;
  let admin: { authorization: string };
  let mine: number;
  let stranger: number;
  const url = () => `/api/responses/alert?projectId=${p.projectId}`;
  const save = (payload: Record<string, unknown>, headers = admin) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/responses/alert',
      headers,
      payload: { projectId: p.projectId, active: true, waitMinutes: 15, recipientIds: [mine], ...payload },
    });
  const run = (now = NOW) => alertWaitingResponses(t.db, { publicUrl: 'http://listening.test', smtp: false, now });

  beforeAll(async () => {
    t = await createTestApp();
    p = await seedProject(t.db, { name: 'Setting Co', profile: { streamId: 7, externalId: 'acme-1', handle: 'AcmeSA' } });
    const other = await t.db.insertInto('clients').values({ name: 'Elsewhere Co' }).returning('id').executeTakeFirstOrThrow();
    const users = await t.db
      .insertInto('users')
      .values([
        { email: 'care@setting.example', name: 'Cara', password_hash: null },
        { email: 'someone@elsewhere.example', name: 'Sam', password_hash: null },
      ])
      .returning('id')
      .execute();
    const links = await t.db
      .insertInto('client_contacts')
      .values([
        { client_id: p.clientId, user_id: users[0].id },
        { client_id: other.id, user_id: users[1].id },
      ])
      .returning('id')
      .execute();
    [mine, stranger] = links.map((l) => l.id);
    invalidateRules(t.db);
    admin = await authHeader(t.app, 'admin@demo.example');
  });
  afterAll(() => t.close());

  it('is off, an hour and no one until it is saved', async () => {
    const res = await t.app.inject({ method: 'GET', url: url(), headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ProjectId: p.projectId, Active: false, WaitMinutes: 60, Recipients: [], WordBinContacts: 0 });
  });

  it('refuses a bad wait, another client’s contact and an alert that tells no one, in words', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ waitMinutes: 0 }, 'waitMinutes must be at least 1'],
      [{ waitMinutes: 7.5 }, 'waitMinutes must be a whole number'],
      [{ waitMinutes: 20_000 }, 'waitMinutes is at most 10080 (a week)'],
      [{ waitMinutes: 'soon' }, 'waitMinutes must be a number'],
      [{ recipientIds: [mine, stranger] }, `recipientIds ${stranger} is not an active contact of this project's client`],
      [{ recipientIds: [] }, 'Choose at least one contact to tell: the project has no Response Contact on its word bins either'],
    ];
    for (const [body, message] of cases) {
      const res = await save(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await t.app.inject({ method: 'GET', url: url(), headers: admin })).json().Active).toBe(false);
  });

  it("is another client's to no one: 404 to a user who may not see the project", async () => {
    const viewer = await authHeader(t.app, 'viewer@demo.example');
    expect((await t.app.inject({ method: 'GET', url: url(), headers: viewer })).statusCode).toBe(404);
    expect((await save({}, viewer)).statusCode).toBe(404);
  });

  it('tells its contacts once of each post past its own wait, in one mail for a burst', async () => {
    const saved = await save({});
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ Active: true, WaitMinutes: 15, Recipients: [{ ContactId: mine, Email: 'care@setting.example' }] });
    await ingestPosts(t.db, [
      makePost('@AcmeSA where is my acme order?', { externalId: 's-late-1', inReplyToHandle: 'AcmeSA', postedAt: ago(20) }),
      makePost('@AcmeSA my acme router is down again', { externalId: 's-late-2', inReplyToHandle: 'AcmeSA', postedAt: ago(18) }),
      makePost('@AcmeSA please call me about my acme bill', { externalId: 's-fresh', inReplyToHandle: 'AcmeSA', postedAt: ago(5) }),
    ]);
    expect(await run()).toEqual([{ projectId: p.projectId, posts: 2, mails: 1 }]);
    const mails = await t.db.selectFrom('mail_outbox').select(['to', 'subject', 'text']).orderBy('id').execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'care@setting.example', subject: '2 posts waiting for a response: Setting Co' });
    expect(mails[0].text).toContain('waited more than 15 minutes');
    expect(mails[0].text).not.toContain('call me');
    // Exactly once: the same run again tells nothing; the fresh post is told when its wait is over.
    expect(await run()).toEqual([]);
    expect(await run(new Date(NOW.getTime() + 15 * 60_000))).toEqual([{ projectId: p.projectId, posts: 1, mails: 1 }]);
  });

  it('tells no one once it is turned off', async () => {
    expect((await save({ active: false })).json()).toMatchObject({ Active: false, WaitMinutes: 15 });
    await ingestPosts(t.db, [makePost('@AcmeSA is the acme shop open?', { externalId: 's-off', inReplyToHandle: 'AcmeSA', postedAt: ago(30) })]);
    expect(await run()).toEqual([]);
  });
});
