// The mentor tutorials. A contact finds "Help for this screen" on a project's
// dashboard (and not on a screen without a tutorial), follows the tutorial step by step to
// completion, opens its document in the viewer (toolbar hidden), an admin adds a draft tutorial
// with an uploaded PDF and deletes it, and a type-4 notification shows the mentor detail it
// fetched without being marked seen. Each journey logs in on its own; waits are for what the user
// waits for.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiGet, login, shot, useBrowser } from './browser.ts';

const baseURL = process.env.E2E_BASE_URL ?? inject('baseURL');
const USER = 'viewer@demo.example';
const CLIENT = 'Karoo Outdoor Co.';

const browser = useBrowser();
async function signIn(width = 1280): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  await login(page, baseURL, USER);
  await page.waitForURL(/\/clients/, { timeout: 90_000 });
  return page;
}

/** The address of the client's first project's dashboard. */
async function dashboardPath(page: Page): Promise<string> {
  const clients = await apiGet<{ Id: number; Name: string }[]>(page, '/api/client/getall');
  const client = clients.find((c) => c.Name === CLIENT)!;
  const projects = await apiGet<{ Id: number }[]>(page, `/api/project/getall?clientId=${client.Id}`);
  return `/client/${client.Id}/project/${projects[0].Id}`;
}

/** The unread count the bell announces (its aria-label). */
const bellCount = (page: Page) =>
  page
    .getByRole('button', { name: /^Notifications/ })
    .getAttribute('aria-label')
    .then((l) => Number(/(\d+) unread/.exec(l ?? '')?.[1] ?? 0));

describe('mentor tutorials', () => {
  it('offers help on a screen with a tutorial, and follows it to completion', async () => {
    const page = await signIn();
    // The clients list has no tutorial: no help entry (the header has loaded: the bell is there).
    await page.getByRole('button', { name: /^Notifications/ }).waitFor();
    expect(await page.getByRole('button', { name: 'Help for this screen' }).count()).toBe(0);

    await page.goto(`${baseURL}${await dashboardPath(page)}`);
    const help = page.getByRole('button', { name: 'Help for this screen' });
    await help.waitFor();
    await help.click();
    await page.waitForURL(/\/mentor\/tutorial\/\d+$/);
    await page.getByRole('heading', { name: 'Your project dashboard' }).waitFor();

    await page.getByRole('button', { name: 'Start tutorial' }).click();
    const position = page.getByTestId('step-position');
    await position.getByText('Step 1 of 4').waitFor();
    expect(await page.getByRole('button', { name: 'Back' }).isDisabled()).toBe(true);
    await page.getByRole('heading', { name: 'The header' }).waitFor();
    for (const [n, title] of [
      [2, 'Choose a range'],
      [3, 'Read the cards'],
      [4, 'Open the posts'],
    ] as const) {
      await page.getByRole('button', { name: 'Next' }).click();
      await position.getByText(`Step ${n} of 4`).waitFor();
      await page.getByRole('heading', { name: title }).waitFor();
    }
    // Back and forward again: the step number is the server's.
    await page.getByRole('button', { name: 'Back' }).click();
    await position.getByText('Step 3 of 4').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await position.getByText('Step 4 of 4').waitFor();
    await page.getByRole('button', { name: 'Complete' }).click();
    await page.getByText('Tutorial completed').waitFor();
    await shot(page, 'mentor-completed');

    // Kept across a reload, and shown in the list.
    await page.reload();
    await page.getByText('Tutorial completed').waitFor();
    await page.goto(`${baseURL}/mentor`);
    const card = page.getByTestId('tutorial-card').filter({ hasText: 'Your project dashboard' });
    await card.getByText('Completed').waitFor();
    await card.getByRole('link', { name: 'Review Your project dashboard' }).waitFor();
    await page.close();
  });

  it("opens a tutorial's document in the viewer with the toolbar hidden", async () => {
    const page = await signIn(390);
    await page.goto(`${baseURL}/mentor`);
    await page.getByRole('link', { name: 'Start Reaction lists' }).click();
    await page.getByRole('link', { name: 'Listening user guide (PDF)' }).click();
    await page.waitForURL(/\/mentor\/document\/listening-user-guide\.pdf$/);
    const frame = page.locator('iframe[title="Document listening-user-guide.pdf"]');
    await frame.waitFor();
    const src = await frame.getAttribute('src');
    expect(src).toBe('/mentor/api/download/listening-user-guide.pdf#toolbar=0');
    const file = await page.evaluate(async (url) => {
      const res = await fetch(url);
      return { status: res.status, type: res.headers.get('content-type'), head: (await res.text()).slice(0, 5) };
    }, src!.split('#')[0]);
    expect(file).toEqual({ status: 200, type: 'application/pdf', head: '%PDF-' });
    // The viewer's address opens the app itself (not the API's 404), and a name with a path is refused.
    await page.reload();
    await frame.waitFor();
    await page.goto(`${baseURL}/mentor/document/..%2F..%2Fetc%2Fpasswd`);
    await page.getByText('This document cannot be opened').waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
    await shot(page, 'mentor-document-phone');
    await page.close();
  });

  it('lets an admin add a draft tutorial with an uploaded PDF, and delete it', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await login(page, baseURL, 'admin@demo.example');
    await page.waitForURL(/\/clients/, { timeout: 90_000 });
    await page.goto(`${baseURL}/mentor/manage`);
    await page.getByRole('button', { name: 'New tutorial' }).click();
    const dialog = page.getByRole('dialog', { name: 'New tutorial' });
    const title = `Sort bins tour ${Date.now() % 100000}`;
    await dialog.getByRole('textbox', { name: 'Title', exact: true }).first().fill(title);
    await dialog.getByLabel('Step title').fill('Open Sort Bins');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'Sort bins.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByText(/^Uploaded as sort-bins-[0-9a-f]{8}\.pdf$/).waitFor();
    await dialog.getByRole('button', { name: 'Add document' }).click();
    await dialog.getByRole('textbox', { name: 'Title', exact: true }).nth(1).fill('Sort bins guide');
    await dialog.getByRole('button', { name: 'Save tutorial' }).click();
    await page.getByText('Tutorial saved').waitFor();
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByText('Draft').waitFor();
    const saved = (await apiGet<{ Title: string; Id: number }[]>(page, '/mentor/api/tutorial/getall')).find((t) => t.Title === title)!;
    const detail = await apiGet<{ Documents: { FileName: string }[]; IsActive: boolean }>(page, `/mentor/api/tutorial/get?tutorialId=${saved.Id}`);
    expect(detail.IsActive).toBe(false);
    expect(detail.Documents[0].FileName).toMatch(/^sort-bins-[0-9a-f]{8}\.pdf$/);

    page.once('dialog', (d) => void d.accept());
    await row.getByRole('button', { name: `Delete ${title}` }).click();
    await page.getByText('Successfully Deleted').waitFor();
    await row.waitFor({ state: 'detached' });
    await page.close();
  });

  it('shows the mentor detail of a type-4 notification without marking it seen', async () => {
    const page = await signIn();
    // Its type-1 and type-4 notifications are never marked seen by a click: the bell counts them once loaded.
    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).waitFor();
    const before = await bellCount(page);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByText('New tutorial: Workflow board').click();
    const dialog = page.getByRole('dialog', { name: 'Workflow board' });
    await dialog.getByText('Move tickets').waitFor();
    expect(await bellCount(page)).toBe(before);
    await dialog.getByRole('button', { name: 'Open tutorial' }).click();
    await page.waitForURL(/\/mentor\/tutorial\/\d+$/);
    await page.getByRole('heading', { name: 'Workflow board' }).waitFor();
    await page.getByRole('heading', { name: 'Videos' }).waitFor();
    await page.close();
  });
});
