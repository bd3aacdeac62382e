// One rule for sentiment figures, as the demo viewer meets it: Karoo Outdoor Co. does not own the
// Sentiment product, so every figure that counts posts by rating is locked the way the side menu
// locks the Sentiment screen, with the product's price: the dashboard's favourability donut,
// sentiment summary and sentiment heatmap, the daily insights' split by rating, Post Listing's
// sentiment filter; and their calls answer 403 naming the product. On a desktop and on a phone.
import { PRODUCTS, formatRand, lockedMessage } from '@listening/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiGet, login, projectIds, shot, useBrowser } from './browser.ts';

const baseURL = process.env.E2E_BASE_URL ?? inject('baseURL');
const PRICE = `${formatRand(PRODUCTS.Sentiment.price)} / month`;
/** The dashboard's calls that answer nothing but posts counted by rating. */
const SENTIMENT_CALLS = ['/api/favourability/getall', '/api/sentiment/getall', '/api/heatmap/sentiment/getall'];
const SENTIMENT_WIDGETS = ['favourability', 'sentiment-summary', 'sentiment-heatmap'];

const browser = useBrowser();
/** An authenticated GET from inside the page, with its status. */
async function apiStatus(p: Page, path: string): Promise<{ status: number; message?: string }> {
  return p.evaluate(async (url) => {
    const res = await fetch(url, { headers: { Authorization: `Bearer ${localStorage.getItem('access_token')}` } });
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    return { status: res.status, message: body.message };
  }, path);
}

const karooBrand = (p: Page) => projectIds(p, 'Karoo Outdoor Co.', 'Karoo Outdoor Brand');

describe.each([
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
])('a client without the Sentiment product, on a $name', ({ width, height }) => {
  let page: Page;
  let ids: { clientId: number; projectId: number };
  /** Sentiment calls the page made, with their status. */
  const asked: string[] = [];

  it('sees every sentiment widget of the dashboard locked, with the price the side menu shows', async () => {
    page = await browser.newPage({ viewport: { width, height } });
    page.on('response', (res) => {
      const path = new URL(res.url()).pathname;
      if (SENTIMENT_CALLS.includes(path)) asked.push(`${path} ${res.status()}`);
    });
    await login(page, baseURL, 'viewer@demo.example');
    await page.waitForURL(/\/clients|\/$/);
    ids = await karooBrand(page);
    await page.goto(`${baseURL}/client/${ids.clientId}/project/${ids.projectId}`);
    await page.getByRole('heading', { name: 'Karoo Outdoor Brand' }).waitFor();
    for (const widget of SENTIMENT_WIDGETS) {
      const card = page.getByTestId(widget);
      await card.getByTestId('locked-Sentiment').waitFor();
      await expect.poll(() => card.getByTestId('locked-Sentiment-price').textContent()).toBe(`Sentiment · ${PRICE}`);
      // No figure of the widget is drawn: no chart, no count.
      expect(await card.locator('canvas').count(), widget).toBe(0);
    }
    // The daily insights count mentions, without their split by rating.
    const insights = page.getByTestId('daily-insights');
    await insights.locator('canvas').waitFor();
    expect(await insights.textContent()).not.toMatch(/by favourability/);
    await shot(page, `sentiment-gating-dashboard-${width}`);

    // The side menu's Sentiment Rating is locked at the same price.
    await page.getByRole('button', { name: 'Project menu' }).click();
    await page.getByRole('button', { name: 'Sentiment Rating (locked)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Product details' });
    expect(await dialog.getByTestId('product-price').textContent()).toBe(PRICE);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // And a widget's 'Product details' opens the same dialog.
    await page.getByTestId('favourability').getByRole('button', { name: 'Product details' }).click();
    expect(await dialog.getByTestId('product-price').textContent()).toBe(PRICE);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('gets no sentiment figure from any call: 403 with the locked-product message', async () => {
    // The locked widgets never asked.
    expect(asked).toEqual([]);
    const range = `projectId=${ids.projectId}&startDate=2025-01-01&endDate=2025-01-31&streamIds=7,8,9`;
    for (const path of [...SENTIMENT_CALLS, '/api/sentiment/rating']) {
      const res = await apiStatus(page, `${path}?${range}`);
      expect(res, path).toEqual({ status: 403, message: lockedMessage('Sentiment') });
    }
    expect((await apiStatus(page, `/api/clip/getall?${range}&favourabilityId=3`)).status).toBe(403);
    const insights = await apiGet<{ Data: { Count: number; Positive: number | null }[] }>(page, `/api/dailyinsights/getall?${range}`);
    expect(insights.Data.every((d) => d.Positive === null)).toBe(true);
    // The calls above were this test's own, not the app's.
    asked.length = 0;
  });

  it('sees the Sentiment screen locked at the same price, and Post Listing without a sentiment filter', async () => {
    await page.goto(`${baseURL}/client/${ids.clientId}/project/${ids.projectId}/sentiment`);
    await page.getByTestId('locked-Sentiment').waitFor();
    expect(await page.getByTestId('locked-Sentiment-price').textContent()).toBe(`Sentiment · ${PRICE}`);
    await page.goto(`${baseURL}/client/${ids.clientId}/project/${ids.projectId}/post-listing`);
    await page.getByRole('textbox', { name: 'Brand association' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Sentiment', exact: true }).count()).toBe(0);
    expect(asked).toEqual([]);
    await page.close();
  });
});
