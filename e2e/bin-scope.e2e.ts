// One scope, said on every screen: after 'Set As Dashboard' on a sort bin (Pricing), the bin travels
// in the address to every project screen. A screen that counts it names it in the header,
// "Pricing (sort bin) · Clear", and one click on Clear goes back to the whole project; a screen that
// does not count it says so ("Whole project: Competitor Tracking compares projects, not sort bins").
// On a desktop, and on a phone, where the header wraps.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiGet, demoCorpusWritten, login, projectIds, shot, useBrowser } from './browser.ts';

const baseURL = process.env.E2E_BASE_URL ?? inject('baseURL');
const PROJECT = 'Acme Cola Brand Monitoring';
const WHOLE_PROJECT_COMPETITORS = 'Whole project: Competitor Tracking compares projects, not sort bins';

const browser = useBrowser();
const acmeBrand = (p: Page) => projectIds(p, 'Acme Beverages', PROJECT);

/** Opens a side-menu item and waits for the side navigation to be gone. */
async function openFromMenu(p: Page, item: string) {
  await p.getByRole('button', { name: 'Project menu' }).click();
  await p.getByRole('button', { name: item, exact: true }).click();
  await p.getByRole('dialog', { name: 'Side navigation' }).waitFor({ state: 'hidden' });
}

/** The Sentiment screen's rated posts as the server counts them for the address's filter, with or without its bin. */
async function ratedPosts(p: Page, projectId: number, withBin: boolean): Promise<number> {
  const u = new URL(p.url()).searchParams;
  const bin = withBin && u.get('bin') ? `&binId=${u.get('bin')}` : '';
  const q = `projectId=${projectId}${bin}&startDate=${u.get('datefrom')}&endDate=${u.get('dateto')}T23:59:59&streamIds=${u.get('streams')}`;
  return (await apiGet<{ Totals: { Total: { Value: number } } }>(p, `/api/sentiment/rating?${q}`)).Totals.Total.Value;
}

const shownTotal = async (p: Page) => Number((await p.getByTestId('sentiment-totals-total-value').textContent())!.replace(/\D/g, ''));

describe.each([
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
])('a sort bin set as the dashboard, on a $name', ({ width, height }) => {
  let page: Page;
  let ids: { clientId: number; projectId: number };
  const label = () => page.getByTestId('bin-scope');

  it("names the bin in the dashboard's header after 'Set As Dashboard'", async () => {
    page = await browser.newPage({ viewport: { width, height } });
    await login(page, baseURL, 'analyst@demo.example');
    await page.waitForURL(/\/clients/);
    ids = await acmeBrand(page);
    // Figures compared across screens are read once the demo corpus is written whole.
    await demoCorpusWritten(page, ids.projectId);
    await page.goto(`${baseURL}/client/${ids.clientId}/project/${ids.projectId}`);
    await page.getByRole('heading', { name: PROJECT }).waitFor();
    await page.getByRole('button', { name: 'Set Pricing As Dashboard' }).click();
    await page.waitForURL((u) => !!u.searchParams.get('bin'));
    await label().waitFor();
    expect(await label().textContent()).toBe('Pricing (sort bin)·Clear');
    await shot(page, `bin-scope-dashboard-${width}`);
  });

  it('names it on Sentiment, whose figures are the bin’s, and on Top Authors, World Map and Deep Dive', async () => {
    await openFromMenu(page, 'Sentiment Rating');
    await page.waitForURL(/\/sentiment\?/);
    await label().filter({ hasText: 'Pricing (sort bin)' }).waitFor();
    await page.getByTestId('sentiment-totals-total-value').waitFor();
    const [bin, whole] = [await ratedPosts(page, ids.projectId, true), await ratedPosts(page, ids.projectId, false)];
    expect(bin).toBeLessThan(whole);
    await expect.poll(() => shownTotal(page)).toBe(bin);
    await shot(page, `bin-scope-sentiment-${width}`);
    for (const [item, heading] of [
      ['Top Authors', 'Top Authors'],
      ['World Map', 'World Map'],
      ['Deep Dive', 'Deep Dive'],
    ]) {
      await openFromMenu(page, item);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      await label().filter({ hasText: 'Pricing (sort bin)' }).waitFor();
      expect(await page.getByTestId('bin-scope-whole').count(), item).toBe(0);
    }
  });

  it('says that Competitor Tracking reads the whole project, and keeps the bin for the screens after it', async () => {
    await openFromMenu(page, 'Competitor Tracking');
    await page.getByRole('heading', { name: 'Competitor Tracking', exact: true }).waitFor();
    await page.getByTestId('bin-scope-whole').waitFor();
    expect(await page.getByTestId('bin-scope-whole').textContent()).toBe(WHOLE_PROJECT_COMPETITORS);
    expect(await label().count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('bin')).not.toBeNull();
    await shot(page, `bin-scope-competitors-${width}`);
  });

  it('clears the bin in one click: Sentiment counts the whole project again', async () => {
    await openFromMenu(page, 'Sentiment Rating');
    await label().waitFor();
    await page.getByRole('button', { name: 'Clear Pricing: show the whole project' }).click();
    await page.waitForURL((u) => u.pathname.endsWith('/sentiment') && !u.searchParams.has('bin'));
    await label().waitFor({ state: 'hidden' });
    await expect.poll(() => shownTotal(page)).toBe(await ratedPosts(page, ids.projectId, false));
    // Back on the dashboard, nothing is scoped any more.
    await openFromMenu(page, 'Dashboard');
    await page.getByTestId('mention-cards').waitFor();
    expect(await label().count()).toBe(0);
    await page.close();
  });
});
