// The project dashboard as a user meets it: open a project, change the range and the
// streams and see the figures change, open an hour of the heatmap in the clip tray, rate two
// posts and see the donut move, export the listing and open the file, and meet a locked item's
// product dialog. Waits are for what the user waits for: figures, dialogs, downloads.
import ExcelJS from 'exceljs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { LISTING_COLUMNS, MESSAGES, formatRand, listingFileName } from '@listening/contract';
import { apiGet, login, projectWithPosts, shot, useBrowser } from './browser.ts';

// E2E_BASE_URL points the journey at an already running product (to look at a seeded corpus).
const baseURL = process.env.E2E_BASE_URL ?? inject('baseURL');
const PROJECT = 'Acme Cola Brand Monitoring';

const browser = useBrowser();
let page: Page;

const figure = (p: Page, testId: string) => p.getByTestId(testId).textContent();

describe('the project dashboard', () => {
  let projectId = 0;
  let clientId = 0;

  it('opens a project from the project list with the filter in the address', async () => {
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    await login(page, baseURL, 'analyst@demo.example');
    await page.waitForURL(/\/clients/);
    // The demo corpus is written after the server listens: wait until the project has posts.
    ({ clientId } = await projectWithPosts(page, 'Acme Beverages', PROJECT, 0));
    await page.goto(`${baseURL}/client/${clientId}/projects`);
    await page.getByRole('link', { name: `Open project ${PROJECT}` }).click();
    await page.waitForURL(/\/project\/\d+\?/);
    projectId = Number(/\/project\/(\d+)/.exec(page.url())![1]);
    const url = new URL(page.url());
    expect(url.searchParams.get('datefrom')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(url.searchParams.get('streams')).toBe('7,8,9,11');
    await expect.poll(() => figure(page, 'favourability-total'), { timeout: 30_000 }).toMatch(/\d/);
    await page.getByRole('heading', { name: PROJECT }).waitFor();
    await shot(page, 'dashboard-opened');
  }, 240_000);

  it('changes the figures when the range and the streams change', async () => {
    const total = page.getByTestId('mentions-total').getByTestId('mention-count');
    await expect.poll(() => total.textContent()).toMatch(/\d/);
    const before = await total.textContent();
    await page.getByRole('button', { name: 'Filter' }).click();
    const menu = page.getByTestId('filter-menu');
    await menu.getByRole('button', { name: 'Last 7 Days' }).click();
    await menu.getByRole('checkbox', { name: 'Instagram' }).click();
    await menu.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((u) => new URL(u).searchParams.get('streams') === '7,8,11');
    expect(await page.getByTestId('mentions-9').count()).toBe(0);
    await expect.poll(() => total.textContent(), { timeout: 20_000 }).not.toBe(before);
    const url = new URL(page.url());
    const days = (Date.parse(url.searchParams.get('dateto')!) - Date.parse(url.searchParams.get('datefrom')!)) / 86_400_000;
    expect(days).toBe(6);
    // The AVE is money: R, two decimals, thousand separators.
    expect(await page.getByTestId('mentions-total').getByTestId('mention-ave').textContent()).toMatch(/^AVE R [\d,]+\.\d\d$/);
    expect(formatRand(1234567.8)).toBe('R 1,234,567.80');
    await shot(page, 'dashboard-filtered');
  });

  it('opens an hour of the heatmap in the clip tray and rates two posts, and the donut moves', async () => {
    // Find an hour with posts, as the user finds a dark cell, then click that cell.
    const url = new URL(page.url());
    const q = `projectId=${projectId}&startDate=${url.searchParams.get('datefrom')}T00:00:00&endDate=${url.searchParams.get('dateto')}T23:59:59&streamIds=${url.searchParams.get('streams')}`;
    const heat = await apiGet<{ Data: { Date: string; Hour: number; Count: number }[] }>(page, `/api/heatmap/getall?${q}`);
    const rows = [...new Set(heat.Data.map((c) => c.Date))].sort();
    const cell = heat.Data.filter((c) => c.Count >= 3).sort((a, b) => b.Count - a.Count)[0];
    expect(cell, 'the corpus has an hour with posts').toBeDefined();
    const canvas = page.getByTestId('hourly-heatmap').locator('canvas').first();
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    // The chart's grid: 92 px left, 16 right, 8 top, 64 bottom (HourlyHeatmap).
    const x = 92 + ((box.width - 108) * (cell.Hour + 0.5)) / 24;
    const y = 8 + ((box.height - 72) * (rows.indexOf(cell.Date) + 0.5)) / rows.length;
    await canvas.click({ position: { x, y } });

    const tray = page.getByRole('dialog', { name: 'Posts' });
    await tray.getByTestId('clip').first().waitFor();
    const clips = tray.getByTestId('clip');
    expect(await clips.count()).toBeGreaterThan(0);
    expect(await clips.count()).toBeLessThanOrEqual(10);
    await shot(page, 'clip-tray');

    // Nothing selected: the warning.
    await tray.getByRole('button', { name: 'Rate' }).click();
    await page.getByRole('menuitem', { name: 'Positive' }).click();
    await page.getByText(MESSAGES.selectClipsToRate).waitFor();

    // Two posts not yet positive, rated Positive: the donut's positive count grows by two.
    const positiveBefore = Number((await figure(page, 'favourability-positive'))!.replace(/,/g, ''));
    const notPositive = clips.filter({ hasNot: page.getByTestId('clip-favourability').filter({ hasText: 'Positive' }) });
    expect(await notPositive.count()).toBeGreaterThanOrEqual(2);
    await notPositive.nth(0).getByRole('checkbox').check();
    await notPositive.nth(1).getByRole('checkbox').check();
    await tray.getByRole('button', { name: 'Rate' }).click();
    await page.getByRole('menuitem', { name: 'Positive' }).click();
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await confirm.getByText(MESSAGES.confirmRate('Positive')).waitFor();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(async () => Number((await figure(page, 'favourability-positive'))!.replace(/,/g, '')), { timeout: 20_000 }).toBe(positiveBefore + 2);
    await shot(page, 'clip-tray-rated');
  });

  it('rejects a post as Irrelevant after the confirmation, and it leaves the list', async () => {
    const tray = page.getByRole('dialog', { name: 'Posts' });
    const first = tray.getByTestId('clip').first();
    const id = await first.getAttribute('data-clip-id');
    await first.getByRole('checkbox').check();
    await tray.getByRole('button', { name: 'Irrelevant' }).click();
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await confirm.getByText(MESSAGES.confirmIrrelevant).waitFor();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => tray.locator(`[data-clip-id="${id}"]`).count(), { timeout: 20_000 }).toBe(0);
  });

  it('exports the listing as a spreadsheet that opens', async () => {
    const tray = page.getByRole('dialog', { name: 'Posts' });
    const [download] = await Promise.all([page.waitForEvent('download'), tray.getByRole('button', { name: 'Export' }).click()]);
    expect(download.suggestedFilename()).toBe(listingFileName(PROJECT));
    const file = join(mkdtempSync(join(tmpdir(), 'listing-')), download.suggestedFilename());
    await download.saveAs(file);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.getWorksheet('Sheet1')!;
    expect(sheet).toBeDefined();
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...LISTING_COLUMNS]);
    expect(sheet.rowCount).toBeGreaterThan(1);
  });

  it('closes the tray on an outside click', async () => {
    const tray = page.getByRole('dialog', { name: 'Posts' });
    await page.mouse.click(40, 450);
    await tray.waitFor({ state: 'hidden' });
  });

  it("meets a locked item's product dialog for a client that owns no products", async () => {
    const viewer = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await login(viewer, baseURL, 'viewer@demo.example');
    await viewer.waitForURL(/\/clients|\/$/);
    const clients = await apiGet<{ Id: number; Name: string }[]>(viewer, '/api/client/getall');
    const karoo = clients.find((c) => c.Name === 'Karoo Outdoor Co.')!;
    const projects = await apiGet<{ Id: number; Description: string }[]>(viewer, `/api/project/getall?clientId=${karoo.Id}`);
    const brand = projects.find((p) => p.Description === 'Karoo Outdoor Brand')!;
    await viewer.goto(`${baseURL}/client/${karoo.Id}/project/${brand.Id}`);
    await viewer.getByRole('heading', { name: 'Karoo Outdoor Brand' }).waitFor();
    // The gated widgets say so instead of failing: the sort bins, and the sentiment widgets as the Sentiment screen (sentiment-gating.e2e.ts).
    await viewer.getByTestId('locked-SortBins').first().waitFor();
    await viewer.getByTestId('sentiment-summary').getByTestId('locked-Sentiment').waitFor();
    await viewer.getByRole('button', { name: 'Project menu' }).click();
    await viewer.getByRole('button', { name: 'Deep Dive (locked)' }).click();
    const dialog = viewer.getByRole('dialog', { name: 'Product details' });
    await dialog.getByTestId('product-name').filter({ hasText: 'Deep Dive' }).waitFor();
    expect(await dialog.getByTestId('product-price').textContent()).toBe('R 530.00 / month');
    await shot(viewer, 'product-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await viewer.close();
  });
});
