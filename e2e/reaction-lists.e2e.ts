// Reaction lists, notification management and Deep Dive's Compare, at 1280 and 390 px: while the
// keywords of a new reaction list are edited the form shows how many posts they would have matched
// in the last 7 days; Save with no name puts the message under the Name field; Unsubscribe in
// Notification Management asks first, then says it is done; Compare with nothing chosen says
// 'Choose at least 1 item to compare'. Waits are for what the user waits for.
import { MESSAGES } from '@listening/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { login, projectWithPosts, shot, useBrowser } from './browser.ts';

const baseURL = process.env.E2E_BASE_URL ?? inject('baseURL');

const browser = useBrowser();
let ids: { clientId: number; projectId: number };

/** Schedules an alert of the project to the signed-in analyst, so that there is something to unsubscribe from. */
async function alertToMe(p: Page, name: string): Promise<void> {
  const status = await p.evaluate(
    async ({ clientId, projectId, name }) => {
      const headers = { Authorization: `Bearer ${localStorage.getItem('access_token')}`, 'Content-Type': 'application/json' };
      const contacts = (await (await fetch(`/crm/api/contact/getall?clientId=${clientId}`, { headers })).json()) as {
        ClientContactId: number;
        Email: string;
      }[];
      const mine = contacts.find((c) => c.Email === 'analyst@demo.example');
      const res = await fetch('/api/alert/save', {
        method: 'POST',
        headers,
        body: JSON.stringify({ name, projectId, recipientIds: String(mine!.ClientContactId), interval: 60, startDate: '2026-01-01' }),
      });
      return res.status;
    },
    { ...ids, name },
  );
  expect(status).toBe(200);
}

it('waits for the demo corpus of the project', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await login(page, baseURL, 'analyst@demo.example');
  await page.waitForURL(/\/clients/);
  ids = await projectWithPosts(page, 'Acme Beverages', 'Acme Cola Brand Monitoring', 100);
  await page.close();
}, 240_000);

describe.each([
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
])('reaction lists, notifications and Compare at $width px', ({ width, height }) => {
  let page: Page;

  beforeAll(async () => {
    page = await browser.newPage({ viewport: { width, height } });
    await login(page, baseURL, 'analyst@demo.example');
    await page.waitForURL(/\/clients/);
  }, 60_000);
  afterAll(async () => {
    await page?.close();
  });

  it('shows a message under the Name field, and the matches of the last 7 days while the keywords are edited', async () => {
    await page.goto(`${baseURL}/client/${ids.clientId}/project/${ids.projectId}/reaction-lists`);
    await page.getByRole('button', { name: /Add Reaction List/i }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    const name = dialog.getByRole('textbox', { name: 'Name' });
    const message = dialog.getByText('Please enter a name for the list', { exact: true });
    await message.waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    const [field, under] = [(await name.boundingBox())!, (await message.boundingBox())!];
    expect(under.y).toBeGreaterThanOrEqual(field.y + field.height - 1);
    expect(under.y - (field.y + field.height)).toBeLessThan(40);
    await dialog.getByText('Add at least one keyword', { exact: true }).waitFor();

    await name.fill('Cola watch');
    await expect.poll(() => message.count()).toBe(0);
    await dialog.getByRole('textbox', { name: 'Keyword' }).fill('acme');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    const count = dialog.getByTestId('word-bin-match-count');
    await count.getByText(/^\d[\d,]* match(es)? in the last 7 days$/).waitFor({ timeout: 30_000 });
    expect(await count.textContent()).not.toMatch(/^0 matches/);
    await shot(page, `reaction-list-add-${width}`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  }, 90_000);

  it('asks before unsubscribing, then says it is done', async () => {
    const alertName = `Unsubscribe me ${width}`;
    await alertToMe(page, alertName);
    await page.goto(`${baseURL}/contact/notifications?clientId=${ids.clientId}&projectId=${ids.projectId}`);
    await page.getByRole('heading', { name: 'Notification Management' }).waitFor();
    // The address chooses the project; no dialog pops up by itself.
    await page.getByRole('button', { name: 'per Contact Notification' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('button', { name: `Unsubscribe from ${alertName}` }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText(`Stop receiving '${alertName}'`, { exact: false }).waitFor();
    await shot(page, `unsubscribe-confirm-${width}`);
    await confirm.getByRole('button', { name: 'Yes', exact: true }).click();
    await page.getByText(`Unsubscribed from '${alertName}'`).waitFor();
    await expect.poll(() => page.getByRole('button', { name: `Unsubscribe from ${alertName}` }).count()).toBe(0);
  }, 60_000);

  it("says 'Choose at least 1 item to compare' when Compare has nothing chosen", async () => {
    await page.goto(`${baseURL}/client/${ids.clientId}/project/${ids.projectId}/deep-dive`);
    await page.getByTestId('deep-dive-compare').click();
    const modal = page.getByTestId('deep-dive-compare-modal');
    await modal.waitFor();
    await page.getByTestId('deep-dive-compare-confirm').click();
    const alert = modal.getByRole('alert').filter({ hasText: MESSAGES.compareAtLeastOne });
    await alert.waitFor();
    expect(await alert.isVisible()).toBe(true);
    await shot(page, `deep-dive-compare-none-${width}`);
  }, 60_000);
});
