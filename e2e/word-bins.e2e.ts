// Word bins as a user meets them: open Reaction Lists from the side menu and see
// the demo's lists; make a group and put a list in it; create a reaction list in the Add modal (an empty keyword is ignored, a chosen
// recipient leaves the dropdown), find it in the table, open it, edit and save it, view its (empty)
// logs, delete it and land back on the list; create a crisis list. Waits are for what the user
// waits for: tables, dialogs, toasts.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { login, shot, signInForProject, useBrowser } from './browser.ts';

const baseURL = process.env.E2E_BASE_URL ?? inject('baseURL');
const PROJECT = 'Acme Cola Brand Monitoring';

const browser = useBrowser();
let page: Page;
let projectUrl = '';

const row = (p: Page, name: string) => p.locator(`[data-testid="word-bin-row"][data-name="${name}"]`);
const keywords = (p: Page) => p.getByRole('dialog').getByTestId('keywords');

/** Picks an option of a Mantine select by its label. */
async function choose(p: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string | RegExp): Promise<void> {
  await scope.getByRole('textbox', { name: label }).click();
  await p.getByRole('option', { name: option }).click();
}

describe('reaction lists and crisis lists', () => {
  it('opens Reaction Lists from the side menu and lists the project’s lists', async () => {
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    ({ url: projectUrl } = await signInForProject(page, baseURL, PROJECT));
    await page.goto(projectUrl);
    await page.getByRole('heading', { name: PROJECT }).waitFor();
    await page.getByRole('button', { name: 'Project menu' }).click();
    await page.getByRole('button', { name: 'Reaction Lists', exact: true }).click();
    await page.waitForURL(/\/reaction-lists/);
    await page.getByRole('heading', { name: 'Word Lists' }).waitFor();
    await row(page, 'Pricing complaints').waitFor();
    // The demo's crisis list is not a reaction list.
    expect(await row(page, 'Product recall').count()).toBe(0);
    for (const column of ['Name', 'Type', 'Interval', 'Start Date', 'End Date', 'Last Sent', 'Keywords'])
      expect(await page.getByRole('columnheader', { name: column, exact: true }).isVisible()).toBe(true);
    await shot(page, 'word-lists');
  }, 120_000);

  it('creates a group in the sidebar, puts a list in it, lists the group and deletes it', async () => {
    const groups = page.getByTestId('word-bin-groups');
    await groups.getByRole('textbox', { name: 'New group name' }).fill('Launch watch');
    await groups.getByRole('button', { name: 'Create' }).click();
    await groups.getByText('Launch watch').click();
    await page.getByText('No word bins created.').waitFor();
    await groups.getByText('All lists').click();
    await row(page, 'Pricing complaints').getByRole('button', { name: 'Actions of Pricing complaints' }).click();
    await page.getByRole('menuitem', { name: 'Launch watch' }).click();
    await groups.getByText('Launch watch').click();
    await row(page, 'Pricing complaints').waitFor();
    await expect.poll(() => row(page, 'Service and delivery').count()).toBe(0);
    await shot(page, 'word-lists-group');
    // Deleting the group keeps its lists (ungrouped) and shows all lists again.
    await groups.getByRole('button', { name: 'Delete group Launch watch' }).click();
    await expect.poll(() => groups.getByText('Launch watch').count()).toBe(0);
    await row(page, 'Service and delivery').waitFor();
    await row(page, 'Pricing complaints').waitFor();
  });

  it('creates a reaction list in the Add Reaction List modal and finds it in the table', async () => {
    await page.getByRole('button', { name: 'Add Reaction List' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Reaction List' });
    await dialog.waitFor();
    // Start now and end 30 days later by default, read on the client's clock (the zone the screen names once).
    const zone = (
      (await page
        .getByText(/^Times in /)
        .first()
        .textContent()) ?? ''
    )
      .replace(/^Times in /, '')
      .trim();
    const wallNow = Date.parse(
      new Intl.DateTimeFormat('sv-SE', { timeZone: zone, dateStyle: 'short', timeStyle: 'medium' }).format(new Date()).replace(' ', 'T') + 'Z',
    );
    const start = Date.parse((await dialog.getByLabel('Start Date').inputValue()) + 'Z');
    const end = Date.parse((await dialog.getByLabel('End Date').inputValue()) + 'Z');
    expect(Math.abs(start - wallNow)).toBeLessThan(120_000);
    expect(Math.round((end - start) / 86_400_000)).toBe(30);

    await dialog.getByLabel('Name').fill('Refund requests');
    await dialog.getByRole('textbox', { name: 'Keyword' }).fill('refund');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await choose(page, dialog, 'Operator', 'OR');
    await dialog.getByRole('textbox', { name: 'Keyword' }).fill('acme');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click(); // an empty keyword is ignored
    await choose(page, dialog, 'Operator', 'NOT');
    await dialog.getByRole('textbox', { name: 'Keyword' }).fill('jobs');
    await dialog.getByRole('textbox', { name: 'Keyword' }).press('Enter');
    await expect.poll(async () => (await keywords(page).innerText()).replace(/\s+/g, ' ').trim()).toBe('AND refund OR acme NOT jobs');

    await choose(page, dialog, 'Interval', 'Immediate (0)');
    await choose(page, dialog, 'Sentiment', 'Negative');
    await dialog.getByRole('button', { name: 'Add recipient' }).click();
    await choose(page, dialog, 'Contact', /Thandi Analyst/);
    await choose(page, dialog, 'Recipient type', 'Response Contact');
    await dialog.getByRole('button', { name: 'Save recipient' }).click();
    await expect.poll(() => dialog.getByTestId('recipients').innerText()).toContain('Thandi Analyst');
    // The only contact is chosen: nobody is left in the dropdown.
    expect(await dialog.getByRole('button', { name: 'Add recipient' }).isDisabled()).toBe(true);
    await shot(page, 'word-bin-add');

    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row(page, 'Refund requests').waitFor();
    expect(await row(page, 'Refund requests').innerText()).toContain('Immediate');
  });

  it('opens the list, edits and saves it, shows its empty logs, and deletes it', async () => {
    await row(page, 'Refund requests').getByRole('link', { name: 'Refund requests' }).click();
    await page.waitForURL(/\/reaction-list\/wordbin\/\d+/);
    await page.getByRole('heading', { name: 'Refund requests' }).waitFor();
    // View mode: the fields are disabled until Edit.
    expect(await page.getByLabel('Name').isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Name').fill('Refund and returns');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByLabel('Name').inputValue()).toBe('Refund requests');
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Name').fill('Refund and returns');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Reaction List Updated').waitFor();
    await page.getByRole('heading', { name: 'Refund and returns' }).waitFor();
    expect(await page.getByLabel('Name').isDisabled()).toBe(true);
    await shot(page, 'word-bin-detail');

    await page.getByRole('button', { name: 'View Logs' }).click();
    await page.getByRole('dialog', { name: 'Word Bin Logs' }).getByText('This word bin has not been sent out').waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete Refund and returns?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Worbin deleted').waitFor();
    await page.waitForURL(/\/reaction-lists/);
    await row(page, 'Pricing complaints').waitFor();
    expect(await row(page, 'Refund and returns').count()).toBe(0);
  });

  it('creates a crisis list on the crisis list screen', async () => {
    await page.goto(`${projectUrl}/crisis-lists`);
    await page.getByRole('heading', { name: 'Crisis Monitoring Word Bins' }).waitFor();
    await row(page, 'Product recall').waitFor();
    // The demo's group holds reaction lists only.
    await page.getByTestId('word-bin-groups').getByText('Customer care').click();
    await page.getByText('No crisis bins created.').waitFor();
    await page.getByTestId('word-bin-groups').getByText('All lists').click();
    await row(page, 'Product recall').waitFor();
    await page.getByRole('button', { name: 'Add Crisis List' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Crisis List' });
    await dialog.getByLabel('Name').fill('Contamination scare');
    await dialog.getByRole('textbox', { name: 'Keyword' }).fill('contaminated');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row(page, 'Contamination scare').waitFor();
    expect(await row(page, 'Contamination scare').innerText()).toContain('Crisis');
    // The same screen under its other path.
    await page.goto(`${projectUrl}/crisis-monitoring-lists`);
    await row(page, 'Contamination scare').waitFor();
    await row(page, 'Contamination scare').getByRole('link').click();
    await page.waitForURL(/\/crisis-monitoring\/wordbin\/\d+/);
    await page.getByRole('heading', { name: 'Contamination scare' }).waitFor();
  });

  it('shows the lists on a phone', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await login(phone, baseURL, 'analyst@demo.example');
    await phone.waitForURL(/\/clients/);
    await phone.goto(`${projectUrl}/reaction-lists`);
    // A card per list instead of the table, nothing wider than the screen.
    await phone.locator('[data-testid="word-bin-card"][data-name="Pricing complaints"]').waitFor();
    expect(await phone.getByTestId('word-bin-table').isVisible()).toBe(false);
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(phone, 'word-lists-phone');
    await phone.close();
  });
});
