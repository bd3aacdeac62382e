// The listing export as a spreadsheet program reads it: post text and author names that start
// like a formula (=, +, -, @, a tab or a carriage return) carry the quotePrefix style, so editing
// the cell keeps it text.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyticSuite, fixtureScope } from '../../test/analytic-fixture.ts';
import { cellFormats, sheetCells } from '../../test/xlsx-xml.ts';
import { listingWorkbook } from './export.ts';

const FORMULA_LIKE = ['=HYPERLINK("http://evil.example","Click")', '+27 21 555 0100', '-1+1', '@SUM(1,1)', '\t=1+1'];

describe('the listing export', () => {
  const ctx = analyticSuite([]);
  beforeAll(async () => {
    for (const [name, body] of [
      ['c1', FORMULA_LIKE[0]],
      ['c2', FORMULA_LIKE[1]],
      ['c3', FORMULA_LIKE[2]],
      ['c7', FORMULA_LIKE[3]],
    ] as const)
      await ctx.t.db.updateTable('clips').set({ body }).where('id', '=', ctx.fx.clip[name]).execute();
    await ctx.t.db.updateTable('authors').set({ name: FORMULA_LIKE[4] }).where('id', '=', ctx.fx.authors.alice).execute();
  });

  it('writes text that starts like a formula with the quote prefix, and other text without it', async () => {
    const s = await fixtureScope(ctx.t.db, ctx.fx.projectId);
    const chunks: Buffer[] = [];
    for await (const c of listingWorkbook(ctx.t.db, s, {})) chunks.push(c as Buffer);
    const zip = Buffer.concat(chunks);
    const formats = cellFormats(zip);
    const quoted = (style: number) => formats[style]?.quotePrefix === '1';
    const cells = sheetCells(zip, 'Sheet1');
    for (const text of FORMULA_LIKE) {
      const found = cells.filter((c) => c.text === text);
      expect(found.length, JSON.stringify(text)).toBeGreaterThan(0);
      for (const c of found) expect(quoted(c.style), `${c.ref} ${JSON.stringify(text)}`).toBe(true);
    }
    const plain = cells.filter((c) => /^(X|Facebook|Bob|Carol|Body)$/.test(c.text));
    expect(plain.length).toBeGreaterThan(0);
    for (const c of plain) expect(quoted(c.style), c.ref).toBe(false);
  });
});
