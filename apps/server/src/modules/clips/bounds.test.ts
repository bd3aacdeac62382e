// Bounds of the listing and the word cloud's phrases (security review): the listing pages by
// cursor (no offset to scan past), the export stops at a documented number of rows and says so in a last row, a project
// keeps a bounded number of phrases, and a project name beyond Latin-1 still exports.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { LISTING_EXPORT_MAX_ROWS, MAX_PHRASES_PER_PROJECT, listingTruncatedNote } from '@listening/contract';
import { analyticSuite, fixtureScope, RANGE } from '../../test/analytic-fixture.ts';
import { listingWorkbook } from './export.ts';

const readWorkbook = async (data: Buffer) => {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  return wb.getWorksheet('Sheet1')!;
};

describe('bounds of the listing, the export and the phrases', () => {
  const range = RANGE;
  const ctx = analyticSuite(['analyst']);
  const get = (path: string) => ctx.t.app.inject({ method: 'GET', url: `/api/${path}`, headers: ctx.as.analyst });
  const q = (path: string, extra = '') => `${path}?projectId=${ctx.fx.projectId}&${range}${extra}`;

  it('pages the listing by cursor however deep, and refuses the old offset naming the parameter', async () => {
    let page = (await get(q('clip/getall', '&limit=1'))).json();
    let pages = 1;
    while (page.HasMore && pages < 10) {
      page = (await get(q('clip/getall', `&limit=1&cursor=${page.NextCursor}&snapshotId=${page.SnapshotId}`))).json();
      pages++;
    }
    expect(pages).toBe(4);
    const offset = await get(q('clip/getall', '&offset=10'));
    expect(offset.statusCode).toBe(400);
    expect(offset.json().message).toMatch(/^'offset': not a parameter of the clip listing/);
  });

  it('stops the export at its maximum and says so in a last row', async () => {
    expect(LISTING_EXPORT_MAX_ROWS).toBe(100_000);
    const s = await fixtureScope(ctx.t.db, ctx.fx.projectId);
    const exportOf = async (maxRows: number) => {
      const chunks: Buffer[] = [];
      for await (const c of listingWorkbook(ctx.t.db, s, {}, maxRows)) chunks.push(c as Buffer);
      return readWorkbook(Buffer.concat(chunks));
    };
    // The range holds four clips: two rows and the note, then all four and no note.
    const cut = await exportOf(2);
    expect(cut.rowCount).toBe(4);
    expect(cut.getRow(4).getCell(1).value).toBe(listingTruncatedNote(2));
    expect(listingTruncatedNote(LISTING_EXPORT_MAX_ROWS)).toMatch(/100,000 rows.*narrow the date range/);
    const whole = await exportOf(4);
    expect(whole.rowCount).toBe(5);
    expect(String(whole.getRow(5).getCell(1).value)).not.toMatch(/stopped/);
  });

  it('exports a project whose name goes beyond Latin-1, naming the file in UTF-8 with an ASCII fallback', async () => {
    const name = 'Ünïcödé 😀 проект "x"';
    await ctx.t.db.updateTable('projects').set({ description: name }).where('id', '=', ctx.fx.projectId).execute();
    const res = await get(q('clip/listing/export'));
    expect(res.statusCode).toBe(200);
    const header = String(res.headers['content-disposition']);
    expect(header).toMatch(/^attachment; filename="Listing Report - [\x20-\x7e]+\.xlsx"; filename\*=UTF-8''[\x21-\x7e]+$/);
    expect(header).not.toMatch(/filename="[^"]*["\\][^"]*"/);
    expect(decodeURIComponent(header.split("UTF-8''")[1])).toBe(`Listing Report - ${name}.xlsx`);
    expect((await readWorkbook(res.rawPayload)).rowCount).toBe(5);
  });

  it(`keeps at most ${MAX_PHRASES_PER_PROJECT} include and exclude phrases per project`, async () => {
    const post = (kind: 'include' | 'exclude', phrase: string) =>
      ctx.t.app.inject({ method: 'POST', url: `/api/${kind}`, headers: ctx.as.analyst, payload: { projectId: ctx.fx.projectId, phrase } });
    await ctx.t.db
      .insertInto('wordcloud_phrases')
      .values(
        Array.from({ length: MAX_PHRASES_PER_PROJECT - 1 }, (_, i) => ({
          project_id: ctx.fx.projectId,
          phrase: `phrase ${i}`,
          kind: i % 2 ? 'include' : 'exclude',
        })),
      )
      .execute();
    expect((await post('include', 'the last one')).statusCode).toBe(200);
    const over = await post('exclude', 'one too many');
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(`A project keeps at most ${MAX_PHRASES_PER_PROJECT} word-cloud phrases (included and excluded together)`);
    // Moving a phrase from one list to the other, or repeating one, adds nothing: allowed.
    expect((await post('exclude', 'the last one')).json()).toMatchObject({ Phrase: 'the last one', Kind: 'exclude' });
    expect((await post('exclude', 'phrase 0')).statusCode).toBe(200);
    const count = await ctx.t.db
      .selectFrom('wordcloud_phrases')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', ctx.fx.projectId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(MAX_PHRASES_PER_PROJECT);
  });
});
