import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestApp, type TestContext } from '../../test/harness.ts';

type H = { authorization: string };

describe('saved narrative queries over the API', () => {
  let t: TestContext;
  let analyst: H;
  let viewer: H;
  let projectId: number;
  let contactId: number;
  beforeAll(async () => {
    t = await createTestApp();
    projectId = t.projects['acme-brand'];
    analyst = await authHeader(t.app, 'analyst@demo.example');
    viewer = await authHeader(t.app, 'viewer@demo.example');
    const project = await t.db.selectFrom('projects').select('client_id').where('id', '=', projectId).executeTakeFirstOrThrow();
    contactId = (
      await t.db
        .selectFrom('client_contacts')
        .select('id')
        .where('client_id', '=', project.client_id)
        .where('is_active', '=', true)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t.close());
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, h: H, payload?: object) => {
    const res = await t.app.inject({ method, url, headers: h, payload });
    return { status: res.statusCode, body: res.json() };
  };
  const base = { Query: 'delivery OR late', StreamIds: '7,8', RangeKind: 'last7' };

  it('saves, lists by name, renames and deletes a query with its alert and recipients', async () => {
    const saved = await call('POST', '/api/narratives/queries', analyst, {
      ProjectId: projectId,
      Name: 'Delivery',
      ...base,
      AlertMinPosts: 5,
      RecipientIds: [contactId],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ Name: 'Delivery', Query: 'delivery OR late', StreamIds: [7, 8], RangeKind: 'last7', AlertMinPosts: 5, AlertGrowth: 2 });
    expect(saved.body.Recipients.map((r: { ContactId: number }) => r.ContactId)).toEqual([contactId]);
    await call('POST', '/api/narratives/queries', analyst, { ProjectId: projectId, Name: 'Another', ...base });
    const list = await call('GET', `/api/narratives/queries?projectId=${projectId}`, analyst);
    expect(list.body.map((q: { Name: string }) => q.Name)).toEqual(['Another', 'Delivery']);
    const renamed = await call('PUT', `/api/narratives/queries/${saved.body.Id}`, analyst, { Name: 'Late deliveries', ...base });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ Id: saved.body.Id, Name: 'Late deliveries', AlertMinPosts: null, Recipients: [] });
    expect((await call('DELETE', `/api/narratives/queries/${saved.body.Id}`, analyst)).body).toEqual({ ok: true });
    const after = await call('GET', `/api/narratives/queries?projectId=${projectId}`, analyst);
    expect(after.body.map((q: { Name: string }) => q.Name)).toEqual(['Another']);
  });

  it('answers 400 in words for an empty name, a taken name, a query that does not parse, an alert without recipients and a stranger as recipient', async () => {
    const save = (body: object) => call('POST', '/api/narratives/queries', analyst, { ProjectId: projectId, ...base, ...body });
    expect(await save({ Name: '  ' })).toMatchObject({ status: 400, body: { message: expect.stringContaining('Please enter a name for the query') } });
    await save({ Name: 'Taken' });
    expect(await save({ Name: 'taken' })).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining("A saved query named 'taken' already exists") },
    });
    expect(await save({ Name: 'Broken', Query: 'cola AND (' })).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('The query does not read as a rule') },
    });
    expect(await save({ Name: 'Alone', AlertMinPosts: 5 })).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('Please select at least 1 recipient') },
    });
    const stranger = await t.db
      .selectFrom('client_contacts')
      .select('id')
      .where('client_id', '<>', (await t.db.selectFrom('projects').select('client_id').where('id', '=', projectId).executeTakeFirstOrThrow()).client_id)
      .executeTakeFirstOrThrow();
    expect(await save({ Name: 'Stranger', AlertMinPosts: 5, RecipientIds: [stranger.id] })).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('is not an active contact of this project') },
    });
  });

  it("answers 404 for another client's project and saved query, and changes nothing", async () => {
    const mine = await call('POST', '/api/narratives/queries', analyst, { ProjectId: projectId, Name: 'Private', ...base });
    expect((await call('GET', `/api/narratives/queries?projectId=${projectId}`, viewer)).status).toBe(404);
    expect((await call('PUT', `/api/narratives/queries/${mine.body.Id}`, viewer, { Name: 'Stolen', ...base })).status).toBe(404);
    expect((await call('DELETE', `/api/narratives/queries/${mine.body.Id}`, viewer)).status).toBe(404);
    const list = await call('GET', `/api/narratives/queries?projectId=${projectId}`, analyst);
    expect(list.body.map((q: { Name: string }) => q.Name)).toContain('Private');
  });
});
