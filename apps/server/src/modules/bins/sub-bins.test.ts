import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFixture, type Fixture } from '../../test/analytic-fixture.ts';
import { authHeader, createTestApp, type TestContext } from '../../test/harness.ts';

type Headers = { authorization: string };

describe('sort bins and input bins', () => {
  let t: TestContext;
  let admin: Headers;
  let analyst: Headers;
  let viewer: Headers;
  beforeAll(async () => {
    t = await createTestApp();
    [admin, analyst, viewer] = await Promise.all(['admin', 'analyst', 'viewer'].map((u) => authHeader(t.app, `${u}@demo.example`)));
  });
  afterAll(() => t.close());

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  // A range around now, so that a post ingested by a test is counted.
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const list = (projectId: number, binTypeId: number, h: Headers = analyst) =>
    send('GET', `/api/subfolder/manage/getall?projectId=${projectId}&binTypeId=${binTypeId}&startDate=${day(-1)}&endDate=${day(1)}&streamIds=7,8,9`, h);

  it("lists a project's sort bins, parents before children, with their rules and counts", async () => {
    const res = await list(t.projects['acme-brand'], 2);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.CanEdit).toBe(true);
    expect(body.Bins.map((b: { Name: string; Depth: number }) => `${b.Depth}:${b.Name}`)).toEqual(['1:Customer service', '1:Product mentions', '2:Pricing']);
    const pricing = body.Bins.find((b: { Name: string }) => b.Name === 'Pricing');
    expect(pricing.ParentId).toBe(body.Bins.find((b: { Name: string }) => b.Name === 'Product mentions').Id);
    expect(pricing.Rules).toEqual([expect.objectContaining({ Kind: 'topic', Expression: 'acme AND (price OR expensive OR cheap OR rand)', StreamId: null })]);
    const input = (await list(t.projects['acme-brand'], 6)).json();
    expect(input.Bins.map((b: { Name: string; BinTypeId: number }) => [b.Name, b.BinTypeId])).toEqual([['Manual uploads', 6]]);
  });

  it('creates a sort bin with a rule, refuses a rule the matcher cannot read, renames it and deletes it with the bins inside it', async () => {
    const projectId = t.projects['acme-brand'];
    const bad = await send('POST', '/api/subfolder/create', analyst, {
      projectId,
      name: 'Launch',
      binTypeId: 2,
      rules: [
        { kind: 'phrase', expression: 'launch' },
        { kind: 'topic', expression: '(acme AND launch' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Rule 2 (Topic) cannot be read: missing ). Write words, "quoted phrases", AND, OR, NOT and parentheses');
    expect((await list(projectId, 2)).json().Bins.some((b: { Name: string }) => b.Name === 'Launch')).toBe(false);

    const created = await send('POST', '/api/subfolder/create', analyst, {
      projectId,
      name: 'Launch',
      binTypeId: 2,
      rules: [{ kind: 'topic', expression: 'acme AND launch', streamId: 7 }],
    });
    expect(created.statusCode).toBe(200);
    const bin = created.json();
    expect(bin).toMatchObject({
      Name: 'Launch',
      ParentId: null,
      BinTypeId: 2,
      Depth: 1,
      ClipCount: 0,
      Rules: [{ Kind: 'topic', Expression: 'acme AND launch', StreamId: 7 }],
    });

    const child = (await send('POST', '/api/subfolder/create', analyst, { projectId, parentId: bin.Id, name: 'Launch reviews', binTypeId: 2 })).json();
    expect(child).toMatchObject({ ParentId: bin.Id, Depth: 2 });
    const clash = await send('POST', '/api/subfolder/create', analyst, { projectId, name: 'launch', binTypeId: 2 });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe("A bin named 'Launch' already exists there: choose another name");
    const wrongKind = await send('POST', '/api/subfolder/create', analyst, { projectId, parentId: bin.Id, name: 'Uploads', binTypeId: 6 });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().message).toBe("A input bin goes inside another input bin: 'Launch' is a sort bin");

    expect((await send('PUT', '/api/subfolder/rename', analyst, { binId: bin.Id, name: '  ' })).json().message).toBe('Please enter a name for the bin');
    expect((await send('PUT', '/api/subfolder/rename', analyst, { binId: bin.Id, name: 'Launch 2026' })).statusCode).toBe(200);
    const rules = await send('PUT', '/api/subfolder/rules', analyst, { binId: bin.Id, rules: [{ kind: 'hashtag', expression: 'acmelaunch OR acme2026' }] });
    expect(rules.statusCode).toBe(200);
    expect(rules.json()).toEqual([expect.objectContaining({ Kind: 'hashtag', Expression: 'acmelaunch OR acme2026', StreamId: null })]);
    const after = (await list(projectId, 2)).json().Bins.find((b: { Id: number }) => b.Id === bin.Id);
    expect(after).toMatchObject({ Name: 'Launch 2026', Rules: [{ Kind: 'hashtag' }] });

    const deleted = await send('DELETE', `/api/subfolder/delete?binId=${bin.Id}`, analyst);
    expect(deleted.json()).toEqual({ Deleted: 2 });
    const names = (await list(projectId, 2)).json().Bins.map((b: { Name: string }) => b.Name);
    expect(names).not.toContain('Launch 2026');
    expect(names).not.toContain('Launch reviews');
    expect((await send('PUT', '/api/subfolder/rename', analyst, { binId: child.Id, name: 'Back' })).statusCode).toBe(404);
    const logged = await t.db.selectFrom('audit_log').select(['action', 'target']).where('action', '=', 'bin.delete').execute();
    expect(logged).toEqual([{ action: 'bin.delete', target: `bin:${bin.Id}` }]);
  });

  it('files posts ingested after a rule is saved in the new bin', async () => {
    const { ingestPosts } = await import('../../ingest/index.ts');
    const projectId = t.projects['acme-brand'];
    const bin = (
      await send('POST', '/api/subfolder/create', analyst, {
        projectId,
        name: 'Zesty',
        binTypeId: 2,
        rules: [{ kind: 'phrase', expression: 'acme AND zesty' }],
      })
    ).json();
    await ingestPosts(t.db, [
      {
        streamId: 7,
        externalId: 'zesty-1',
        author: { externalId: 'u1', name: 'U One', handle: 'uone' },
        body: 'Acme zesty lime is great',
        postedAt: new Date(),
      },
    ]);
    expect((await list(projectId, 2)).json().Bins.find((b: { Id: number }) => b.Id === bin.Id).ClipCount).toBe(1);
  });

  it("keeps another client's bins, locked products and In-Active clients out of reach", async () => {
    const acme = t.projects['acme-brand'];
    const productBin = (await list(acme, 2)).json().Bins[0].Id;
    // The viewer is a contact of Karoo only: Acme's project and bins do not exist for them.
    expect((await list(acme, 2, viewer)).statusCode).toBe(404);
    expect((await send('PUT', '/api/subfolder/rename', viewer, { binId: productBin, name: 'Mine' })).statusCode).toBe(404);
    expect((await send('DELETE', `/api/subfolder/delete?binId=${productBin}`, viewer)).statusCode).toBe(404);
    // Karoo owns neither Sort Bins nor Input Bins.
    const locked = await list(t.projects['karoo-brand'], 2, viewer);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toBe('Sort Bins is a locked product for this project: add the Sort Bins product (KPOZ10 or CPOZ10 or CIOZ10) to use it');
    expect((await send('POST', '/api/subfolder/create', viewer, { projectId: t.projects['karoo-brand'], name: 'X', binTypeId: 2 })).statusCode).toBe(403);
    // Mzansi owns Sentiment only.
    expect((await list(t.projects['mzansi-influencers'], 6)).statusCode).toBe(403);

    // An In-Active client's bins: read-only to its contact, still writable by admins.
    const oldbrand = t.projects['oldbrand'];
    const client = await t.db.selectFrom('projects').select('client_id').where('id', '=', oldbrand).executeTakeFirstOrThrow();
    await t.db.insertInto('client_products').values({ client_id: client.client_id, product_code: 'KPOZ10' }).execute();
    const analystId = (await t.db.selectFrom('users').select('id').where('email', '=', 'analyst@demo.example').executeTakeFirstOrThrow()).id;
    await t.db.insertInto('client_contacts').values({ client_id: client.client_id, user_id: analystId }).execute();
    const readOnly = (await list(oldbrand, 2)).json();
    expect(readOnly).toMatchObject({ CanEdit: false, ReadOnlyReason: 'Old Brand Holdings is In-Active: its data is read-only' });
    const refused = await send('POST', '/api/subfolder/create', analyst, { projectId: oldbrand, name: 'Late', binTypeId: 2 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Old Brand Holdings is In-Active: its data is read-only');
    expect((await send('POST', '/api/subfolder/create', admin, { projectId: oldbrand, name: 'Fix', binTypeId: 2 })).statusCode).toBe(200);
  });

  it('answers bad input with a 400 naming the problem', async () => {
    const projectId = t.projects['acme-brand'];
    const bad = async (payload: object) => (await send('POST', '/api/subfolder/create', analyst, { projectId, name: 'B', binTypeId: 2, ...payload })).json();
    expect((await bad({ binTypeId: 1 })).message).toBe('binTypeId must be 2 (sort bin) or 6 (input bin)');
    expect((await bad({ name: 'x'.repeat(201) })).message).toBe('name: The bin name is longer than 200 characters');
    expect((await bad({ rules: [{ kind: 'regex', expression: 'a' }] })).message).toBe(
      'rules.0.kind: kind must be one of phrase, topic, hashtag, handle, url, profile',
    );
    expect((await bad({ rules: Array.from({ length: 21 }, () => ({ kind: 'phrase', expression: 'a' })) })).message).toBe('rules: A bin has at most 20 rules');
    expect((await bad({ rules: [{ kind: 'phrase', expression: 'NOT' }] })).message).toMatch(/^Rule 1 \(Phrase\) cannot be read: expression ends too early/);
    expect((await bad({ parentId: 2_000_000 })).message).toBe('Bin 2000000 not found in this project');
    expect((await list(projectId, 3)).json().message).toBe('binTypeId must be 2 (sort bin) or 6 (input bin)');
  });
});

// The analytic fixture (test/analytic-fixture.ts) files c1 (X, 1 March 2024) and c3 (Facebook,
// 2 March, late evening in the client's zone) in 'Product mentions'.
describe("sort bins' counts over the Filter", () => {
  let t: TestContext;
  let analyst: Headers;
  let fx: Fixture;
  beforeAll(async () => {
    t = await createTestApp();
    fx = await insertFixture(t.db, t.projects['acme-brand']);
    analyst = await authHeader(t.app, 'analyst@demo.example');
  });
  afterAll(() => t.close());

  const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: analyst })).json();

  it("counts a bin's posts over the range and streams asked, as the dashboard's tree and the Tree View count them", async () => {
    const pricing = (await t.db.selectFrom('bins').select('id').where('name', '=', 'Pricing').where('project_id', '=', fx.projectId).executeTakeFirstOrThrow())
      .id;
    for (const [scope, n] of [
      ['startDate=2024-03-01&endDate=2024-03-02&streamIds=7,8', 2],
      ['startDate=2024-03-01&endDate=2024-03-02&streamIds=7', 1],
      ['startDate=2024-03-02&endDate=2024-03-31&streamIds=7,8', 1],
      ['startDate=2024-02-01&endDate=2024-02-29&streamIds=7,8', 0],
    ] as const) {
      const bins = await get(`/api/subfolder/manage/getall?projectId=${fx.projectId}&binTypeId=2&${scope}`);
      const sortBins = bins.Bins.find((b: { Id: number }) => b.Id === fx.productBinId).ClipCount;
      const tree = await get(`/api/subfolder/getall/treeview?projectId=${fx.projectId}&${scope}`);
      const dashboard = tree.find((b: { Id: number }) => b.Id === fx.productBinId).ClipCount;
      // The Tree View's folder: the bin and its subfolder (Pricing, empty here).
      const treeView = (await get(`/api/clip/getall/bins?binIds=${fx.productBinId},${pricing}&${scope}`)).Total;
      expect({ scope, sortBins, dashboard, treeView }).toEqual({ scope, sortBins: n, dashboard: n, treeView: n });
    }
  });

  it('needs the range and streams to count over', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/subfolder/manage/getall?projectId=${fx.projectId}&binTypeId=2`, headers: analyst });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('startDate');
  });
});
