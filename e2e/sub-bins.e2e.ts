// Sort Bins, Input Bins and Ave calc's from the project side menu: create a
// sort bin with a rule, rename it, delete it; upload a CSV file into an input bin and see its
// posts counted; a sort bin's posts counted over the Filter as the dashboard and the Tree View
// count them; open Ave calc's and, as an administrator, change a CPM. Waits are for what the
// user waits for: lists, dialogs, toasts.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiGet, clientDay, demoCorpusWritten, login, shot, signInForProject, useBrowser } from './browser.ts';

const baseURL = process.env.E2E_BASE_URL ?? inject('baseURL');
const PROJECT = 'Acme Cola Brand Monitoring';

const browser = useBrowser();
let page: Page;
let projectUrl = '';

/** Opens the project side menu and picks an item. */
async function menu(p: Page, item: string): Promise<void> {
  await p.getByRole('button', { name: 'Project menu' }).click();
  await p.getByRole('button', { name: item, exact: true }).click();
}

const row = (p: Page, name: string) => p.locator(`[data-testid="sub-bin"][data-name="${name}"]`);

describe('sort bins, input bins and Ave calc’s', () => {
  it('opens Sort Bins from the side menu and lists the project’s sort bins', async () => {
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    ({ url: projectUrl } = await signInForProject(page, baseURL, PROJECT));
    await page.goto(projectUrl);
    await page.getByRole('heading', { name: PROJECT }).waitFor();
    await menu(page, 'Sort Bins');
    await page.waitForURL(/\/sort-bins/);
    await row(page, 'Product mentions').waitFor();
    await expect.poll(() => row(page, 'Pricing').isVisible()).toBe(true);
  }, 120_000);

  it('creates a sort bin with a rule, shows the parser’s message for a bad rule, renames it and deletes it', async () => {
    await page.getByRole('button', { name: 'New sort bin' }).click();
    const dialog = page.getByRole('dialog', { name: 'New sort bin' });
    await dialog.getByLabel('Name').fill('Launch buzz');
    await dialog.getByLabel('Rule 1', { exact: true }).fill('(acme AND launch');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Rule 1 (Phrase) cannot be read: missing )', { exact: false }).waitFor();
    await dialog.getByLabel('Rule 1', { exact: true }).fill('acme AND launch');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await row(page, 'Launch buzz').waitFor();
    await expect.poll(() => row(page, 'Launch buzz').textContent()).toContain('acme AND launch');
    await shot(page, 'sub-bins-sort-created');

    await row(page, 'Launch buzz').getByRole('button', { name: 'Actions of Launch buzz' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename Launch buzz' });
    await rename.getByLabel('Name').fill('Launch 2026');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await row(page, 'Launch 2026').waitFor();

    await row(page, 'Launch 2026').getByRole('button', { name: 'Actions of Launch 2026' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Yes, delete' }).click();
    await row(page, 'Launch 2026').waitFor({ state: 'detached' });
  });

  it('uploads a CSV file into an input bin, refusing a bad file by row, and counts the posts', async () => {
    await menu(page, 'Input Bins');
    await page.waitForURL(/\/input-bins/);
    await row(page, 'Manual uploads').waitFor();
    const countOf = async () => Number(/([\d,]+) posts?/.exec((await row(page, 'Manual uploads').textContent()) ?? '')?.[1].replace(/,/g, '') ?? NaN);
    const before = await countOf();

    const dir = mkdtempSync(join(tmpdir(), 'sub-bins-'));
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, 'Network,Author,Date,Text\nX,@a,2024-05-01 10:00,fine\nFax,@b,2024-05-01,no such network\n');
    const good = join(dir, 'posts.csv');
    // Posted in the Filter's range (the last 30 days), where the list counts a bin's posts.
    writeFileSync(
      good,
      `Network,Author,Date,Text,Link\nX,@thandi,${clientDay(-2)} 10:00,"Acme cola, cold and fresh",https://x.com/thandi/status/1\nFacebook,Sipho,${clientDay(-1)},Loved the Acme stand at the fair,\n`,
    );

    await row(page, 'Manual uploads').getByRole('button', { name: 'Upload CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload posts to Manual uploads' });
    await dialog.locator('input[type="file"]').setInputFiles(bad);
    await dialog.getByTestId('csv-problems').getByText("Row 3: Network 'Fax' is not one of", { exact: false }).waitFor();
    expect(await dialog.getByRole('button', { name: /^Add/ }).isDisabled()).toBe(true);
    await dialog.locator('input[type="file"]').setInputFiles(good);
    await dialog.getByTestId('csv-ready').getByText('2 posts are ready to add.').waitFor();
    await shot(page, 'sub-bins-upload');
    await dialog.getByRole('button', { name: 'Add 2 posts' }).click();
    await page.getByText('2 posts added to Manual uploads').waitFor();
    await expect.poll(countOf).toBe(before + 2);
    await shot(page, 'sub-bins-input-after-upload');
  });

  it("counts a sort bin's posts over the Filter's range and streams, as the dashboard and the Tree View count them (1280 and 390 px)", async () => {
    const [clientId, projectId] = /\/client\/(\d+)\/project\/(\d+)/.exec(projectUrl)!.slice(1).map(Number);
    await demoCorpusWritten(page, projectId);
    const bins = await apiGet<{ Id: number; Name: string; ForeignId: number }[]>(page, `/api/subfolder/getall?clientId=${clientId}`);
    // A folder without subfolders: the Tree View's folder count is then the bin's own.
    const service = bins.find((b) => b.ForeignId === projectId && b.Name === 'Customer service')!.Id;
    const filter = `datefrom=${clientDay(-40)}&dateto=${clientDay(-10)}&streams=7,8`;
    const number = (text: string | null, pattern: RegExp) => Number(pattern.exec(text ?? '')?.[1].replace(/,/g, '') ?? NaN);

    await page.goto(`${projectUrl}?${filter}`);
    const node = page.getByTestId('sortbin').filter({ hasText: 'Customer service' });
    await node.waitFor({ timeout: 30_000 });
    const dashboard = number(await node.textContent(), /Customer service([\d,]+)/);
    expect(dashboard).toBeGreaterThan(0);

    await page.goto(`${projectUrl}/treeview?${filter}`);
    await page.getByTestId(`tree-view-folder-${service}`).click();
    await page.getByRole('heading', { name: 'Newest posts of Customer service' }).waitFor();
    await expect
      .poll(async () => number(await page.getByTestId('tree-view-totals-posts-value').textContent(), /^([\d,]+)$/), { timeout: 30_000 })
      .toBe(dashboard);

    for (const [width, height] of [
      [1280, 900],
      [390, 844],
    ]) {
      await page.setViewportSize({ width, height });
      await page.goto(`${projectUrl}/sort-bins?${filter}`);
      await row(page, 'Customer service').waitFor();
      expect(number(await row(page, 'Customer service').textContent(), /([\d,]+) posts?/)).toBe(dashboard);
      await shot(page, `sub-bins-sort-counts-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('opens Ave calc’s and lets an administrator change a CPM', async () => {
    await menu(page, "Ave calc's");
    await page.waitForURL(/\/ave-calcs/);
    await page.getByText('CPM per network: Acme Beverages').waitFor();
    // The analyst reads the table; there is nothing to edit.
    expect(await page.getByLabel('CPM for X').count()).toBe(0);
    await expect.poll(() => page.getByTestId('cpm-7').textContent()).toContain('R 35.00');

    const admin = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await login(admin, baseURL, 'admin@demo.example');
    await admin.waitForURL(/\/clients/);
    await admin.goto(`${projectUrl}/ave-calcs`);
    const x = admin.getByLabel('CPM for X');
    await x.waitFor();
    await x.fill('50');
    await admin.getByRole('button', { name: 'Save changes' }).click();
    await admin.getByText(/CPM saved: [\d,]+ posts? revalued/).waitFor();
    await expect.poll(() => admin.getByTestId('cpm-7').textContent()).toContain('R 35.00'); // the default stays beside it
    expect(await x.inputValue()).toBe('R 50');
    await shot(admin, 'ave-calcs-admin');
    await admin.close();

    await page.reload();
    await expect.poll(() => page.getByTestId('cpm-7').textContent()).toContain('R 50.00');
  });
});
