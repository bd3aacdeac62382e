// Post Listing and the side menu's former dead ends, as a user meets them: open Post Listing from
// the side menu, search the posts, sort them by reach, reject one (it leaves the listing and the
// count), open Response option Alert, read what it will do and set the project's Response alert,
// and, as a client without the product, click Add on a locked product and see the thanks. Waits are for what the user waits for.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { MESSAGES } from '@listening/contract';
import { apiGet, login, projectIds, shot, useBrowser } from './browser.ts';

const baseURL = process.env.E2E_BASE_URL ?? inject('baseURL');
const PROJECT = 'Acme Cola Brand Monitoring';

const browser = useBrowser();
const total = async (p: Page) => Number(((await p.getByTestId('listing-total').textContent()) ?? '').replace(/\D/g, ''));

describe('Post Listing', () => {
  let page: Page;
  let dashboard: string;

  it('opens from the side menu with the project filter in the address', async () => {
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await login(page, baseURL, 'analyst@demo.example');
    await page.waitForURL(/\/clients/);
    const { clientId, projectId } = await projectIds(page, 'Acme Beverages', PROJECT);
    // The demo corpus is written after the server listens: wait until the project has posts.
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const q = `projectId=${projectId}&startDate=${day(new Date(Date.now() - 29 * 86_400_000))}&endDate=${day(new Date())}T23:59:59&streamIds=7,8,9`;
    await expect
      .poll(async () => (await apiGet<{ Total: number | null }>(page, `/api/listing/posts?${q}`)).Total ?? 0, {
        timeout: 200_000,
        interval: 2_000,
        message: 'the demo corpus has posts for the project',
      })
      .toBeGreaterThan(20);
    dashboard = `${baseURL}/client/${clientId}/project/${projectId}`;
    await page.goto(dashboard);
    await page.getByRole('heading', { name: PROJECT }).waitFor();
    await page.getByRole('button', { name: 'Project menu' }).click();
    await page.getByRole('button', { name: 'Post Listing' }).click();
    await page.waitForURL(/\/post-listing\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('datefrom')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(url.searchParams.get('streams')).toBe('7,8,9,11');
    await page.getByRole('heading', { name: 'Post Listing' }).waitFor();
    await expect.poll(() => page.getByTestId('listing-post').count()).toBe(20);
    expect(await total(page)).toBeGreaterThan(20);
    // Post times are on the client's clock, which the screen names once.
    expect(await page.getByTestId('post-time').first().textContent()).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
    expect(await page.getByText(/^Times in /).count()).toBe(1);
    await shot(page, 'post-listing-opened');
  }, 240_000);

  it('searches the posts on the server and pages on with Load more', async () => {
    const all = await total(page);
    await page.getByLabel('Search the posts').fill('price');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/[?&]q=price/);
    await expect.poll(() => total(page)).toBeLessThan(all);
    const bodies = await page.getByTestId('post-body').allTextContents();
    expect(bodies.length).toBeGreaterThan(0);
    // Each post says price in its text or its author's name.
    const cards = await page.getByTestId('listing-post').allTextContents();
    expect(cards.every((c) => /price/i.test(c))).toBe(true);
    const before = await page.getByTestId('listing-post').count();
    if (await page.getByRole('button', { name: 'Load more' }).isVisible()) {
      await page.getByRole('button', { name: 'Load more' }).click();
      await expect.poll(() => page.getByTestId('listing-post').count()).toBeGreaterThan(before);
      const ids = await page.getByTestId('listing-post').evaluateAll((els) => els.map((e) => e.getAttribute('data-post-id')));
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('sorts by reach, widest first', async () => {
    await page.getByRole('textbox', { name: 'Sort' }).click();
    await page.getByRole('option', { name: 'Highest reach' }).click();
    await page.waitForURL(/[?&]sort=reach/);
    await expect
      .poll(async () => {
        const reach = await page.getByTestId('listing-post').evaluateAll((els) => els.map((e) => e.getAttribute('data-reach')));
        return reach.length > 1 && reach.every((r, i) => i === 0 || Number(reach[i - 1]) >= Number(r));
      })
      .toBe(true);
    await shot(page, 'post-listing-reach');
  });

  it('rejects a post: it leaves the listing and the count', async () => {
    const before = await total(page);
    const first = page.getByTestId('listing-post').first();
    const id = await first.getAttribute('data-post-id');
    await first.getByRole('button', { name: /^Reject the post/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Please confirm' });
    await dialog.getByText(MESSAGES.confirmIrrelevant).waitFor();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await page.locator(`[data-testid="listing-post"][data-post-id="${id}"]`).waitFor({ state: 'detached' });
    await expect.poll(() => total(page)).toBe(before - 1);
  });

  it("opens Response option Alert on the project's response queue, with its response-time figures", async () => {
    await page.getByRole('button', { name: 'Project menu' }).click();
    await page.getByRole('button', { name: 'Response option Alert' }).click();
    const dialog = page.getByRole('dialog', { name: 'Response option Alert' });
    await dialog.getByText(/Posts to the project’s own accounts that ask, complain or request/).waitFor();
    await dialog.getByTestId('response-figures').getByText('Need a response').waitFor();
    await shot(page, 'response-alert');
    // The project's Response alert: a bad wait is refused in words, then 15 minutes to one contact is kept.
    const alert = dialog.getByTestId('response-alert');
    await alert.getByRole('button', { name: 'Edit' }).click();
    const form = dialog.getByTestId('response-alert-form');
    await form.getByLabel('Wait (minutes)').fill('0');
    await form.getByRole('button', { name: 'Save alert' }).click();
    expect(await form.getByTestId('response-alert-error').textContent()).toBe('waitMinutes must be at least 1');
    await form.getByLabel('Wait (minutes)').fill('15');
    await form.getByLabel('Contacts to tell').click();
    await page.getByRole('option').first().click();
    await form.getByText(/^From 1 to 10080/).click();
    await form.getByRole('button', { name: 'Save alert' }).click();
    await expect
      .poll(() => alert.getByTestId('response-alert-summary').textContent())
      .toMatch(/^On: a post unanswered after 15 minutes is told to \d+ contacts?$/);
    // The queue's figures now use the project's wait.
    await expect.poll(() => dialog.getByLabel('Wait', { exact: true }).inputValue()).toBe('15 minutes');
    await shot(page, 'response-alert-setting');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it("shows the response times on the dashboard for the project's chosen wait, on a phone too", async () => {
    await page.goto(dashboard);
    const card = page.getByTestId('response-times');
    await card.getByText('wait 15 min').waitFor();
    await card.getByRole('columnheader', { name: 'Answered within 15 min' }).waitFor();
    expect(await card.locator('tr[data-kind="total"] td').first().textContent()).toBe('All networks');
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'response-times-dashboard');
    await page.setViewportSize({ width: 390, height: 844 });
    // On a phone three columns stay and the table fits the card: nothing scrolls sideways.
    await card.getByRole('columnheader', { name: 'Within 15 min' }).waitFor();
    const table = await card.getByTestId('response-times-table').boundingBox();
    const box = await card.boundingBox();
    expect(table!.x + table!.width).toBeLessThanOrEqual(box!.x + box!.width);
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'response-times-dashboard-390');
    await page.getByRole('button', { name: 'Project menu' }).click();
    await page.getByRole('button', { name: 'Response option Alert' }).click();
    const dialog = page.getByRole('dialog', { name: 'Response option Alert' });
    await dialog.getByTestId('response-alert-summary').waitFor();
    await shot(page, 'response-alert-390');
    await page.close();
  });
});

describe('Add on a locked product', () => {
  it('records the request and thanks the user instead of closing silently', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await login(page, baseURL, 'viewer@demo.example');
    await page.waitForURL(/\/clients|\/$/);
    const { clientId, projectId } = await projectIds(page, 'Karoo Outdoor Co.', 'Karoo Outdoor Brand');
    await page.goto(`${baseURL}/client/${clientId}/project/${projectId}`);
    await page.getByRole('heading', { name: 'Karoo Outdoor Brand' }).waitFor();
    await page.getByRole('button', { name: 'Project menu' }).click();
    await page.getByRole('button', { name: 'Sentiment Rating (locked)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Product details' });
    await dialog.getByTestId('product-name').filter({ hasText: 'Sentiment' }).waitFor();
    await dialog.getByRole('button', { name: 'Add' }).click();
    const thanks = dialog.getByTestId('product-request-thanks');
    await thanks.waitFor();
    expect(await thanks.textContent()).toContain('Thank you for your interest in Sentiment');
    await shot(page, 'product-request-thanks');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.close();
  });
});
