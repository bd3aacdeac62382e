// The clip tray opened from the figures that count posts: a sentiment card's percentage
// opens exactly the posts it counts, with the keyboard; a bar of the insights chart opens its
// period; Load More pages without repeating a post; 'Select all' offers every post of the
// selection, with its count, and asks before changing them. Waits are for what the user waits for.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openDashboardWithPosts, shot, useBrowser } from './browser.ts';

// E2E_BASE_URL points the journey at an already running product (to look at a seeded corpus).
const baseURL = process.env.E2E_BASE_URL ?? inject('baseURL');
const PROJECT = 'Acme Cola Brand Monitoring';

const browser = useBrowser();
let page: Page;

/** The posts the tray lists, by id, in order. */
const listed = (tray: Locator) => tray.getByTestId('clip').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-clip-id'))));
const number = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

describe('the clip tray opened from the figures', () => {
  let tray: Locator;

  it('opens the dashboard once the demo corpus has posts', async () => {
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openDashboardWithPosts(page, baseURL, PROJECT, 100);
    await page.getByTestId('sentiment-summary').getByRole('button').first().waitFor();
    tray = page.getByRole('dialog', { name: 'Posts' });
  });

  it("opens a sentiment card's '% neg' from the keyboard: the negative posts of that card only, as many as it counts", async () => {
    const percentage = page.getByTestId('sentiment-earned').getByRole('button', { name: /^Open the [\d,]+ negative Earned posts?$/ });
    const counted = number(await percentage.getAttribute('aria-label'));
    expect(counted).toBeGreaterThan(10);
    await percentage.focus();
    await page.keyboard.press('Enter');
    await tray.getByTestId('clip').first().waitFor();
    await expect.poll(() => tray.getByTestId('tray-scope').textContent()).toBe('Negative Earned posts');
    expect(number(await tray.getByTestId('tray-total').textContent())).toBe(counted);
    await shot(page, 'clip-tray-negative-earned');
    const cards = tray.getByTestId('clip');
    for (let i = 0; i < (await cards.count()); i++) {
      await expect.poll(() => cards.nth(i).getByTestId('clip-favourability').textContent()).toBe('Negative');
      expect(await cards.nth(i).textContent()).toContain('Earned');
    }
  });

  it('pages with Load More without repeating a post', async () => {
    const first = await listed(tray);
    expect(first).toHaveLength(10);
    for (let page2 = 2; page2 <= 3; page2++) {
      await tray.getByRole('button', { name: 'Load More' }).click();
      // A page can take seconds on a loaded machine; a failure prints the ids listed instead.
      await expect
        .poll(async () => (await listed(tray)).length, { timeout: 20_000 })
        .toBeGreaterThanOrEqual(10 * page2)
        .catch(() => {});
      expect(await listed(tray)).toHaveLength(10 * page2);
    }
    const ids = await listed(tray);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(0, 10)).toEqual(first);
  });

  it("offers every post of the selection after 'Select all', and says how many a change applies to", async () => {
    const total = number(await tray.getByTestId('tray-total').textContent());
    await tray.getByTestId('select-all').click();
    await expect.poll(() => tray.getByTestId('select-matching').textContent()).toContain('All 30 posts loaded are selected');
    await tray.getByRole('button', { name: `Select all ${total.toLocaleString('en-US')} posts of this selection` }).click();
    await expect
      .poll(() => tray.getByTestId('select-matching').textContent())
      .toContain(`All ${total.toLocaleString('en-US')} posts of this selection are selected`);
    await tray.getByRole('button', { name: 'Irrelevant' }).click();
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await expect
      .poll(() => confirm.textContent())
      .toContain(`This applies to all ${total.toLocaleString('en-US')} posts of this selection, not only the 30 loaded.`);
    await shot(page, 'clip-tray-select-all');
    await confirm.getByRole('button', { name: 'No', exact: true }).click();
    await page.keyboard.press('Escape');
    await tray.waitFor({ state: 'hidden' });
  });

  it("opens a bar of the insights chart: that period's posts, as many as the bar counts", async () => {
    const chart = page.getByRole('application', { name: /insights bar chart/ });
    await chart.focus();
    // The first arrow reaches the first bar, the next ones move right: the third bar.
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    const spoken = await page
      .locator('[aria-live="polite"]')
      .filter({ hasText: /mentions$/ })
      .first()
      .textContent();
    const [, label, count] = /^(.*): ([\d,]+) mentions$/.exec(spoken ?? '')!;
    await page.keyboard.press('Enter');
    await tray.getByTestId('clip').first().waitFor();
    await expect.poll(() => tray.getByTestId('tray-scope').textContent()).toMatch(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`));
    expect(number(await tray.getByTestId('tray-total').textContent())).toBe(number(count));
    await shot(page, 'clip-tray-insights-bar');
    await page.keyboard.press('Escape');
    await tray.waitFor({ state: 'hidden' });
  });
});
