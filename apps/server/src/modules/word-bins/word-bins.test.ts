import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORD_BIN_LANGUAGES } from '@listening/contract';
import { authHeader, contactIdOf, createTestApp, type TestContext } from '../../test/harness.ts';

type Headers = { authorization: string };
const DAY = 86_400_000;

describe('word bins (reaction and crisis lists)', () => {
  let t: TestContext;
  let analyst: Headers;
  let viewer: Headers;
  let acmeClient: number;
  let mzansiClient: number;
  let analystContact: number;
  let viewerContact: number;
  let projectId: number;

  beforeAll(async () => {
    t = await createTestApp();
    [analyst, viewer] = await Promise.all(['analyst', 'viewer'].map((u) => authHeader(t.app, `${u}@demo.example`)));
    projectId = t.projects['acme-brand'];
    const client = async (name: string) => (await t.db.selectFrom('clients').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    acmeClient = await client('Acme Beverages');
    mzansiClient = await client('Mzansi Telecom');
    analystContact = await contactIdOf(t.db, 'analyst@demo.example');
    viewerContact = await contactIdOf(t.db, 'viewer@demo.example');
  });
  afterAll(() => t.close());

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const body = (over: object = {}) => ({
    Description: 'Product recall',
    ProjectId: projectId,
    ClientId: acmeClient,
    WordBinTypeId: 1,
    NotificationInterval: 60,
    SentimentId: 3,
    LanguageId: 1,
    StartDate: new Date().toISOString(),
    StopDate: new Date(Date.now() + 30 * DAY).toISOString(),
    Keywords: [
      { Value: 'recall', OperatorId: 1 },
      { Value: 'acme', OperatorId: 2 },
      { Value: '', OperatorId: 2 },
      { Value: 'competition', OperatorId: 3 },
    ],
    Recipients: [{ ContactId: analystContact, WordBinRecipientTypeId: 1 }],
    ...over,
  });
  const count = async () =>
    Number(
      (
        await t.db
          .selectFrom('word_bins')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('saves a reaction list (empty keywords ignored), lists it, reads it, updates it, logs it and deletes it', async () => {
    const saved = await send('POST', '/api/wordbins/save', analyst, body());
    expect(saved.statusCode).toBe(200);
    const bin = saved.json();
    expect(bin).toMatchObject({
      Description: 'Product recall',
      WordBinTypeId: 1,
      NotificationInterval: 60,
      SentimentId: 3,
      LanguageId: 1,
      ProjectId: projectId,
      ClientId: acmeClient,
      DateLastSent: null,
      IsActive: true,
      Keywords: [
        { Value: 'recall', OperatorId: 1 },
        { Value: 'acme', OperatorId: 2 },
        { Value: 'competition', OperatorId: 3 },
      ],
      Recipients: [{ ContactId: analystContact, Name: 'Thandi', Surname: 'Analyst', Email: 'analyst@demo.example', WordBinRecipientTypeId: 1 }],
    });

    const list = await send('GET', `/api/wordbins/getall?clientId=${acmeClient}&projectId=${projectId}&wordBinTypeId=1`, analyst);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((b: { Id: number }) => b.Id)).toContain(bin.Id);
    const crisis = await send('GET', `/api/wordbins/getall?clientId=${acmeClient}&projectId=${projectId}&wordBinTypeId=2`, analyst);
    expect(crisis.json().map((b: { Id: number }) => b.Id)).not.toContain(bin.Id);

    const updated = await send(
      'PUT',
      '/api/wordbins/update',
      analyst,
      body({ Id: bin.Id, Description: 'Recall watch', NotificationInterval: 0, Recipients: [] }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ Id: bin.Id, Description: 'Recall watch', NotificationInterval: 0, Recipients: [] });
    expect((await send('GET', `/api/wordbins/get?id=${bin.Id}`, analyst)).json().Description).toBe('Recall watch');

    const logs = await send('GET', `/api/wordbins/logs?id=${bin.Id}`, analyst);
    expect(logs.statusCode).toBe(200);
    expect(logs.json()).toEqual([]);
    const from = new Date(Date.now() - 3_600_000);
    await t.db.insertInto('word_bin_logs').values({ word_bin_id: bin.Id, date_from: from, date_to: new Date(), clip_count: 4 }).execute();
    expect((await send('GET', `/api/wordbins/logs?id=${bin.Id}`, analyst)).json()).toEqual([
      expect.objectContaining({ DateFrom: from.toISOString(), ClipCount: 4 }),
    ]);

    const deleted = await send('DELETE', `/api/wordbins/delete?id=${bin.Id}`, analyst);
    expect(deleted.json()).toEqual({ Success: true, Message: 'Worbin deleted' });
    expect((await send('GET', `/api/wordbins/get?id=${bin.Id}`, analyst)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/wordbins/delete?id=${bin.Id}`, analyst)).statusCode).toBe(404);
  });

  it('refuses bad input with 400 naming the problem, and saves nothing', async () => {
    const before = await count();
    const cases: [object, RegExp][] = [
      [{ Keywords: [] }, /at least one AND or OR keyword/],
      [{ Keywords: [{ Value: '  ', OperatorId: 1 }] }, /at least one AND or OR keyword/],
      [{ Keywords: [{ Value: 'spam', OperatorId: 3 }] }, /at least one AND or OR keyword/],
      [{ Keywords: [{ Value: '"black friday', OperatorId: 1 }] }, /unclosed quote/],
      [{ Keywords: [{ Value: 'price (rise', OperatorId: 1 }] }, /unbalanced parentheses/],
      [{ Keywords: [{ Value: 'acme', OperatorId: 4 }] }, /OperatorId must be 1 \(AND\), 2 \(OR\) or 3 \(NOT\)/],
      [{ NotificationInterval: 15 }, /NotificationInterval must be one of 0, 5, 10, 20, 30, 60, 360, 720, 1440/],
      [{ StopDate: new Date(Date.now() - DAY).toISOString() }, /The end date must be after the start date/],
      [
        { Recipients: [{ ContactId: viewerContact, WordBinRecipientTypeId: 1 }] },
        new RegExp(`Contact ${viewerContact} is not an active contact of this client`),
      ],
      [{ Recipients: [{ ContactId: analystContact, WordBinRecipientTypeId: 7 }] }, /WordBinRecipientTypeId must be 1/],
      [{ ClientId: mzansiClient }, /is not a project of client/],
    ];
    for (const [over, message] of cases) {
      const res = await send('POST', '/api/wordbins/save', analyst, body(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    // A group of another client: refused, nothing saved half.
    const karoo = (await t.db.selectFrom('clients').select('id').where('name', '=', 'Karoo Outdoor Co.').executeTakeFirstOrThrow()).id;
    const foreignGroup = await t.db.insertInto('word_bin_groups').values({ client_id: karoo, description: 'Theirs' }).returning('id').executeTakeFirstOrThrow();
    const res = await send('POST', '/api/wordbins/save', analyst, body({ WordBinGroupId: foreignGroup.id }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Group ${foreignGroup.id} is not a group of this client`);
    expect(await count()).toBe(before);
  });

  it("keeps other clients' word bins, groups and contacts out of reach, and gates on the Reaction Lists product", async () => {
    const bin = (await send('POST', '/api/wordbins/save', analyst, body({ Description: 'Mine', WordBinTypeId: 2 }))).json();
    expect((await send('GET', `/api/wordbins/get?id=${bin.Id}`, viewer)).statusCode).toBe(404);
    expect((await send('GET', `/api/wordbins/logs?id=${bin.Id}`, viewer)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/wordbins/delete?id=${bin.Id}`, viewer)).statusCode).toBe(404);
    expect((await send('PUT', '/api/wordbins/update', viewer, body({ Id: bin.Id }))).statusCode).toBe(404);
    expect((await send('GET', `/api/wordbins/getall?clientId=${acmeClient}`, viewer)).statusCode).toBe(404);
    expect((await send('GET', `/api/wordbins/contacts?clientId=${acmeClient}`, viewer)).statusCode).toBe(404);
    expect((await send('GET', `/api/wordbins/group/getall?clientId=${acmeClient}`, viewer)).statusCode).toBe(404);
    expect((await send('POST', `/api/group/create/${acmeClient}/Intruders`, viewer)).statusCode).toBe(404);
    expect((await send('GET', `/api/wordbins/get?id=${bin.Id}`, analyst)).json().Description).toBe('Mine');
    // Mzansi owns no Reaction Lists: its analyst gets the product's 403.
    const locked = await send('POST', '/api/wordbins/save', analyst, body({ ProjectId: t.projects['mzansi-hashtag'], ClientId: mzansiClient, Recipients: [] }));
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toMatch(/Reaction Lists/);
  });

  it("creates groups, adds a bin to one, lists a group's bins and deletes the group (its bins stay)", async () => {
    const bin = (await send('POST', '/api/wordbins/save', analyst, body({ Description: 'Grouped' }))).json();
    const created = await send('POST', `/api/group/create/${acmeClient}/${encodeURIComponent('Crisis team')}`, analyst);
    expect(created.statusCode).toBe(200);
    const group = created.json();
    expect(group).toEqual({ Id: expect.any(Number), Description: 'Crisis team', IsDeleted: false });
    expect((await send('POST', `/api/group/create/${acmeClient}/${encodeURIComponent('crisis team')}`, analyst)).statusCode).toBe(400);
    expect((await send('GET', `/api/wordbins/group/getall?clientId=${acmeClient}`, analyst)).json()).toContainEqual(group);

    const added = await send('POST', `/api/group/add/${bin.Id}/${group.Id}`, analyst);
    expect(added.json().WordBinGroupId).toBe(group.Id);
    expect((await send('GET', `/api/wordbins/group/getfromgroup/${group.Id}`, analyst)).json().map((b: { Id: number }) => b.Id)).toEqual([bin.Id]);
    expect((await send('GET', `/api/wordbins/group/getfromgroup/${group.Id}`, viewer)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/group/delete?id=${group.Id}`, viewer)).statusCode).toBe(404);

    expect((await send('DELETE', `/api/group/delete?id=${group.Id}`, analyst)).json().Success).toBe(true);
    expect((await send('GET', `/api/wordbins/group/getall?clientId=${acmeClient}`, analyst)).json()).not.toContainEqual(group);
    expect((await send('GET', `/api/wordbins/get?id=${bin.Id}`, analyst)).json().WordBinGroupId).toBeNull();
    expect((await send('POST', `/api/group/add/${bin.Id}/${group.Id}`, analyst)).statusCode).toBe(404);
  });

  it("lists the client's active contacts for the recipient dropdown", async () => {
    const res = await send('GET', `/api/wordbins/contacts?clientId=${acmeClient}`, analyst);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual({ Id: analystContact, Name: 'Thandi', Surname: 'Analyst', Email: 'analyst@demo.example', Phone: expect.any(String) });
    expect(res.json().map((c: { Id: number }) => c.Id)).not.toContain(viewerContact);
  });
  it("counts the project's posts of the last 7 days that keywords would match, before saving, and each list's own matches", async () => {
    const { ingestPosts } = await import('../../ingest/index.ts');
    const post = (id: string, text: string, daysAgo: number) => ({
      streamId: 7,
      externalId: `matchcount-${id}`,
      author: { externalId: 'u-mc', name: 'Match Count', handle: 'matchcount' },
      body: text,
      postedAt: new Date(Date.now() - daysAgo * DAY),
    });
    await ingestPosts(t.db, [
      post('1', 'Acme zorbly launch party', 1),
      post('2', 'Acme zorbly again, and again', 2),
      post('3', 'Acme zorbly from long ago', 10),
      post('4', 'Acme without the word', 1),
    ]);
    const countOf = (keywords: { Value: string; OperatorId: number }[], who = analyst, over: object = {}) =>
      send('POST', '/api/wordbins/matchcount', who, { ProjectId: projectId, ClientId: acmeClient, Keywords: keywords, ...over });

    const res = await countOf([{ Value: 'zorbly', OperatorId: 1 }]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Matches: 2, Capped: false });
    expect(new Date(res.json().To).getTime() - new Date(res.json().From).getTime()).toBe(7 * DAY);
    expect(
      (
        await countOf([
          { Value: 'zorbly', OperatorId: 1 },
          { Value: 'again', OperatorId: 3 },
        ])
      ).json().Matches,
    ).toBe(1);
    // A language none of the recent posts is in matches nothing.
    const stored = await t.db.selectFrom('clips').select('language').where('external_id', 'in', ['matchcount-1', 'matchcount-2']).execute();
    const other = WORD_BIN_LANGUAGES.find((l) => l.Code !== null && !stored.some((c) => c.language === l.Code))!;
    expect((await countOf([{ Value: 'zorbly', OperatorId: 1 }], analyst, { LanguageId: other.Id })).json().Matches).toBe(0);

    // Keywords that make no query are a 400 naming the problem; another client's project does not exist.
    const notOnly = await countOf([{ Value: 'zorbly', OperatorId: 3 }]);
    expect(notOnly.statusCode).toBe(400);
    expect(notOnly.json().message).toBe('Add at least one AND or OR keyword: NOT keywords only exclude posts');
    expect((await countOf([{ Value: 'zorbly', OperatorId: 1 }], viewer)).statusCode).toBe(404);
    expect((await countOf([{ Value: 'zorbly', OperatorId: 1 }], analyst, { ClientId: mzansiClient })).statusCode).toBe(404);

    // A saved list counts what it caught: posts arriving after it is saved.
    const bin = (
      await send(
        'POST',
        '/api/wordbins/save',
        analyst,
        body({ Description: 'Zorbly watch', SentimentId: 0, LanguageId: 0, Keywords: [{ Value: 'zorbly', OperatorId: 1 }] }),
      )
    ).json();
    expect(bin.Matches7Days).toBe(0);
    await ingestPosts(t.db, [post('5', 'Acme zorbly fresh news', 0)]);
    const listed = (await send('GET', `/api/wordbins/getall?clientId=${acmeClient}&projectId=${projectId}`, analyst)).json();
    expect(listed.find((b: { Id: number }) => b.Id === bin.Id).Matches7Days).toBe(1);
  });
});
