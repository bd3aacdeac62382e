// The report spreadsheet as a spreadsheet program reads it: text that starts like a formula (=, +,
// -, @, a tab or a carriage return) carries the quotePrefix style, so editing the cell keeps it
// text; and the clip listing stops at its maximum with a last row that says so.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_LISTING_MAX_ROWS, reportListingTruncatedNote } from '@listening/contract';
import { insertFixture, type Fixture } from '../test/analytic-fixture.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { cellFormats, sheetCells } from '../test/xlsx-xml.ts';
import { renderRequest, type RenderedFile } from './render.ts';

const FORMULA_LIKE = ['=HYPERLINK("http://evil.example","Click")', '+27 21 555 0100', '-1+1', '@SUM(1,1)', '\t=1+1', '\r=1+1'];

async function bytesOf(file: RenderedFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of file.body) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

describe('the report spreadsheet', () => {
  let t: TestContext;
  let fx: Fixture;
  let guid: string;

  beforeAll(async () => {
    t = await createTestApp();
    fx = await insertFixture(t.db, t.projects['acme-brand']);
    // The fixture's four clips of 1 and 2 March (Johannesburg), their authors, and the report's name start like formulas.
    const [c1, c2, c3, c7] = [fx.clip.c1, fx.clip.c2, fx.clip.c3, fx.clip.c7];
    for (const [id, body] of [
      [c1, FORMULA_LIKE[0]],
      [c2, FORMULA_LIKE[1]],
      [c3, FORMULA_LIKE[2]],
      [c7, FORMULA_LIKE[3]],
    ] as const)
      await t.db.updateTable('clips').set({ body }).where('id', '=', id).execute();
    await t.db.updateTable('authors').set({ name: FORMULA_LIKE[4], handle: FORMULA_LIKE[5] }).where('id', '=', fx.authors.alice).execute();
    const client = await t.db.selectFrom('projects').select('client_id').where('id', '=', fx.projectId).executeTakeFirstOrThrow();
    const report = await t.db
      .insertInto('reports')
      .values({ client_id: client.client_id, project_id: fx.projectId, name: '=2+3', layout_id: 2, template_ids: [8], stream_ids: [7, 8] })
      .returning('id')
      .executeTakeFirstOrThrow();
    guid = randomUUID();
    await t.db
      .insertInto('report_requests')
      .values({ guid, report_id: report.id, date_start: new Date('2024-02-29T22:00:00Z'), date_end: new Date('2024-03-02T22:00:00Z') })
      .execute();
  });
  afterAll(() => t.close());

  it('writes text that starts like a formula with the quote prefix, and other text without it', async () => {
    const zip = await bytesOf(await renderRequest(t.db, guid));
    const formats = cellFormats(zip);
    const quoted = (style: number) => formats[style]?.quotePrefix === '1';
    const clips = sheetCells(zip, 'Clips');
    for (const text of FORMULA_LIKE) {
      const cells = clips.filter((c) => c.text.replace(/\r?\n/g, '\r') === text);
      expect(cells.length, JSON.stringify(text)).toBeGreaterThan(0);
      for (const c of cells) expect(quoted(c.style), `${c.ref} ${JSON.stringify(text)}`).toBe(true);
    }
    // Ordinary text and numbers stay unstyled.
    const plain = clips.filter((c) => /^(X|Facebook|Bob|bob)$/.test(c.text));
    expect(plain.length).toBeGreaterThan(0);
    for (const c of plain) expect(quoted(c.style), c.ref).toBe(false);
    // The report's name heads the Summary sheet; post text is in Top posts too.
    const summaryName = sheetCells(zip, 'Summary').find((c) => c.text === '=2+3')!;
    expect(quoted(summaryName.style)).toBe(true);
    const topPost = sheetCells(zip, 'Top posts').find((c) => c.text === FORMULA_LIKE[0])!;
    expect(quoted(topPost.style)).toBe(true);
    // Written as text, never as a formula.
    expect(clips.some((c) => /<f>/.test(c.text))).toBe(false);
  });

  it('formats each figures table one way: counts whole with thousands separators, money to the cent', async () => {
    const zip = await bytesOf(await renderRequest(t.db, guid));
    const formats = cellFormats(zip);
    // Built-in number formats: 3 is '#,##0', 4 is '#,##0.00'.
    const fmt = (sheet: string, column: string) =>
      sheetCells(zip, sheet)
        .filter((c) => c.ref.replace(/\d+$/, '') === column && Number(c.ref.replace(/^[A-Z]+/, '')) > 1)
        .map((c) => formats[c.style]?.numFmtId ?? '0');
    const only = (ids: string[], id: string) => {
      expect(ids.length).toBeGreaterThan(0);
      expect(new Set(ids)).toEqual(new Set([id]));
    };
    only(fmt('Streams', 'B'), '3');
    only(fmt('Streams', 'C'), '4');
    only(fmt('Top authors', 'D'), '3');
    only(fmt('Top authors', 'E'), '3');
    only(fmt('Top authors', 'F'), '4');
    // The clip listing stays unstyled (a style per cell doubles the time of a long listing).
    expect(fmt('Clips', 'G').every((id) => id === '0')).toBe(true);
  });

  it('stops the clip listing at its maximum and says so in a last row', async () => {
    expect(REPORT_LISTING_MAX_ROWS).toBe(25_000);
    expect(reportListingTruncatedNote(REPORT_LISTING_MAX_ROWS)).toBe(
      'The listing stopped at 25,000 clips: generate the report for a shorter date range to list the rest.',
    );
    const rows = (cells: { ref: string; text: string }[]) => {
      const byRow = new Map<number, string[]>();
      for (const c of cells) {
        const n = Number(c.ref.replace(/^[A-Z]+/, ''));
        byRow.set(n, [...(byRow.get(n) ?? []), c.text]);
      }
      return [...byRow.entries()].sort((a, b) => a[0] - b[0]).map((e) => e[1]);
    };
    const cut = rows(sheetCells(await bytesOf(await renderRequest(t.db, guid, { listingMaxRows: 2 })), 'Clips'));
    // The header, two clips, the note.
    expect(cut).toHaveLength(4);
    expect(cut[3]).toEqual([reportListingTruncatedNote(2)]);
    const whole = rows(sheetCells(await bytesOf(await renderRequest(t.db, guid, { listingMaxRows: 4 })), 'Clips'));
    expect(whole).toHaveLength(5);
    expect(whole.flat().join(' ')).not.toMatch(/stopped/);
  });
});
