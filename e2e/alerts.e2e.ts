// Alerts and subscriptions as a user meets them: open 'per Contact
// Notification' from the project's side menu; Done without a recipient warns; schedule an alert
// to oneself (the chosen recipient leaves the dropdown), see it in the List, delete it; schedule
// another, open Notification Management from the user menu (inside the project it opens the
// dialog for that project), find the alert among the subscriptions and unsubscribe from it.
// Waits are for what the user waits for: dialogs, toasts, rows.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openProject, shot, signInForProject, useBrowser } from './browser.ts';

const baseURL = process.env.E2E_BASE_URL ?? inject('baseURL');
const PROJECT = 'Acme Cola Brand Monitoring';
// Names of this run only: the journey never depends on another journey's alerts.
const RUN = Date.now().toString(36);
const FIRST = `Launch watch ${RUN}`;
const SECOND = `Daily digest ${RUN}`;

const browser = useBrowser();
let page: Page;

const toastText = (p: Page, text: string) => p.locator('.mantine-Notification-root').getByText(text, { exact: true });
const dialog = (p: Page) => p.getByRole('dialog', { name: 'per Contact Notification' });

/** In the New view: a name, an interval and the analyst as recipient, then Done. */
async function schedule(p: Page, name: string, interval: string): Promise<void> {
  const d = dialog(p);
  await d.getByRole('button', { name: 'New', exact: true }).click();
  await d.getByRole('textbox', { name: 'Name' }).fill(name);
  await d.getByRole('textbox', { name: 'Interval' }).click();
  await p.getByRole('option', { name: interval, exact: true }).click();
  await d.getByRole('textbox', { name: 'Recipients' }).click();
  await p.getByRole('option', { name: /analyst@demo\.example/ }).click();
  // A chosen recipient leaves the dropdown.
  await expect.poll(() => p.getByRole('option', { name: /analyst@demo\.example/ }).count()).toBe(0);
  await p.keyboard.press('Escape');
  // An earlier alert's toast (5 s) may still show: wait it out, so the toast below is this one's.
  await expect.poll(() => toastText(p, 'Alert Scheduled').count(), { timeout: 10_000 }).toBe(0);
  await d.getByRole('button', { name: 'Done' }).click();
  await toastText(p, 'Alert Scheduled').waitFor();
  await d.getByRole('row').filter({ hasText: name }).waitFor();
}

describe('alerts and subscriptions', () => {
  it('schedules an alert from the side menu, lists it and deletes it', async () => {
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const { url } = await signInForProject(page, baseURL, PROJECT);
    await openProject(page, url, PROJECT);
    await page.getByRole('button', { name: 'Project menu' }).click();
    await page.getByRole('button', { name: 'per Contact Notification', exact: true }).click();
    const d = dialog(page);
    await d.waitFor();
    // No recipient: a warning, nothing saved.
    await d.getByRole('button', { name: 'Done' }).click();
    await toastText(page, 'Please select at least 1 recipient').waitFor();
    await schedule(page, FIRST, 'Every 15 Minutes');
    const row = d.getByRole('row').filter({ hasText: FIRST });
    expect(await row.textContent()).toContain('Every 15 Minutes');
    await shot(page, 'alerts-list');

    page.once('dialog', (c) => {
      expect(c.message()).toBe('Are you sure you wish to delete this item?');
      void c.accept();
    });
    await d.getByRole('button', { name: `Delete alert ${FIRST}` }).click();
    await toastText(page, 'Alert Deleted').waitFor();
    await expect.poll(() => row.count()).toBe(0);
  }, 120_000);

  it('lists a new alert among the subscriptions and unsubscribes from it', async () => {
    await schedule(page, SECOND, 'Once a day');
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    // From inside the project, the user menu's Notification Management chooses this project (no
    // dialog pops up); its button opens the project's dialog.
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Notification Management' }).click();
    await page.waitForURL(/\/contact\/notifications/);
    await page
      .getByRole('textbox', { name: 'Project' })
      .and(page.locator(`[value="${PROJECT}"]`))
      .waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('button', { name: 'per Contact Notification', exact: true }).click();
    await dialog(page).getByRole('button', { name: 'List', exact: true }).click();
    await dialog(page).getByRole('row').filter({ hasText: SECOND }).waitFor();
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();

    const table = page.getByRole('table', { name: 'Subscriptions' });
    const row = table.getByRole('row').filter({ hasText: SECOND });
    await row.waitFor();
    expect(await row.textContent()).toContain('Every 24 Hours');
    expect(await row.textContent()).toContain('Contact Notification');
    expect(await row.textContent()).toContain(PROJECT);
    for (const column of ['Name', 'Frequency', 'Notification Type', 'Project Name', 'Action'])
      expect(await table.getByRole('columnheader', { name: column, exact: true }).isVisible()).toBe(true);
    await shot(page, 'alerts-subscriptions');
    await row.getByRole('button', { name: `Unsubscribe from ${SECOND}` }).click();
    await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Yes', exact: true }).click();
    await expect.poll(() => row.count()).toBe(0);
  });
});
