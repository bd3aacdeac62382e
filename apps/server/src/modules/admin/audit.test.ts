// The audit log: what writes to it (project rename and delete, clip rejects, act-as, token grants
// and revokes, product changes) and how admins read it (GET /api/admin/audit).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_PAGE_MAX, type AuditEntry } from '@listening/contract';
import { AUDIT_MAX_IDS, audit, auditProductChange, auditTokenGrant, auditTokenRevoke, someIds } from '../../audit/index.ts';
import { insertFixture, type Fixture } from '../../test/analytic-fixture.ts';
import { authHeader, createTestApp, type TestContext } from '../../test/harness.ts';

type H = { authorization: string };

describe('audit log', () => {
  let t: TestContext;
  let fx: Fixture;
  let admin: H;
  let analyst: H;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp();
    fx = await insertFixture(t.db, t.projects['acme-brand']);
    for (const who of ['admin', 'analyst', 'viewer'])
      ids[who] = (await t.db.selectFrom('users').select('id').where('email', '=', `${who}@demo.example`).executeTakeFirstOrThrow()).id;
    [admin, analyst] = await Promise.all(['admin', 'analyst'].map((u) => authHeader(t.app, `${u}@demo.example`)));
  });
  afterAll(() => t.close());

  const read = async (query = '', h: H = admin) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/audit${query}`, headers: h });
    expect(res.statusCode).toBe(200);
    return res.json() as { Entries: AuditEntry[]; Next: number | null };
  };
  const put = (url: string, h: H, payload?: object, remoteAddress = '127.0.0.1') => t.app.inject({ method: 'PUT', url, headers: h, payload, remoteAddress });

  it('records a project rename and delete: who, what, on what, when, from where', async () => {
    const project = await t.db
      .selectFrom('projects')
      .select(['id', 'bin_id', 'client_id', 'description'])
      .where('id', '=', t.projects['acme-summer'])
      .executeTakeFirstOrThrow();
    expect((await put(`/keywords/api/bins/updatename?binId=${project.bin_id}&binName=Winter%20Campaign`, admin, undefined, '203.0.113.9')).statusCode).toBe(
      200,
    );
    expect((await put(`/keywords/api/bins/isdeleted?id=${project.bin_id}&isDeleted=true&clientId=${project.client_id}`, admin)).statusCode).toBe(200);
    expect((await put(`/keywords/api/bins/isdeleted?id=${project.bin_id}&isDeleted=false&clientId=${project.client_id}`, admin)).statusCode).toBe(200);
    // A refused change writes nothing.
    expect((await put(`/keywords/api/bins/updatename?binId=${project.bin_id}&binName=Hacked`, analyst)).statusCode).toBe(403);

    const { Entries } = await read();
    expect(Entries.map((e) => e.Action).slice(0, 3)).toEqual(['project.restore', 'project.delete', 'project.rename']);
    const rename = Entries[2];
    expect(rename).toMatchObject({
      ActorId: ids.admin,
      Actor: 'admin@demo.example',
      ActingAsId: null,
      ActingAs: null,
      Target: `project:${project.id}`,
      Detail: { binId: project.bin_id, from: project.description, to: 'Winter Campaign' },
      Address: '203.0.113.9',
    });
    expect(Date.now() - Date.parse(rename.DateCreated)).toBeLessThan(60_000);
    expect(Entries.some((e) => e.Detail?.to === 'Hacked')).toBe(false);
  });

  it('records clip rejects, naming the admin behind an act-as session and the contact acted as', async () => {
    const act = await t.app.inject({
      method: 'POST',
      url: `/crm/api/user/login/id?contactId=${ids.analyst}`,
      headers: await authHeader(t.app, 'admin@demo.example'),
    });
    const asAnalyst = { authorization: `Bearer ${act.json().access_token}` };
    const res = await put('/api/clip/reject', asAnalyst, { binClipBaseIds: [fx.root.c3], projectId: fx.projectId }, '192.0.2.44');
    expect(res.json()).toEqual({ Updated: 2 });
    // Rating is not a reject: not recorded.
    expect(
      (await put('/api/clip/favourability/update', analyst, { binClipBaseIds: [fx.root.c1], projectId: fx.projectId, favourabilityId: 3 })).statusCode,
    ).toBe(200);

    const [reject, start] = (await read()).Entries;
    expect(reject).toMatchObject({
      Action: 'clips.reject',
      ActorId: ids.admin,
      Actor: 'admin@demo.example',
      ActingAsId: ids.analyst,
      ActingAs: 'analyst@demo.example',
      Target: `project:${fx.projectId}`,
      Detail: { binClipIds: { ids: [fx.root.c3], count: 1 }, rows: 2 },
      Address: '192.0.2.44',
    });
    expect(start).toMatchObject({ Action: 'act_as.start', ActorId: ids.admin, Target: `user:${ids.analyst}` });
  });

  it('gives the functions for token grants and revokes and product changes, and bounds the ids it keeps', async () => {
    const actor = { id: ids.admin, actingAdminId: null, ip: '10.0.0.1' };
    await auditTokenGrant(t.db, actor, { kind: 'profile', id: 9, network: 'x', scopes: ['tweet.read'] });
    await auditTokenRevoke(t.db, null, { kind: 'profile', id: 9, network: 'x', reason: 'refused by the network' });
    await auditProductChange(t.db, actor, { clientId: 3, added: ['KPOZ10'], removed: [] });
    await audit(t.db, { actor, action: 'clips.reject', target: 'project:1', detail: { binClipIds: someIds(Array.from({ length: 150 }, (_, i) => i + 1)) } });

    const [many, product, revoke, grant] = (await read()).Entries;
    expect(grant).toMatchObject({
      Action: 'token.grant',
      Target: 'profile:9',
      Actor: 'admin@demo.example',
      Detail: { network: 'x', scopes: ['tweet.read'] },
      Address: '10.0.0.1',
    });
    expect(revoke).toMatchObject({ Action: 'token.revoke', ActorId: null, Actor: null, Detail: { reason: 'refused by the network' } });
    expect(product).toMatchObject({ Action: 'product.change', Target: 'client:3', Detail: { added: ['KPOZ10'], removed: [] } });
    const kept = many.Detail?.binClipIds as { ids: number[]; count: number; truncated: boolean };
    expect(kept.ids).toHaveLength(AUDIT_MAX_IDS);
    expect(kept).toMatchObject({ count: 150, truncated: true });
  });

  it('pages newest first with a bounded limit, for admins only', async () => {
    const all = (await read(`?limit=${AUDIT_PAGE_MAX}`)).Entries;
    expect(all.length).toBeGreaterThanOrEqual(8);
    expect(all.map((e) => e.Id)).toEqual([...all.map((e) => e.Id)].sort((a, b) => b - a));

    const first = await read('?limit=3');
    expect(first.Entries.map((e) => e.Id)).toEqual(all.slice(0, 3).map((e) => e.Id));
    expect(first.Next).toBe(all[2].Id);
    const second = await read(`?limit=3&before=${first.Next}`);
    expect(second.Entries.map((e) => e.Id)).toEqual(all.slice(3, 6).map((e) => e.Id));
    const last = await read(`?limit=${AUDIT_PAGE_MAX}&before=${all[all.length - 2].Id}`);
    expect(last).toEqual({ Entries: [all[all.length - 1]], Next: null });

    const tooMany = await t.app.inject({ method: 'GET', url: `/api/admin/audit?limit=${AUDIT_PAGE_MAX + 1}`, headers: admin });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/limit/);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: analyst })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
  });
});
