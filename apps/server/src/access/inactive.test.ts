// In-Active clients (clients.is_active = false): the contract has ended, so their data is
// read-only. Their contacts still read everything; every write of their data answers 403 naming
// the client and changes nothing; admins (the provider's staff) may still write, to fix data;
// another tenant still gets 404, never a hint that the client is in-active.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createInfluencer,
  deleteInfluencer,
  deleteProject,
  excludePhrase,
  includePhrase,
  removePhrase,
  operationPath,
  rateClips,
  rejectClips,
  renameProject,
  type OperationSpec,
} from '@listening/contract';
import { insertFixture, type Fixture } from '../test/analytic-fixture.ts';
import { authHeader, createTestApp, type TestContext } from '../test/harness.ts';
import type { AuthUser } from '../plugins/auth.ts';
import { projectForUser, projectForWrite } from './index.ts';

type H = { authorization: string };

describe('In-Active clients: read-only', () => {
  let t: TestContext;
  let fx: Fixture;
  let admin: H;
  let analyst: H;
  let viewer: H;
  let acmeId: number;
  let influencerId: number;
  const range = 'startDate=2024-03-01&endDate=2024-03-02&streamIds=7,8';

  beforeAll(async () => {
    t = await createTestApp();
    fx = await insertFixture(t.db, t.projects['acme-brand']);
    [admin, analyst, viewer] = await Promise.all(['admin', 'analyst', 'viewer'].map((u) => authHeader(t.app, `${u}@demo.example`)));
    acmeId = (await t.db.selectFrom('clients').select('id').where('name', '=', 'Acme Beverages').executeTakeFirstOrThrow()).id;
    influencerId = (
      await t.db
        .insertInto('influencers')
        .values({ project_id: fx.projectId, author_id: fx.authors.alice, author_name: 'Alice', stream_id: 7 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    // The analyst's Acme Beverages contract ends.
    await t.db.updateTable('clients').set({ is_active: false }).where('id', '=', acmeId).execute();
  });
  afterAll(() => t.close());

  /** Calls an operation with its input in the query or the body, whichever the contract declares. */
  const send = async (op: OperationSpec, input: Record<string, unknown>, headers: H) => {
    const url = operationPath(op);
    const query = new URLSearchParams(Object.entries(input).map(([k, v]): [string, string] => [k, String(v)])).toString();
    const res = await t.app.inject({
      method: op.method,
      url: op.body ? url : `${url}?${query}`,
      headers,
      ...(op.body ? { payload: input } : {}),
    });
    return { status: res.statusCode, body: res.json() as Record<string, unknown> };
  };
  const get = async (path: string, h: H) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/${path}`, headers: h });
    return { status: res.statusCode, body: res.json() };
  };
  const writes = () => {
    const p = fx.projectId;
    return [
      ['rate clips', rateClips, { projectId: p, binClipBaseIds: [fx.root.c2], favourabilityId: 1 }],
      ['reject clips', rejectClips, { projectId: p, binClipBaseIds: [fx.root.c3] }],
      ['include a phrase', includePhrase, { projectId: p, phrase: 'fizzy' }],
      ['exclude a phrase', excludePhrase, { projectId: p, phrase: 'cola' }],
      ['remove a phrase', removePhrase, { projectId: p, phrase: 'cola' }],
      ['add an influencer', createInfluencer, { projectId: p, authorId: fx.authors.bob, authorName: 'Bob', streamId: 7 }],
      ['remove an influencer', deleteInfluencer, { id: influencerId }],
    ] as const;
  };
  /** What the writes above would change. */
  const state = async () => ({
    clips: await t.db.selectFrom('bin_clips').select(['id', 'favourability_id', 'rejected']).where('project_id', '=', fx.projectId).orderBy('id').execute(),
    phrases: await t.db.selectFrom('wordcloud_phrases').select(['phrase', 'kind']).where('project_id', '=', fx.projectId).orderBy('phrase').execute(),
    influencers: await t.db.selectFrom('influencers').select('author_id').where('project_id', '=', fx.projectId).orderBy('author_id').execute(),
  });

  it("lets the client's contacts read everything as before", async () => {
    expect((await get(`project/get?projectId=${fx.projectId}`, analyst)).status).toBe(200);
    const clips = await get(`clip/getall?projectId=${fx.projectId}&${range}`, analyst);
    expect(clips.status).toBe(200);
    expect(clips.body.Data.length).toBeGreaterThan(0);
    expect((await get(`wordcloud/getall?projectId=${fx.projectId}&${range}&cloudFilter=words`, analyst)).status).toBe(200);
    expect((await get(`influencer/getall?projectId=${fx.projectId}`, analyst)).body).toHaveLength(1);
  });

  it('answers 403 naming the client to every write of its data, and changes nothing', async () => {
    const before = await state();
    for (const [name, op, input] of writes()) {
      const res = await send(op, input, analyst);
      expect([name, res.status, res.body.message]).toEqual([name, 403, 'Acme Beverages is In-Active: its data is read-only']);
    }
    expect(await state()).toEqual(before);
  });

  it('answers 404, not 403, to a user of another client: being in-active is not revealed', async () => {
    for (const [name, op, input] of writes()) expect([name, (await send(op, input, viewer)).status]).toEqual([name, 404]);
  });

  it('lets admins (the provider) still write, to fix data', async () => {
    for (const [name, op, input] of writes()) expect([name, (await send(op, input, admin)).status]).toEqual([name, 200]);
    const project = (await get(`project/get?projectId=${t.projects['acme-summer']}`, admin)).body;
    expect((await send(renameProject, { binId: project.BinId, binName: 'Summer archive' }, admin)).status).toBe(200);
    expect((await send(deleteProject, { id: project.BinId, isDeleted: 'true', clientId: acmeId }, admin)).status).toBe(200);
  });

  it('makes the seeded Old Brand Holdings read-only for a contact, and writable again once active', async () => {
    const oldBrand = await t.db.selectFrom('clients').select(['id', 'is_active']).where('name', '=', 'Old Brand Holdings').executeTakeFirstOrThrow();
    expect(oldBrand.is_active).toBe(false);
    const analystId = (await t.db.selectFrom('users').select('id').where('email', '=', 'analyst@demo.example').executeTakeFirstOrThrow()).id;
    await t.db.insertInto('client_contacts').values({ user_id: analystId, client_id: oldBrand.id }).execute();
    const phrase = { projectId: t.projects['oldbrand'], phrase: 'retro' };
    expect((await get(`project/get?projectId=${t.projects['oldbrand']}`, analyst)).status).toBe(200);
    const refused = await send(excludePhrase, phrase, analyst);
    expect([refused.status, refused.body.message]).toEqual([403, 'Old Brand Holdings is In-Active: its data is read-only']);
    await t.db.updateTable('clients').set({ is_active: true }).where('id', '=', oldBrand.id).execute();
    expect((await send(excludePhrase, phrase, analyst)).status).toBe(200);
  });

  it('projectForWrite: the project as projectForUser answers it, or 403 for a non-admin on an in-active client', async () => {
    const user = (id: number, isAdmin: boolean): AuthUser => ({ id, isAdmin, sessionId: 0, actingAdminId: null });
    const analystId = (await t.db.selectFrom('users').select('id').where('email', '=', 'analyst@demo.example').executeTakeFirstOrThrow()).id;
    const viewerId = (await t.db.selectFrom('users').select('id').where('email', '=', 'viewer@demo.example').executeTakeFirstOrThrow()).id;
    await expect(projectForUser(t.db, user(analystId, false), fx.projectId)).resolves.toMatchObject({ id: fx.projectId });
    await expect(projectForWrite(t.db, user(analystId, false), fx.projectId)).rejects.toMatchObject({ statusCode: 403 });
    await expect(projectForWrite(t.db, user(viewerId, false), fx.projectId)).rejects.toMatchObject({ statusCode: 404 });
    await expect(projectForWrite(t.db, user(analystId, true), fx.projectId)).resolves.toMatchObject({ id: fx.projectId });
    await expect(projectForWrite(t.db, user(analystId, false), t.projects['mzansi-hashtag'])).resolves.toMatchObject({ id: t.projects['mzansi-hashtag'] });
  });
});
