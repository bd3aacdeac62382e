import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKFLOW_PLACEHOLDER_GROUP_ID, type WorkflowGroup } from '@listening/contract';
import { authHeader, countRows, createTestApp, type TestContext } from '../../test/harness.ts';
import { saveWordBin } from '../../test/word-bin-fixture.ts';

type Headers = { authorization: string };

describe('the workflow board of a word bin', () => {
  let t: TestContext;
  let analyst: Headers;
  let viewer: Headers;
  let binId: number;
  let otherBinId: number;
  let matches: Record<string, number>;

  const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers = analyst) => t.app.inject({ method, url, headers });
  const groups = async (workflowId: number, headers: Headers = analyst) =>
    (await req('GET', `/api/workflow/group/getall?workflowId=${workflowId}`, headers)).json() as WorkflowGroup[];
  const columns = async (workflowId: number) =>
    Object.fromEntries((await groups(workflowId)).map((g) => [g.Description, g.Tickets.map((c) => c.Clip.Body).sort()]));
  const workflowOf = async (wordBinId: number) => (await req('GET', `/api/workflow/get/wordbin/?wordBinId=${wordBinId}`)).json().Id as number;
  const addGroup = (wordBinId: number, name: string, headers: Headers = analyst) =>
    req('POST', `/api/workflow/create?wordBinId=${wordBinId}&name=${encodeURIComponent(name)}`, headers);

  /** A word bin of acme-brand, saved by the analyst, with its matches (clips inserted here, posted a minute apart). */
  async function wordBinWithMatches(description: string, bodies: string[]) {
    const saved = await saveWordBin(t.app, analyst, { Description: description, ProjectId: t.projects['acme-brand'], keyword: 'cola' });
    if (saved.statusCode !== 200) throw new Error(`word bin not saved: ${saved.body}`);
    const bin = { id: saved.json().Id as number };
    const ids: Record<string, number> = {};
    for (const [i, body] of bodies.entries()) {
      const clip = await t.db
        .insertInto('clips')
        .values({ stream_id: 7, external_id: `wf-${description}-${i}`, body, posted_at: new Date(Date.UTC(2024, 2, 1, 10, i)) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const match = await t.db.insertInto('word_bin_clips').values({ word_bin_id: bin.id, clip_id: clip.id }).returning('id').executeTakeFirstOrThrow();
      ids[body] = Number(match.id);
    }
    return { id: bin.id, matches: ids };
  }

  beforeAll(async () => {
    t = await createTestApp();
    [analyst, viewer] = await Promise.all(['analyst', 'viewer'].map((u) => authHeader(t.app, `${u}@demo.example`)));
    const bin = await wordBinWithMatches('Cola complaints', ['Flat cola. Again', 'Warm cans', 'Price up']);
    binId = bin.id;
    matches = bin.matches;
    otherBinId = (await wordBinWithMatches('Launch buzz', ['New flavour'])).id;
  });
  afterAll(() => t.close());

  it("gives a word bin its workflow when the bin is created, with the default group 'New' holding every match", async () => {
    const stored = await t.db.selectFrom('workflows').select(['id', 'description']).where('word_bin_id', '=', binId).executeTakeFirstOrThrow();
    expect(stored.description).toBe('Cola complaints');
    const res = await req('GET', `/api/workflow/get/wordbin/?wordBinId=${binId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Id: stored.id, Description: 'Cola complaints', WordBinId: binId, ProjectId: t.projects['acme-brand'] });
    const [only] = await groups(stored.id);
    expect(only).toMatchObject({ Description: 'New', IsDefault: true, IsDeleted: false, TicketCount: 3 });
    expect(only.Tickets.map((c) => c.Clip.Body)).toEqual(['Price up', 'Warm cans', 'Flat cola. Again']);
    expect(only.Tickets[0]).toMatchObject({ WorkflowGroupId: only.Id, StreamId: 7, DatePosted: '2024-03-01T10:02:00.000Z', AuthorName: 'Unknown author' });
  });

  it("shows an In-Active client's board to its contact without writing a row, and an admin's new list comes with its board", async () => {
    // Old Brand Holdings (In-Active) with Reaction Lists and the analyst as a contact; an admin
    // (who may still write there) adds a list to its project.
    const oldBrand = await t.db.selectFrom('clients').select('id').where('name', '=', 'Old Brand Holdings').executeTakeFirstOrThrow();
    const user = await t.db.selectFrom('users').select('id').where('email', '=', 'analyst@demo.example').executeTakeFirstOrThrow();
    await t.db.insertInto('client_products').values({ client_id: oldBrand.id, product_code: 'KPRW10' }).execute();
    await t.db.insertInto('client_contacts').values({ client_id: oldBrand.id, user_id: user.id }).execute();
    const admin = await authHeader(t.app, 'admin@demo.example');
    const saved = await saveWordBin(t.app, admin, {
      Description: 'Retro recall',
      ProjectId: t.projects['oldbrand'],
      keyword: 'recall',
      StopDate: '2024-02-01T00:00:00.000Z',
    });
    expect(saved.statusCode).toBe(200);
    const wordBinId = saved.json().Id as number;
    const rows = async () => Promise.all((['workflows', 'workflow_groups', 'workflow_tickets', 'boards'] as const).map((table) => countRows(t.db, table)));
    const before = await rows();
    const res = await req('GET', `/api/workflow/get/wordbin/?wordBinId=${wordBinId}`);
    expect(res.statusCode).toBe(200);
    expect(await rows()).toEqual(before);
    // The board was made with the list.
    const board = await t.db.selectFrom('workflows').select('id').where('word_bin_id', '=', wordBinId).executeTakeFirstOrThrow();
    expect(res.json()).toEqual({ Id: board.id, Description: 'Retro recall', WordBinId: wordBinId, ProjectId: t.projects['oldbrand'] });
    expect((await groups(board.id)).map((g) => [g.Description, g.IsDefault])).toEqual([['New', true]]);
    expect(await rows()).toEqual(before);
    expect((await addGroup(wordBinId, 'Frozen')).statusCode).toBe(403);
  });

  it('answers 404 for a word bin without a board, writing nothing (a GET never writes)', async () => {
    const project = await t.db.selectFrom('projects').select(['id', 'client_id']).where('id', '=', t.projects['acme-brand']).executeTakeFirstOrThrow();
    // Written around the service, as a fixture would: no workflow.
    const bare = await t.db
      .insertInto('word_bins')
      .values({
        client_id: project.client_id,
        project_id: project.id,
        description: 'Bare',
        start_date: new Date('2024-01-01'),
        stop_date: new Date('2030-01-01'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await req('GET', `/api/workflow/get/wordbin/?wordBinId=${bare.id}`);
    expect([res.statusCode, res.json().message]).toEqual([404, `Word bin ${bare.id} has no board`]);
    expect(await t.db.selectFrom('workflows').select('id').where('word_bin_id', '=', bare.id).execute()).toEqual([]);
  });

  it('adds, renames and refuses groups by name, and moves tickets between them', async () => {
    const workflowId = await workflowOf(binId);
    expect((await addGroup(binId, '   ')).json().message).toBe('Please enter a group name');
    const doing = await addGroup(binId, '  In   progress ');
    expect(doing.statusCode).toBe(200);
    expect(doing.json()).toMatchObject({ Description: 'In progress', IsDefault: false, Tickets: [] });
    expect((await addGroup(binId, 'in progress')).json().message).toBe('There is already a group named in progress on this board');
    const done = (await addGroup(binId, 'Done')).json();
    const renamed = await req('PUT', `/api/workflow/group/update?workflowGroupId=${done.Id}&name=Resolved`);
    expect(renamed.json()).toMatchObject({ Id: done.Id, Description: 'Resolved' });
    expect((await req('PUT', `/api/workflow/group/update?workflowGroupId=${done.Id}&name=New`)).statusCode).toBe(400);

    expect((await req('PUT', `/api/workflow/clip/update?workflowClipId=${matches['Warm cans']}&groupId=${doing.json().Id}`)).statusCode).toBe(200);
    expect((await req('PUT', `/api/workflow/clip/update?workflowClipId=${matches['Price up']}&groupId=${done.Id}`)).statusCode).toBe(200);
    expect(await columns(workflowId)).toEqual({ New: ['Flat cola. Again'], 'In progress': ['Warm cans'], Resolved: ['Price up'] });
    expect((await groups(workflowId)).map((g) => g.Description)).toEqual(['New', 'In progress', 'Resolved']);
  });

  it("refuses to move a ticket to another word bin's group, and saves nothing", async () => {
    const otherGroup = (await addGroup(otherBinId, 'Elsewhere')).json();
    const res = await req('PUT', `/api/workflow/clip/update?workflowClipId=${matches['Flat cola. Again']}&groupId=${otherGroup.Id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Group Elsewhere is on another word bin's board: a ticket moves within its own board");
    expect((await columns(await workflowOf(binId))).New).toEqual(['Flat cola. Again']);
    expect((await req('PUT', `/api/workflow/clip/update?workflowClipId=${matches['Flat cola. Again']}&groupId=424242`)).statusCode).toBe(404);
  });

  it('keeps tickets where they are when the default changes; new matches arrive in the new default', async () => {
    const workflowId = await workflowOf(binId);
    const before = await groups(workflowId);
    const resolved = before.find((g) => g.Description === 'Resolved')!;
    expect((await req('PUT', `/api/workflow/group/default?workflowId=${workflowId}&workflowGroupId=${resolved.Id}`)).statusCode).toBe(200);
    const clip = await t.db
      .insertInto('clips')
      .values({ stream_id: 8, external_id: 'wf-late', body: 'Late match', posted_at: new Date('2024-03-02T00:00:00Z') })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('word_bin_clips').values({ word_bin_id: binId, clip_id: clip.id }).execute();
    const after = await groups(workflowId);
    expect(after.filter((g) => g.IsDefault).map((g) => g.Description)).toEqual(['Resolved']);
    expect(await columns(workflowId)).toEqual({ New: ['Flat cola. Again'], 'In progress': ['Warm cans'], Resolved: ['Late match', 'Price up'] });

    const other = await workflowOf(otherBinId);
    const elsewhere = (await groups(other)).find((g) => g.Description === 'Elsewhere')!;
    const cross = await req('PUT', `/api/workflow/group/default?workflowId=${workflowId}&workflowGroupId=${elsewhere.Id}`);
    expect(cross.json().message).toBe('Group Elsewhere is on another board');
  });

  it('deletes a group, sending its tickets to the default; never the default group nor the placeholder', async () => {
    const workflowId = await workflowOf(binId);
    const byName = Object.fromEntries((await groups(workflowId)).map((g) => [g.Description, g]));
    const placeholder = await req('DELETE', `/api/workflow/delete?workFlowId=${WORKFLOW_PLACEHOLDER_GROUP_ID}`);
    expect(placeholder.statusCode).toBe(400);
    expect(placeholder.json().message).toBe('The placeholder group 999999999999 cannot be deleted');
    const defaultGroup = await req('DELETE', `/api/workflow/delete?workFlowId=${byName.Resolved.Id}`);
    expect(defaultGroup.json().message).toBe('Resolved is the default group: set another group as default before deleting it');
    expect((await req('DELETE', `/api/workflow/delete?workFlowId=${byName['In progress'].Id}`)).json()).toEqual({ ok: true });
    expect(await columns(workflowId)).toEqual({ New: ['Flat cola. Again'], Resolved: ['Late match', 'Price up', 'Warm cans'] });
    expect((await req('DELETE', `/api/workflow/delete?workFlowId=${byName['In progress'].Id}`)).statusCode).toBe(404);
    const stored = await t.db.selectFrom('workflow_groups').select('is_deleted').where('id', '=', byName['In progress'].Id).executeTakeFirstOrThrow();
    expect(stored.is_deleted).toBe(true);
  });

  it("lists a group's tickets posted within a window (the clip fetch)", async () => {
    const workflowId = await workflowOf(binId);
    const resolved = (await groups(workflowId)).find((g) => g.IsDefault)!;
    const projectId = t.projects['acme-brand'];
    const url = (from: string, to: string, p = projectId) => `/api/workflow/clip/getall?groupId=${resolved.Id}&from=${from}&to=${to}&projectId=${p}`;
    const within = await req('GET', url('2024/03/01', '2024/03/02'));
    expect(within.json().map((c: { Clip: { Body: string } }) => c.Clip.Body)).toEqual(['Price up', 'Warm cans']);
    expect((await req('GET', url('2020/01/01', '2023/01/01'))).json()).toEqual([]);
    expect((await req('GET', url('2024/02/30', '2024/03/02'))).json().message).toBe("from must be a day like 2020/01/01, got '2024/02/30'");
    expect((await req('GET', url('2024/03/01', '2024/03/02', t.projects['acme-summer']))).statusCode).toBe(400);
  });

  it("shows an In-Active client's board but refuses changes to it (403)", async () => {
    const workflowId = await workflowOf(binId);
    const acme = t.db.updateTable('clients').where('name', '=', 'Acme Beverages');
    await acme.set({ is_active: false }).execute();
    try {
      expect((await req('GET', `/api/workflow/group/getall?workflowId=${workflowId}`)).statusCode).toBe(200);
      const refused = await addGroup(binId, 'Frozen');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Acme Beverages is In-Active: its data is read-only');
    } finally {
      await acme.set({ is_active: true }).execute();
    }
    expect((await groups(workflowId)).map((g) => g.Description)).not.toContain('Frozen');
  });

  it("keeps another client's user out of every call (404), changing nothing", async () => {
    const workflowId = await workflowOf(binId);
    const group = (await groups(workflowId))[0];
    const calls: [Parameters<typeof req>[0], string][] = [
      ['GET', `/api/workflow/get/wordbin/?wordBinId=${binId}`],
      ['GET', `/api/workflow/group/getall?workflowId=${workflowId}`],
      ['GET', `/api/workflow/clip/getall?groupId=${group.Id}&from=2020/01/01&to=2030/01/01&projectId=${t.projects['acme-brand']}`],
      ['POST', `/api/workflow/create?wordBinId=${binId}&name=Mine`],
      ['PUT', `/api/workflow/group/update?workflowGroupId=${group.Id}&name=Mine`],
      ['DELETE', `/api/workflow/delete?workFlowId=${group.Id}`],
      ['PUT', `/api/workflow/group/default?workflowId=${workflowId}&workflowGroupId=${group.Id}`],
      ['PUT', `/api/workflow/clip/update?workflowClipId=${matches['Price up']}&groupId=${group.Id}`],
      ['GET', `/api/board/${workflowId}`],
    ];
    for (const [method, url] of calls) expect([method, url, (await req(method, url, viewer)).statusCode]).toEqual([method, url, 404]);
    expect((await groups(workflowId)).map((g) => g.Description)).toEqual(['New', 'Resolved']);
  });
});
