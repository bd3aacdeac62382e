// The clip tray's Export follows the selection: with posts ticked it writes those posts and says
// so ('Export 2 selected'); with none it writes every post of the tray's filter ('Export all 843').
// At 1280 px and on a phone (390 px). Waits are for what the user waits for (the download).
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openDashboardWithPosts, useBrowser } from './browser.ts';

const baseURL = process.env.E2E_BASE_URL ?? inject('baseURL');
const PROJECT = 'Acme Cola Brand Monitoring';

const browser = useBrowser();

/** A screenshot of one element (the tray) under .e2e-artifacts/. */
async function shot(el: Locator, name: string): Promise<void> {
  mkdirSync('.e2e-artifacts', { recursive: true });
  await el.screenshot({ path: `.e2e-artifacts/${name}.png` });
}

const number = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

/** Clicks the button and reads the workbook it downloads: the Body column of Sheet1, header left out. */
async function exportedBodies(page: Page, button: Locator): Promise<string[]> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), button.click()]);
  expect(download.suggestedFilename()).toBe(`Listing Report - ${PROJECT}.xlsx`);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
  const bodies: string[] = [];
  wb.getWorksheet('Sheet1')!.eachRow((row, n) => {
    if (n > 1) bodies.push(String(row.getCell(3).value ?? ''));
  });
  return bodies;
}

/** The dashboard of the demo's Acme project, once its corpus has posts. */
async function openDashboard(page: Page): Promise<void> {
  await openDashboardWithPosts(page, baseURL, PROJECT, 100);
}

describe.each([
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
])('the clip tray exports what is selected, at $width px', ({ width, height }) => {
  let page: Page;
  let tray: Locator;
  let total = 0;

  it("opens the tray on a sentiment card's negative posts, offering to export all of them", async () => {
    page = await browser.newPage({ viewport: { width, height } });
    await openDashboard(page);
    const percentage = page.getByTestId('sentiment-earned').getByRole('button', { name: /^Open the [\d,]+ negative Earned posts?$/ });
    await percentage.click();
    tray = page.getByRole('dialog', { name: 'Posts' });
    await tray.getByTestId('clip').first().waitFor();
    total = number(await tray.getByTestId('tray-total').textContent());
    expect(total).toBeGreaterThan(10);
    await expect.poll(() => tray.getByRole('button', { name: /^Export/ }).textContent()).toBe(`Export all ${total.toLocaleString('en-US')}`);
  });

  it("says 'Export 2 selected' with two posts ticked, and exports exactly those two", async () => {
    const cards = tray.getByTestId('clip');
    const ticked = [cards.nth(1), cards.nth(3)];
    for (const card of ticked) await card.getByRole('checkbox').check();
    const button = tray.getByRole('button', { name: 'Export 2 selected' });
    await button.waitFor();
    await shot(tray, `clip-tray-export-selected-${width}`);
    const wanted = await Promise.all(ticked.map((c) => c.getByTestId('clip-body').textContent()));
    const bodies = await exportedBodies(page, button);
    expect(bodies).toHaveLength(2);
    expect(bodies.sort()).toEqual(wanted.map((b) => b ?? '').sort());
  });

  it("goes back to 'Export all N' when the posts are unticked, and exports the whole filter", async () => {
    const cards = tray.getByTestId('clip');
    await cards.nth(1).getByRole('checkbox').uncheck();
    await expect.poll(() => tray.getByRole('button', { name: /^Export/ }).textContent()).toBe('Export 1 selected');
    await cards.nth(3).getByRole('checkbox').uncheck();
    const button = tray.getByRole('button', { name: `Export all ${total.toLocaleString('en-US')}` });
    await button.waitFor();
    await shot(tray, `clip-tray-export-all-${width}`);
    expect(await exportedBodies(page, button)).toHaveLength(total);
    await page.close();
  });
});
