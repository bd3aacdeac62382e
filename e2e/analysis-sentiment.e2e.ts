// Sentiment, Content classification and Competitor tracking as a user meets them: open Sentiment from the side menu
// and open a slice of its breakdown pie in the clip tray; open Content classification by its address
// alone and get the analysis range (yesterday to today); open Competitor tracking, open the project's
// slice, and, as an admin, add and remove a competitor; and, as a client without the Sentiment
// product, meet the lock (the dashboard's sentiment widgets are locked too: sentiment-gating.e2e.ts).
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiGet, clientDay, login, projectIds, shot, useBrowser } from './browser.ts';

const baseURL = process.env.E2E_BASE_URL ?? inject('baseURL');
const PROJECT = 'Acme Cola Brand Monitoring';

const browser = useBrowser();
const day = (d: Date) => d.toISOString().slice(0, 10);

/** Clicks a chart's canvas at an offset from its centre (a pie's slice), as a user would. */
async function clickChart(p: Page, testId: string, dx: number, dy: number, centreY = 0.5) {
  const box = (await p.getByTestId(testId).locator('canvas').first().boundingBox())!;
  const [x, y] = [box.x + box.width / 2 + dx, box.y + box.height * centreY + dy];
  // As a user does: the pointer rests on the slice (it grows under the pointer) before the click.
  // A move, press and release in one instant lost the first click on the competitor donut in
  // every run for a while (a second click at the same point opened the tray); the slice changing
  // between press and release is the likely cause, not a proven one.
  await p.mouse.move(x, y);
  await p.waitForTimeout(400);
  await p.mouse.click(x, y);
}

/** Opens a side-menu item and waits for the side navigation to be gone, so that the next click cannot land on it while it closes. */
async function openFromMenu(p: Page, item: string) {
  await p.getByRole('button', { name: 'Project menu' }).click();
  await p.getByRole('button', { name: item }).click();
  await p.getByRole('dialog', { name: 'Side navigation' }).waitFor({ state: 'hidden' });
}

async function closeTray(p: Page) {
  const tray = p.getByRole('dialog', { name: 'Posts' });
  await p.keyboard.press('Escape');
  await tray.waitFor({ state: 'hidden' });
}

describe('Sentiment, Content classification and Competitor tracking', () => {
  let page: Page;
  let ids: { clientId: number; projectId: number };

  it('opens Sentiment from the side menu and a slice of its breakdown in the clip tray', async () => {
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await login(page, baseURL, 'admin@demo.example');
    await page.waitForURL(/\/clients/);
    ids = await projectIds(page, 'Acme Beverages', PROJECT);
    // The demo corpus is written after the server listens: wait until the last 30 days have posts.
    const q = `projectId=${ids.projectId}&startDate=${day(new Date(Date.now() - 29 * 86_400_000))}&endDate=${day(new Date())}T23:59:59&streamIds=7,8,9`;
    await expect
      .poll(async () => (await apiGet<{ Totals?: { Total: { Value: number } } }>(page, `/api/sentiment/rating?${q}`)).Totals?.Total.Value ?? 0, {
        timeout: 200_000,
        interval: 2_000,
        message: 'the demo corpus has rated posts for the project',
      })
      .toBeGreaterThan(20);
    await page.goto(`${baseURL}/client/${ids.clientId}/project/${ids.projectId}`);
    await page.getByRole('heading', { name: PROJECT }).waitFor();
    await openFromMenu(page, 'Sentiment Rating');
    await page.waitForURL(/\/sentiment\?/);
    await page.getByRole('heading', { name: 'Sentiment', exact: true }).waitFor();
    // The headline figures, each with its change against the previous period.
    const positive = page.getByTestId('sentiment-totals-positive-value');
    await positive.waitFor();
    expect(Number((await page.getByTestId('sentiment-totals-total-value').textContent())!.replace(/\D/g, ''))).toBeGreaterThan(20);
    await page
      .getByTestId('sentiment-totals-negative')
      .getByLabel(/Change against/)
      .waitFor();
    for (const id of ['sentiment-chart', 'sentiment-breakdown', 'sentiment-daily']) await page.getByTestId(id).locator('canvas').waitFor();
    await shot(page, 'analysis-sentiment');
    // The inner ring's first slice sits right of twelve o'clock; it opens that association's posts.
    await clickChart(page, 'sentiment-breakdown', 8, -30, 0.62);
    const tray = page.getByRole('dialog', { name: 'Posts' });
    await tray.getByTestId('clip').first().waitFor();
    await tray
      .getByText(/(Owned|Earned|Chatter) posts/)
      .first()
      .waitFor();
    await closeTray(page);
  });

  it('opens Content classification by its address alone, on the analysis range', async () => {
    await page.goto(`${baseURL}/client/${ids.clientId}/project/${ids.projectId}/content-classification`);
    await page.waitForURL(/datefrom=/);
    const url = new URL(page.url());
    // Yesterday and today on the client's calendar (docs/spec/001_57268dddd5f58f8a.txt section 9: yesterday 00:00 to now).
    expect([url.searchParams.get('datefrom'), url.searchParams.get('dateto')]).toEqual([clientDay(-1), clientDay()]);
    await page.getByRole('heading', { name: 'Content Classification' }).waitFor();
    for (const card of ['owned', 'earned', 'chatter', 'total']) await page.getByTestId(`classification-cards-${card}`).waitFor();
    await page.getByTestId('classification-chart').locator('canvas').waitFor();
    await shot(page, 'analysis-classification');
    // A card opens its posts, narrowed to its brand association.
    await page.getByTestId('classification-cards-total').click();
    await page.getByRole('dialog', { name: 'Posts' }).getByTestId('clip').first().waitFor();
    await closeTray(page);
  });

  it('compares the project with its competitors and lets an admin manage them', async () => {
    await openFromMenu(page, 'Competitor Tracking');
    await page.waitForURL(/\/competitor-tracking\?/);
    const table = page.getByTestId('competitor-table');
    await table.getByText('FizzCo Competitor Watch').waitFor();
    await page.getByTestId('competitor-donut').locator('canvas').waitFor();
    expect(Number((await page.getByTestId('competitor-total').textContent())!.replace(/\D/g, ''))).toBeGreaterThan(0);
    await shot(page, 'analysis-competitors');
    // The project's slice comes first, from twelve o'clock: it opens the project's posts.
    await clickChart(page, 'competitor-donut', 6, -95);
    await page.getByRole('dialog', { name: 'Posts' }).getByTestId('clip').first().waitFor();
    await closeTray(page);

    await page.getByRole('button', { name: 'Manage competitors' }).click();
    const dialog = page.getByRole('dialog', { name: 'Competitors' });
    await dialog.getByRole('textbox', { name: 'Add a competitor' }).click();
    await page.getByRole('option', { name: 'Summer Refresh Campaign' }).click();
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.getByRole('button', { name: 'Remove Summer Refresh Campaign' }).waitFor();
    await page.keyboard.press('Escape');
    await table.getByText('Summer Refresh Campaign').waitFor();
    await page.getByRole('button', { name: 'Manage competitors' }).click();
    await dialog.getByRole('button', { name: 'Remove Summer Refresh Campaign' }).click();
    await dialog.getByRole('button', { name: 'Remove Summer Refresh Campaign' }).waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await expect.poll(() => table.getByText('Summer Refresh Campaign').count()).toBe(0);
    await page.close();
  });

  it('locks Sentiment for a client without the product, and only Sentiment', async () => {
    const viewer = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await login(viewer, baseURL, 'viewer@demo.example');
    await viewer.waitForURL(/\/clients|\/$/);
    const karoo = await projectIds(viewer, 'Karoo Outdoor Co.', 'Karoo Outdoor Brand');
    await viewer.goto(`${baseURL}/client/${karoo.clientId}/project/${karoo.projectId}`);
    await viewer.getByRole('heading', { name: 'Karoo Outdoor Brand' }).waitFor();
    await viewer.getByTestId('sentiment-summary').waitFor();
    await viewer.getByRole('button', { name: 'Project menu' }).click();
    await viewer.getByRole('button', { name: 'Sentiment Rating (locked)' }).click();
    await viewer.getByRole('dialog', { name: 'Product details' }).getByRole('button', { name: 'Cancel' }).click();
    await viewer.goto(`${baseURL}/client/${karoo.clientId}/project/${karoo.projectId}/sentiment`);
    await viewer.getByTestId('locked-Sentiment').waitFor();
    await shot(viewer, 'analysis-sentiment-locked');
    await viewer.close();
  });
});
