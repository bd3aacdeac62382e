// Learned sentiment in the clip tray (docs/sentiment.md): a post says why it got its
// sentiment (the features that weighed most), and after a user rates it the explanation says the
// rating has replaced the model's verdict. Waits are for what the user waits for.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openDashboardWithPosts, shot, useBrowser } from './browser.ts';

// E2E_BASE_URL points the journey at an already running product (to look at a seeded corpus).
const baseURL = process.env.E2E_BASE_URL ?? inject('baseURL');
const PROJECT = 'Acme Cola Brand Monitoring';

const browser = useBrowser();
let page: Page;

describe('why this sentiment', () => {
  let tray: Locator;

  it('opens the negative posts of the dashboard in the clip tray', async () => {
    page = await browser.newPage({ viewport: { width: Number(process.env.E2E_WIDTH ?? 1280), height: 900 } });
    await openDashboardWithPosts(page, baseURL, PROJECT, 10);
    const negative = page.getByTestId('sentiment-earned').getByRole('button', { name: /^Open the [\d,]+ negative Earned posts?$/ });
    await negative.click();
    tray = page.getByRole('dialog', { name: 'Posts' });
    await tray.getByTestId('clip').first().waitFor();
  });

  it("shows the features that weighed most for a post's sentiment", async () => {
    const card = tray.getByTestId('clip').first();
    await card.getByRole('button', { name: 'Why this sentiment' }).click();
    const panel = page.getByTestId('clip-why-panel');
    await panel.waitFor();
    expect(await panel.textContent()).toMatch(/read this post as Negative/);
    const reasons = panel.getByTestId('clip-why-reason');
    expect(await reasons.count()).toBeGreaterThan(0);
    expect(await reasons.count()).toBeLessThanOrEqual(5);
    expect(await reasons.first().textContent()).toMatch(/for Negative|against Negative/);
    await shot(page, 'sentiment-why');
    // The same button closes it (Escape would close the tray too).
    await card.getByRole('button', { name: 'Why this sentiment' }).click();
    await panel.waitFor({ state: 'hidden' });
  });

  it("after a user rates the post, says the rating replaced the model's verdict", async () => {
    const card = tray.getByTestId('clip').first();
    const clipId = await card.getAttribute('data-clip-id');
    await card.getByRole('checkbox').check();
    await tray.getByRole('button', { name: 'Rate' }).click();
    await page.getByRole('menuitem', { name: 'Positive' }).click();
    await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Yes', exact: true }).click();
    await page.getByText('1 post rated Positive').waitFor();
    // The rated post is among the positive posts now: open those and find it. Escape closes the
    // top-most overlay, so the confirmation must be gone first.
    await page.getByRole('dialog', { name: 'Please confirm' }).waitFor({ state: 'hidden' });
    await page.keyboard.press('Escape');
    await tray.waitFor({ state: 'hidden' });
    await page
      .getByTestId('sentiment-earned')
      .getByRole('button', { name: /^Open the [\d,]+ positive Earned posts?$/ })
      .click();
    const rated = tray.locator(`[data-testid="clip"][data-clip-id="${clipId}"]`);
    // Newest first: newer positive posts (the demo keeps posting) may fill the first pages, so load
    // more, as a user would, until the rated post shows.
    await tray.getByTestId('clip').first().waitFor();
    for (let pages = 0; (await rated.count()) === 0; pages++) {
      expect(pages, 'pages loaded looking for the rated post').toBeLessThan(20);
      const shown = await tray.getByTestId('clip').count();
      await tray.getByRole('button', { name: 'Load More' }).click();
      await expect.poll(() => tray.getByTestId('clip').count()).toBeGreaterThan(shown);
    }
    await rated.waitFor();
    expect(await rated.getByTestId('clip-favourability').textContent()).toBe('Positive');
    await rated.getByRole('button', { name: 'Why this sentiment' }).click();
    await expect.poll(() => page.getByTestId('clip-why-panel').textContent(), { timeout: 15_000 }).toMatch(/A user has since rated it Positive\./);
    await shot(page, 'sentiment-why-rated');
  });
});
