// Top Authors, Influencer Monitoring and Follower Growth, as a user meets them: Top Authors from
// the side menu (yesterday to now), By Clips, Show All with every author, three authors added to
// influencer discovery and one's posts opened; Influencer Monitoring writes the first 2 into the
// address, the picker keeps its rules (the last cannot be unticked), a chip's x drops one and a
// slice opens its posts; Follower Growth shows 8 weeks of the owned profiles. Screenshots at 1280
// and 390 px. Waits are for what the user waits for.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiGet, clientDay, shot, signInForProject, useBrowser } from './browser.ts';

const baseURL = process.env.E2E_BASE_URL ?? inject('baseURL');
const PROJECT = 'Acme Cola Brand Monitoring';
const day = (d: Date) => d.toISOString().slice(0, 10);
const RANGE = `datefrom=${day(new Date(Date.now() - 29 * 86_400_000))}&dateto=${day(new Date())}&streams=7,8,9`;

/** Waits for what comes over the network (the CPU is shared): longer than expect.poll's 1 s. */
const WAIT = { timeout: 20_000 };

type Page_ = { Total: number; Authors: { AuthorName: string }[] };

const browser = useBrowser();
let page: Page;
let clientId: number;
let projectId: number;
const apiQuery = () => `projectId=${projectId}&startDate=${day(new Date(Date.now() - 29 * 86_400_000))}&endDate=${day(new Date())}T23:59:59&streamIds=7,8,9`;
const openFromMenu = async (item: string) => {
  await page.getByRole('button', { name: 'Project menu' }).click();
  await page.getByRole('button', { name: item }).click();
};
const tray = () => page.getByRole('dialog', { name: 'Posts' });

describe('Top Authors', () => {
  it('opens from the side menu, and with no range in the address reads yesterday to now', async () => {
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    ({ clientId, projectId } = await signInForProject(page, baseURL, PROJECT));
    // The demo corpus is written after the server listens: wait until the month has authors.
    await expect
      .poll(async () => (await apiGet<Page_>(page, `/api/topauthors/page?${apiQuery()}`)).Total ?? 0, { timeout: 200_000, interval: 2_000 })
      .toBeGreaterThan(12);
    await page.goto(`${baseURL}/client/${clientId}/project/${projectId}`);
    await page.getByRole('heading', { name: PROJECT }).waitFor();
    await openFromMenu('Top Authors');
    await page.waitForURL(/\/top-authors\?/);
    await page.getByRole('heading', { name: 'Top Authors' }).waitFor();
    // Opened with no range in the address, the screen reads yesterday 00:00 to now.
    await page.goto(`${baseURL}/client/${clientId}/project/${projectId}/top-authors`);
    await page.waitForURL(/datefrom=/);
    expect(new URL(page.url()).searchParams.get('datefrom')).toBe(clientDay(-1));
  }, 240_000);

  it('ranks the month’s authors by followers, then by clips, and shows all of them', async () => {
    await page.goto(`${baseURL}/client/${clientId}/project/${projectId}/top-authors?${RANGE}`);
    const tiles = page.getByTestId('author-tile');
    await expect.poll(() => tiles.count(), WAIT).toBe(10);
    const byFollowers = await apiGet<Page_>(page, `/api/topauthors/page?${apiQuery()}`);
    expect(await tiles.first().textContent()).toContain(byFollowers.Authors[0].AuthorName);
    await shot(page, 'top-authors-by-followers');
    await page.getByText('By Clips', { exact: true }).click();
    const byClips = await apiGet<Page_>(page, `/api/topauthors/page?${apiQuery()}&sort=clips`);
    await expect.poll(() => page.getByTestId('top-authors-tiles').textContent(), WAIT).toContain('by posts');
    await expect.poll(() => tiles.first().textContent(), WAIT).toContain(byClips.Authors[0].AuthorName);
    await page.getByRole('switch', { name: 'Show All' }).click();
    const shown = Math.min(byClips.Total, 50);
    await expect.poll(() => tiles.count(), WAIT).toBe(shown);
    expect(await page.getByTestId('top-authors-tiles').textContent()).toContain(`Showing 1–${shown} of ${byClips.Total.toLocaleString('en-US')} authors`);
    // More than a page: every author is a page away, never cut.
    if (byClips.Total > 50) await page.getByRole('button', { name: '2', exact: true }).waitFor();
    expect(await page.getByTestId('authors-people').textContent()).toMatch(/\d/);
    await page.getByRole('switch', { name: 'Show All' }).click();
    await expect.poll(() => tiles.count(), WAIT).toBe(10);
  });

  it('adds three authors to influencer discovery and opens an author’s posts', async () => {
    for (let i = 0; i < 3; i++) {
      const add = page.getByRole('button', { name: /^Add .+ to influencer discovery$/ }).first();
      const label = (await add.getAttribute('aria-label'))!;
      await add.click();
      const name = label.replace(/^Add (.+) to influencer discovery$/, '$1');
      await page
        .getByRole('button', { name: `${name} is in influencer discovery` })
        .first()
        .waitFor();
    }
    await page
      .getByTestId('author-tile')
      .first()
      .getByRole('button', { name: /^Open the / })
      .click();
    await tray().getByTestId('clip').first().waitFor();
    expect(await tray().getByTestId('tray-scope').textContent()).toMatch(/^Posts by /);
    await shot(page, 'top-authors-tray');
    await page.keyboard.press('Escape');
    await tray().waitFor({ state: 'hidden' });
  });
});

describe('Influencer Monitoring', () => {
  it('writes the first 2 influencers into the address and compares them', async () => {
    await openFromMenu('Influencer Monitoring');
    await page.waitForURL(/\/influencer-comparison\?.*ids=\d+%2C\d+|ids=\d+,\d+/);
    await page.getByRole('heading', { name: 'Influencer Comparison' }).waitFor();
    await expect.poll(() => page.getByTestId('influencer-chip').count(), WAIT).toBe(2);
    // Yesterday to now may hold none of their posts: compare over the month.
    const ids = new URL(page.url()).searchParams.get('ids');
    await page.goto(`${baseURL}/client/${clientId}/project/${projectId}/influencer-comparison?${RANGE}&ids=${ids}`);
    await expect.poll(() => page.getByTestId('influencer-chip-total').count(), WAIT).toBe(2);
    await shot(page, 'influencer-comparison');
  });

  it('keeps the picker’s rules: the last one stays ticked, and a third can join', async () => {
    await page.getByRole('button', { name: 'Compare Influencers' }).click();
    const modal = page.getByRole('dialog', { name: 'Compare Influencers' });
    await modal.getByText('Select influencers to compare:').waitFor();
    const boxes = modal.getByRole('checkbox');
    expect(await boxes.count()).toBe(3);
    await boxes.nth(0).uncheck();
    // One left: it cannot be unticked.
    expect(await boxes.nth(1).isDisabled()).toBe(true);
    expect(await boxes.nth(1).isChecked()).toBe(true);
    await boxes.nth(2).check();
    await modal.getByRole('button', { name: 'Compare', exact: true }).click();
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(() => new URL(page.url()).searchParams.get('ids')?.split(',').length, WAIT).toBe(2);
    expect(await page.getByTestId('influencer-chip').count()).toBe(2);
  });

  it('drops one with its chip’s x, keeps the last, and opens an influencer’s posts', async () => {
    await page
      .getByRole('button', { name: /^Stop comparing / })
      .first()
      .click();
    await expect.poll(() => page.getByTestId('influencer-chip').count(), WAIT).toBe(1);
    expect(await page.getByRole('button', { name: /^Stop comparing / }).isDisabled()).toBe(true);
    const total = page.getByTestId('influencer-chip-total');
    await total.waitFor();
    const n = Number(((await total.textContent()) ?? '').replace(/\D/g, ''));
    await total.focus();
    await page.keyboard.press('Enter');
    if (n > 0) await tray().getByTestId('clip').first().waitFor();
    else await tray().waitFor();
    expect(await tray().getByTestId('tray-scope').textContent()).toMatch(/^Posts by /);
    await page.keyboard.press('Escape');
  });

  it('refuses more than 5 influencers with a message', async () => {
    const r = await apiGet<{ statusCode: number; message: string }>(
      page,
      `/api/influencercomparison/get?influencers=1,2,3,4,5,6&fromDate=2024-01-01&endDate=2024-01-02&projectId=${projectId}&streamIds=7`,
    );
    expect(r.statusCode).toBe(400);
    expect(r.message).toMatch(/at most 5/);
  });
});

describe('Follower Growth', () => {
  it('shows the owned profiles over 8 weeks: the line, the pie and the matrix', async () => {
    await openFromMenu('Follower Growth');
    await page.waitForURL(/\/performance-measurement/);
    await page.getByRole('heading', { name: 'Performance Measurement' }).waitFor();
    const matrix = page.getByTestId('follower-matrix-table');
    await matrix.waitFor();
    expect(await matrix.locator('thead th').count()).toBe(9);
    expect(await matrix.locator('tbody tr').count()).toBe(3);
    expect(await page.getByTestId('followers-total').textContent()).toMatch(/\d{3},\d{3}/);
    await page.getByTestId('weekly-insights').locator('canvas').first().waitFor();
    await shot(page, 'follower-growth');
  });

  it('fits a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [path, name] of [
      ['performance-measurement', 'follower-growth-390'],
      ['top-authors', 'top-authors-390'],
      ['influencer-comparison', 'influencer-comparison-390'],
    ]) {
      await page.goto(`${baseURL}/client/${clientId}/project/${projectId}/${path}?${RANGE}`);
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      // Nothing wider than the screen: wide tables scroll inside their card.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot(page, name);
    }
  });
});
