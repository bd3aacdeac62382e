// The Filter and the address, as a user meets them at 1280 and 390 px: a screen with figures
// opened by its address and the same screen opened from the menu land on the same address (the
// screen's own default range, written in) and show the same totals, so a copied link shows what
// its sender saw; Deep Dive opens on whole weeks from Monday; Follower Growth shows no Filter and
// says what it covers; a wrong address inside a project is not found inside the project, with the
// way back to its dashboard. Waits are for what the user waits for.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { MESSAGES } from '@listening/contract';
import { clientDay, login, projectWithPosts, shot, useBrowser } from './browser.ts';

const baseURL = process.env.E2E_BASE_URL ?? inject('baseURL');
const PROJECT = 'Acme Cola Brand Monitoring';
/** Waits for what comes over the network (the CPU is shared): longer than expect.poll's 1 s. */
const WAIT = { timeout: 30_000 };

const browser = useBrowser();
let page: Page;
let base = '';

it('signs in and waits for the demo corpus', async () => {
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await login(page, baseURL, 'analyst@demo.example');
  await page.waitForURL(/\/clients/);
  const { clientId, projectId } = await projectWithPosts(page, 'Acme Beverages', PROJECT, 100);
  base = `${baseURL}/client/${clientId}/project/${projectId}`;
}, 240_000);

const openFromMenu = async (item: string) => {
  await page.getByRole('button', { name: 'Project menu' }).click();
  await page.getByRole('button', { name: item, exact: true }).click();
};
/** The address once the shell has written the filter into it. */
const settledAddress = async () => {
  await page.waitForURL((u) => new URL(u).searchParams.has('datefrom'), WAIT);
  return page.url();
};
/** Deep Dive's post total, once its figures are in. */
const postsShown = async () => {
  const value = page.getByTestId('deep-dive-totals-posts-value');
  await value.waitFor(WAIT);
  await expect.poll(() => value.textContent(), WAIT).toMatch(/^\d[\d,]*$/);
  return value.textContent();
};

describe.each([
  [1280, 900],
  [390, 844],
])('the Filter and the address at %i px', (width, height) => {
  it('opens a screen with figures at the same address and totals by its address as from the menu', async () => {
    await page.setViewportSize({ width, height });

    // Typed or shared without a range: Deep Dive writes its own default in, the last 5 weeks from Monday.
    await page.goto(`${base}/deep-dive`);
    const typed = await settledAddress();
    const from = new URL(typed).searchParams.get('datefrom')!;
    expect(new URL(typed).searchParams.get('dateto')).toBe(clientDay());
    expect(new Date(`${from}T00:00:00Z`).getUTCDay()).toBe(1);
    const days = (Date.parse(`${clientDay()}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(34);
    const typedPosts = await postsShown();

    // From the dashboard, at its own default (30 days), through the menu.
    await page.goto(base);
    const dashboard = await settledAddress();
    expect(new URL(dashboard).searchParams.get('datefrom')).not.toBe(from);
    await page.getByRole('heading', { name: PROJECT }).waitFor(WAIT);
    await openFromMenu('Deep Dive');
    await page.waitForURL((u) => new URL(u).pathname.endsWith('/deep-dive') && new URL(u).searchParams.has('datefrom'), WAIT);
    expect(page.url()).toBe(typed);
    expect(await postsShown()).toBe(typedPosts);
    await shot(page, `filter-address-deep-dive-${width}`);

    // The copied address, opened again, shows the same.
    await page.goto(typed);
    expect(await postsShown()).toBe(typedPosts);
    expect(page.url()).toBe(typed);
  }, 180_000);

  it('keeps a range the user chose when the menu leads to another screen', async () => {
    const chosen = `datefrom=${clientDay(-13)}&dateto=${clientDay()}`;
    await page.goto(`${base}?${chosen}`);
    await page.getByRole('heading', { name: PROJECT }).waitFor(WAIT);
    await settledAddress();
    await openFromMenu('Deep Dive');
    await page.waitForURL((u) => new URL(u).pathname.endsWith('/deep-dive'), WAIT);
    const url = new URL(await settledAddress());
    expect([url.searchParams.get('datefrom'), url.searchParams.get('dateto')]).toEqual([clientDay(-13), clientDay()]);
  }, 120_000);

  it('shows no Filter on Follower Growth, and says what it covers', async () => {
    await page.goto(base);
    await page.getByRole('heading', { name: PROJECT }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Filter', exact: true }).waitFor(WAIT);
    await openFromMenu('Follower Growth');
    await page.getByRole('heading', { name: 'Performance Measurement' }).waitFor(WAIT);
    const covers = page.getByTestId('screen-covers');
    await covers.waitFor(WAIT);
    const [y, m, d] = clientDay().split('-').map(Number);
    const today = `${d} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m - 1]} ${y}`;
    const said = (await covers.textContent())!;
    expect(said).toMatch(new RegExp(`^The 8 weeks to ${today}, owned profiles on X, Facebook, Instagram(, LinkedIn)?; the Filter does not apply here\\.$`));
    expect(await page.getByRole('button', { name: 'Filter', exact: true }).count()).toBe(0);
    expect(await page.getByTestId('filter-range').count()).toBe(0);
    await page.getByTestId('follower-matrix-table').waitFor(WAIT);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await shot(page, `filter-address-follower-growth-${width}`);
  }, 120_000);

  it('shows a wrong address inside a project as not found inside the project, with the way back', async () => {
    await page.goto(`${base}/no-such-screen`);
    const notFound = page.getByTestId('project-not-found');
    await notFound.waitFor(WAIT);
    expect(await notFound.textContent()).toContain(MESSAGES.notFoundPage);
    await page.getByRole('heading', { name: PROJECT }).waitFor();
    await expect.poll(() => page.title()).toBe(`Page not found · ${PROJECT} · Listening`);
    expect(await page.getByRole('button', { name: 'Filter', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Project menu' }).count()).toBe(1);
    await shot(page, `filter-address-not-found-${width}`);
    await page.getByRole('link', { name: 'Back to the dashboard' }).click();
    await page.waitForURL((u) => new URL(u).pathname === new URL(base).pathname, WAIT);
    await page.getByRole('button', { name: 'Filter', exact: true }).waitFor(WAIT);
  }, 120_000);
});
