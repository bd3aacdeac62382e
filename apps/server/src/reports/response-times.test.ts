// Response times count alike on the dashboard's Insights (GET /api/responses/times), in the PDF and
// in the workbook: the same scope (window, streams, the client's weeks) gives the same figures.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseTimeCells, responseTimeLines, type ResponseTimes } from '@listening/contract';
import { ingestPosts } from '../ingest/index.ts';
import { invalidateRules } from '../ingest/rules.ts';
import { makePost, seedProject, type SeededProject } from '../ingest/testing.ts';
import { authHeader, createTestApp, type TestContext } from '../test/harness.ts';
import { pdfText } from '../test/pdf-text.ts';
import { sheetCells } from '../test/xlsx-xml.ts';
import { renderRequest, type RenderedFile } from './render.ts';

const OWNED = { externalId: 'acme-1', name: 'Acme SA', handle: 'AcmeSA', followers: 50_000 };
const at = (iso: string, plusMinutes = 0) => new Date(new Date(iso).getTime() + plusMinutes * 60_000);

async function bytesOf(file: RenderedFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of file.body) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

describe('response times on the dashboard, in the PDF and in the workbook', () => {
  let t: TestContext;
  let p: SeededProject;
  let admin: { authorization: string };

  const request = async (layoutId: number, templateIds: number[]) => {
    const report = await t.db
      .insertInto('reports')
      .values({ client_id: p.clientId, project_id: p.projectId, name: 'Responses', layout_id: layoutId, template_ids: templateIds, stream_ids: [7, 8] })
      .returning('id')
      .executeTakeFirstOrThrow();
    const guid = randomUUID();
    // 3 to 16 June 2024 on the client's clock (Johannesburg, UTC+2).
    await t.db
      .insertInto('report_requests')
      .values({ guid, report_id: report.id, date_start: new Date('2024-06-02T22:00:00Z'), date_end: new Date('2024-06-16T22:00:00Z') })
      .execute();
    return bytesOf(await renderRequest(t.db, guid, { now: new Date('2024-07-01T10:00:00Z') }));
  };

  beforeAll(async () => {
    t = await createTestApp();
    p = await seedProject(t.db, { name: 'Times Co', profile: { streamId: 7, externalId: OWNED.externalId, handle: OWNED.handle } });
    await t.db.updateTable('clients').set({ time_zone: 'Africa/Johannesburg' }).where('id', '=', p.clientId).execute();
    invalidateRules(t.db);
    const ask = (id: string, text: string, postedAt: Date) => makePost(text, { externalId: id, inReplyToHandle: 'AcmeSA', postedAt });
    const reply = (id: string, parent: string, postedAt: Date) =>
      makePost('Sorry about that, we are on it', { externalId: id, parentExternalId: parent, author: OWNED, postedAt });
    await ingestPosts(t.db, [
      ask('q1', '@AcmeSA where is my acme order?', at('2024-06-04T08:00:00Z')),
      reply('a1', 'q1', at('2024-06-04T08:00:00Z', 30)),
      ask('q2', '@AcmeSA still waiting for my acme refund', at('2024-06-05T08:00:00Z')),
      reply('a2', 'q2', at('2024-06-05T08:00:00Z', 120)),
      // Sunday 23:30 in Johannesburg: the first week, though Monday already in no time zone west of it.
      ask('q3', '@AcmeSA can you help with my acme account?', at('2024-06-09T21:30:00Z')),
      reply('a3', 'q3', at('2024-06-09T21:30:00Z', 10)),
      // Monday 00:30 in Johannesburg (still Sunday in UTC): the second week. Never answered.
      ask('q4', '@AcmeSA why is my acme bill wrong?', at('2024-06-09T22:30:00Z')),
      ask('q5', '@AcmeSA is the acme shop open today?', at('2024-06-11T08:00:00Z')),
      // Outside the window: counted nowhere.
      ask('q6', '@AcmeSA how do I pay?', at('2024-06-17T08:00:00Z')),
    ]);
    const q5 = await t.db.selectFrom('clips').select('id').where('external_id', '=', 'q5').executeTakeFirstOrThrow();
    await t.db.insertInto('response_marks').values({ project_id: p.projectId, clip_id: q5.id, status: 'no_reply' }).execute();
    admin = await authHeader(t.app, 'admin@demo.example');
  });
  afterAll(() => t.close());

  it('counts per network, in all and per week of the client’s clock, and the three places agree', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/responses/times?projectId=${p.projectId}&startDate=2024-06-03&endDate=2024-06-16&streamIds=7,8`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    const times = res.json() as ResponseTimes;
    const none = { Needing: 0, Answered: 0, MedianMinutes: null, P90Minutes: null, AnsweredWithinWait: null };
    expect(times).toEqual({
      WaitMinutes: 60,
      Total: { Needing: 4, Answered: 3, MedianMinutes: 30, P90Minutes: 120, AnsweredWithinWait: 0.5 },
      ByNetwork: [
        { StreamId: 7, Needing: 4, Answered: 3, MedianMinutes: 30, P90Minutes: 120, AnsweredWithinWait: 0.5 },
        { StreamId: 8, ...none },
      ],
      ByWeek: [
        { Week: '2024-06-03', Needing: 3, Answered: 3, MedianMinutes: 30, P90Minutes: 120, AnsweredWithinWait: 0.667 },
        { Week: '2024-06-10', Needing: 1, Answered: 0, MedianMinutes: null, P90Minutes: null, AnsweredWithinWait: 0 },
      ],
      Truncated: false,
    });

    // The PDF's table holds every line as the dashboard writes it.
    const pdf = pdfText(await request(3, [3])).replace(/\s+/g, ' ');
    expect(pdf).toContain('Response times');
    for (const line of responseTimeLines(times)) expect(pdf).toContain(responseTimeCells(line).join(' '));

    // The workbook's sheet holds the same numbers.
    const cells = sheetCells(await request(2, [6]), 'Response times');
    const byRow = new Map<number, Map<string, string>>();
    for (const c of cells) {
      const [, col, n] = c.ref.match(/^([A-Z]+)(\d+)$/)!;
      byRow.set(Number(n), (byRow.get(Number(n)) ?? new Map()).set(col, c.text));
    }
    const num = (v: string | undefined) => (v === undefined || v === '' ? null : Number(v));
    const sheet = [...byRow.entries()]
      .sort((a, b) => a[0] - b[0])
      .slice(1)
      .map(([, r]) => [r.get('A'), num(r.get('B')), num(r.get('C')), num(r.get('D')), num(r.get('E')), num(r.get('F'))]);
    expect(sheet).toEqual(
      responseTimeLines(times).map((l) => [l.label, l.row.Needing, l.row.Answered, l.row.MedianMinutes, l.row.P90Minutes, l.row.AnsweredWithinWait]),
    );
  });

  it("uses the project's Response alert wait for the share answered in time", async () => {
    await t.db.insertInto('response_alert_settings').values({ project_id: p.projectId, is_active: true, wait_minutes: 15 }).execute();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/responses/times?projectId=${p.projectId}&startDate=2024-06-03&endDate=2024-06-16&streamIds=7`,
      headers: admin,
    });
    expect(res.json()).toMatchObject({ WaitMinutes: 15, Total: { AnsweredWithinWait: 0.25 } });
  });
});
