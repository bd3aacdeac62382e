// One rule for sentiment figures (docs/dashboard.md, "Product gating"): posts counted by their
// rating are the Sentiment product's, on the Sentiment screen, on the dashboard and in reports
// alike. A client without it gets 403 naming the product from the calls that are nothing but such
// figures, the mentions without their split from the calls that carry both, and no rating filter.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTS, lockedMessage } from '@listening/contract';
import { renderRequest } from '../reports/render.ts';
import { insertFixture, type Fixture } from '../test/analytic-fixture.ts';
import { authHeader, createTestApp, type TestContext } from '../test/harness.ts';
import { sheetCells, zipEntries } from '../test/xlsx-xml.ts';

type H = { authorization: string };
const RANGE = 'startDate=2024-03-01&endDate=2024-03-02&streamIds=7,8';
/** The calls that answer nothing but posts counted by rating. */
const SENTIMENT_ONLY = ['favourability/getall', 'sentiment/getall', 'heatmap/sentiment/getall', 'sentiment/rating'];
/** Calls that take a rating filter (favourabilityId): their totals count posts by rating. */
const RATING_FILTERED = ['clip/getall', 'listing/posts', 'clip/listing/export'];

describe('sentiment figures: the Sentiment product, on every screen and in every call', () => {
  let t: TestContext;
  let fx: Fixture;
  let analyst: H;
  let viewer: H;
  let acme: number;
  let karoo: number;

  beforeAll(async () => {
    t = await createTestApp();
    fx = await insertFixture(t.db, t.projects['acme-brand']);
    [analyst, viewer] = await Promise.all([authHeader(t.app, 'analyst@demo.example'), authHeader(t.app, 'viewer@demo.example')]);
    const clientOf = async (project: number) =>
      (await t.db.selectFrom('projects').select('client_id').where('id', '=', project).executeTakeFirstOrThrow()).client_id;
    [acme, karoo] = await Promise.all([clientOf(fx.projectId), clientOf(t.projects['karoo-brand'])]);
  });
  afterAll(() => t.close());

  const get = (path: string, h: H) => t.app.inject({ method: 'GET', url: `/api/${path}`, headers: h });
  const acmeQ = (path: string, extra = '') => `${path}?projectId=${fx.projectId}&${RANGE}${extra}`;
  const karooQ = (path: string, extra = '') => `${path}?projectId=${t.projects['karoo-brand']}&${RANGE}${extra}`;
  /** Acme without Sentiment for the length of `run`: the same posts, counted for a client that does not own it. */
  const withoutSentiment = async (run: () => Promise<void>) => {
    await t.db.deleteFrom('client_products').where('client_id', '=', acme).where('product_code', 'in', PRODUCTS.Sentiment.codes).execute();
    try {
      await run();
    } finally {
      await t.db
        .insertInto('client_products')
        .values(PRODUCTS.Sentiment.codes.map((product_code) => ({ client_id: acme, product_code })))
        .execute();
    }
  };

  it("answers 403 with the Sentiment screen's message from every sentiment widget's call of a client without the product", async () => {
    expect((await t.db.selectFrom('client_products').select('product_code').where('client_id', '=', karoo).execute()).map((r) => r.product_code)).not.toContain(
      'KPSZ10',
    );
    for (const path of SENTIMENT_ONLY) {
      const res = await get(karooQ(path), viewer);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().message, path).toBe(lockedMessage('Sentiment'));
      expect(res.json().message).toBe('Sentiment is a locked product for this project: add the Sentiment product (KPSZ10) to use it');
    }
    // The same calls of a client that owns it answer its figures.
    for (const path of SENTIMENT_ONLY) expect((await get(acmeQ(path), analyst)).statusCode, path).toBe(200);
  });

  it('still answers 404, not 403, for a project of another client', async () => {
    for (const path of SENTIMENT_ONLY) expect((await get(acmeQ(path), viewer)).statusCode, path).toBe(404);
  });

  it('gives daily insights without the split by rating, and the mentions the same, to a client without Sentiment', async () => {
    const rated = (await get(acmeQ('dailyinsights/getall'), analyst)).json();
    expect(rated.Data.map((d: { Positive: number }) => d.Positive)).toEqual([1, 0]);
    await withoutSentiment(async () => {
      const res = await get(acmeQ('dailyinsights/getall'), analyst);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.Data.map((d: { Count: number }) => d.Count)).toEqual(rated.Data.map((d: { Count: number }) => d.Count));
      for (const d of body.Data) expect(d).toMatchObject({ Positive: null, Neutral: null, Negative: null });
      // Every sentiment-only call is closed to the same client for the same posts.
      for (const path of SENTIMENT_ONLY) expect((await get(acmeQ(path), analyst)).statusCode, path).toBe(403);
    });
  });

  it("keeps the ratings out of the live dashboard's marker without Sentiment, and a rating then moves nothing shown", async () => {
    const marker = async () => (await get(acmeQ('dashboard/changes'), analyst)).json().Marker as string;
    expect((await marker()).split(':')).toHaveLength(5);
    await withoutSentiment(async () => {
      const before = await marker();
      expect(before.split(':')).toHaveLength(2);
      const rate = await t.app.inject({
        method: 'PUT',
        url: '/api/clip/favourability/update',
        headers: analyst,
        payload: { binClipBaseIds: [fx.root.c1], favourabilityId: 3, projectId: fx.projectId },
      });
      // Rating a post stays open to every client: a post's own rating is not a figure.
      expect(rate.statusCode).toBe(200);
      expect(await marker()).toBe(before);
      await t.app.inject({
        method: 'PUT',
        url: '/api/clip/favourability/update',
        headers: analyst,
        payload: { binClipBaseIds: [fx.root.c1], favourabilityId: 1, projectId: fx.projectId },
      });
    });
  });

  it('refuses a rating filter without Sentiment (its total counts posts by rating), and lists the posts without one', async () => {
    for (const path of RATING_FILTERED) {
      expect((await get(acmeQ(path, '&favourabilityId=3'), analyst)).statusCode, path).toBe(200);
      const locked = await get(karooQ(path, '&favourabilityId=3'), viewer);
      expect(locked.statusCode, path).toBe(403);
      expect(locked.json().message, path).toBe(lockedMessage('Sentiment'));
      expect((await get(karooQ(path), viewer)).statusCode, path).toBe(200);
    }
    const matching = await t.app.inject({
      method: 'PUT',
      url: '/api/clip/reject/matching',
      headers: viewer,
      payload: { projectId: t.projects['karoo-brand'], startDate: '2024-03-01', endDate: '2024-03-02', streamIds: '7,8', favourabilityId: 3, snapshotId: 1 },
    });
    expect(matching.statusCode).toBe(403);
  });

  it('makes reports without figures by rating for a client without Sentiment: no sentiment sheet, no rating rows or columns', async () => {
    const report = await t.db
      .insertInto('reports')
      .values({ client_id: acme, project_id: fx.projectId, name: 'Deck', layout_id: 2, template_ids: [8], stream_ids: [7, 8] })
      .returning('id')
      .executeTakeFirstOrThrow();
    const request = async () => {
      const guid = randomUUID();
      await t.db
        .insertInto('report_requests')
        .values({ guid, report_id: report.id, date_start: new Date('2024-02-29T22:00:00Z'), date_end: new Date('2024-03-02T22:00:00Z') })
        .execute();
      const chunks: Buffer[] = [];
      for await (const c of (await renderRequest(t.db, guid)).body) chunks.push(Buffer.from(c));
      return Buffer.concat(chunks);
    };
    const texts = (zip: Buffer, sheet: string) => sheetCells(zip, sheet).map((c) => c.text);
    const sheets = (zip: Buffer) =>
      [
        ...zipEntries(zip)
          .get('xl/workbook.xml')!
          .toString('utf8')
          .matchAll(/<sheet\b[^>]*name="([^"]+)"/g),
      ].map((m) => m[1]);

    const owned = await request();
    expect(sheets(owned)).toContain('Sentiment');
    expect(texts(owned, 'Summary')).toContain('Positive posts');
    expect(texts(owned, 'Daily insights')).toContain('Positive');
    await withoutSentiment(async () => {
      const locked = await request();
      expect(sheets(locked)).not.toContain('Sentiment');
      expect(sheets(locked)).toEqual(expect.arrayContaining(['Summary', 'Daily insights', 'Clips']));
      for (const sheet of ['Summary', 'Daily insights'])
        for (const word of ['Positive', 'Neutral', 'Negative', 'Positive posts', 'Neutral posts', 'Negative posts'])
          expect(texts(locked, sheet)).not.toContain(word);
      // The mentions are there all the same.
      expect(texts(locked, 'Summary')).toContain('Mentions');
    });
  });
});
