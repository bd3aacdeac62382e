// Partial periods in the documents, as on the screens (contract periods.ts): the PDF's daily
// insights say which day the report's making cuts, and the workbook's per-week sheet marks the
// weeks before the project's first post, the week it starts in and the week the window cuts.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topPostsRanking } from '@listening/contract';
import { insertFixture, type Fixture } from '../test/analytic-fixture.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { pdfText } from '../test/pdf-text.ts';
import { sheetCells } from '../test/xlsx-xml.ts';
import { renderRequest, type RenderedFile } from './render.ts';

async function bytesOf(file: RenderedFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of file.body) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

/** A sheet's rows, each its cells' text in column order. */
function rows(cells: { ref: string; text: string }[]): string[][] {
  const byRow = new Map<number, { col: string; text: string }[]>();
  for (const c of cells) {
    const [, col, n] = c.ref.match(/^([A-Z]+)(\d+)$/)!;
    byRow.set(Number(n), [...(byRow.get(Number(n)) ?? []), { col, text: c.text }]);
  }
  return [...byRow.entries()].sort((a, b) => a[0] - b[0]).map(([, cs]) => cs.sort((a, b) => a.col.localeCompare(b.col)).map((c) => c.text));
}

// The fixture (test/analytic-fixture.ts) is in Africa/Johannesburg (UTC+2); its first post is on
// Tuesday 20 February 2024 at 12:00 there.
describe('partial periods in the PDF and the workbook', () => {
  let t: TestContext;
  let fx: Fixture;
  const request = async (layoutId: number, templateIds: number[], start: string, end: string) => {
    const client = await t.db.selectFrom('projects').select('client_id').where('id', '=', fx.projectId).executeTakeFirstOrThrow();
    const report = await t.db
      .insertInto('reports')
      .values({
        client_id: client.client_id,
        project_id: fx.projectId,
        name: 'Partial periods',
        layout_id: layoutId,
        template_ids: templateIds,
        stream_ids: [7, 8],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const guid = randomUUID();
    await t.db
      .insertInto('report_requests')
      .values({ guid, report_id: report.id, date_start: new Date(start), date_end: new Date(end) })
      .execute();
    return guid;
  };

  beforeAll(async () => {
    t = await createTestApp();
    fx = await insertFixture(t.db, t.projects['acme-brand']);
  });
  afterAll(() => t.close());

  it('says in the PDF’s daily insights which day is partial: today, made at noon, so far', async () => {
    // 1 and 2 March (client days), made on 2 March at 12:00 client time.
    const guid = await request(3, [3], '2024-02-29T22:00:00Z', '2024-03-02T22:00:00Z');
    const text = pdfText(await bytesOf(await renderRequest(t.db, guid, { now: new Date('2024-03-02T10:00:00Z') })));
    expect(text).toContain('Daily insights');
    expect(text.replace(/\n/g, ' ')).toMatch(
      /Partial days, drawn dashed and lighter \(a lower figure there is not a fall\): 2 Mar 2024 \(So far: 13 of 24 hours\)\./,
    );
    expect(text).not.toMatch(/1 Mar 2024 \(/);
    // Made the day after, both days are whole: no note.
    const whole = pdfText(await bytesOf(await renderRequest(t.db, guid, { now: new Date('2024-03-04T10:00:00Z') })));
    expect(whole).toContain('Daily insights');
    expect(whole).not.toContain('Partial days');
  });

  it('marks the workbook’s partial weeks in words, and says how its top posts are ranked', async () => {
    // Monday 5 February to Tuesday 5 March: 30 days, so a row per week.
    const guid = await request(2, [6], '2024-02-04T22:00:00Z', '2024-03-05T22:00:00Z');
    const zip = await bytesOf(await renderRequest(t.db, guid, { now: new Date('2024-06-01T10:00:00Z') }));
    const week = rows(sheetCells(zip, 'Per week'));
    expect(week[0][0]).toBe('Week starting');
    expect(week[0].at(-1)).toBe('Partial');
    expect(week.slice(1).map((r) => [r[0], r.length === week[0].length ? r.at(-1) : ''])).toEqual([
      ['2024-02-05', 'Before the data starts'],
      ['2024-02-12', 'Before the data starts'],
      ['2024-02-19', 'Partial: 6 of 7 days since the data starts'],
      ['2024-02-26', ''],
      ['2024-03-04', 'Partial: 2 of 7 days in range'],
    ]);
    const top = rows(sheetCells(zip, 'Top posts'));
    expect(top.at(-1)).toEqual([`${topPostsRanking()}.`]);
    expect(top.at(-1)![0]).toBe('Ranked by impact, then engagement, then AVE; at most 2 per author.');
  });
});
