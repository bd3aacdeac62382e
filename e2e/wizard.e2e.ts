// The new-project wizard. An admin creates a project through the four steps (the totals
// with VAT shown in rand), finds it in the client's project list, and sees posts arrive in it. The
// e2e product runs without the simulator, so the post arrives as dashboard-live's does: added by
// hand to an input bin of the project (the agreement bought Input Bins and Sort Bins).
import { describe, expect, inject, it } from 'vitest';
import { apiGet, login, shot, startNewProject, useBrowser } from './browser.ts';

const baseURL = process.env.E2E_BASE_URL ?? inject('baseURL');
const NAME = 'Karoo Trails Campaign';
const browser = useBrowser();

/** Fetch from inside the page with the session's token. */
const send = (page: import('playwright-core').Page, path: string, body: unknown) =>
  page.evaluate(
    async ([url, payload]) => {
      const res = await fetch(url as string, {
        method: 'POST',
        headers: { Authorization: `Bearer ${localStorage.getItem('access_token')}`, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      return { status: res.status, body: await res.json() };
    },
    [path, body] as const,
  );

describe('new-project wizard', () => {
  it('creates a project through the four steps; it is in the list and posts arrive in it', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const clientId = await startNewProject(page, baseURL, 'Karoo Outdoor Co.');

    // Step 1: a type loads its sub-products.
    await page.getByText('Campaign Tracking').click();
    await page.getByRole('radio', { name: 'Launch campaign' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    // Step 2: the name is required.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Please enter the project name').waitFor();
    await page.getByRole('textbox', { name: 'Project name' }).fill(NAME);
    await page.getByLabel('Keywords (optional)').fill('karoo AND trails');
    await page.getByRole('button', { name: 'Next' }).click();
    // Step 3: the defaults, the primary contact as requester.
    expect(await page.getByRole('textbox', { name: 'Payment type' }).inputValue()).toBe('Event/Budget');
    // Billed in the project's own period: it is a monthly product.
    expect(await page.getByRole('textbox', { name: 'Billing type' }).inputValue()).toBe('Monthly invoice');
    expect(await page.getByRole('textbox', { name: 'Cancellation type' }).inputValue()).toBe('30 days notice');
    expect(await page.getByRole('textbox', { name: 'Requested by' }).inputValue()).toMatch(/Pieter Viewer/);
    // Step 1 is clickable from a later step, and the choices are kept.
    await page.getByRole('button', { name: 'Project Type' }).click();
    expect(await page.getByRole('radio', { name: 'Launch campaign' }).isChecked()).toBe(true);
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Next' }).click();

    // Step 4: the default product never goes below 1; buying products changes the totals.
    const project = page.getByRole('textbox', { name: 'Quantity of Social listening project' });
    await project.fill('0');
    await project.blur();
    expect(await project.inputValue()).toBe('1');
    // Totals per period: the setup once (1500 + VAT 225), the project every month (2950 + VAT 442.50).
    expect(await page.getByTestId('agreement-total').textContent()).toBe('R 1,725.00 once-off + R 3,392.50 / month');
    await page.getByRole('checkbox', { name: 'Include Input Bins' }).check();
    await page.getByRole('checkbox', { name: 'Include Sort Bins' }).check();
    // Monthly: 2950 + 180 + 330 = 3460; VAT 519; total 3979. Once-off unchanged.
    await expect.poll(() => page.getByTestId('total-month').textContent()).toBe('R 3,979.00 / month');
    expect(await page.getByTestId('vat-month').textContent()).toBe('R 519.00 / month');
    expect(await page.getByTestId('total-once').textContent()).toBe('R 1,725.00 once-off');
    await shot(page, 'wizard-step4-1280');
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.waitForURL(/\/client\/\d+\/projects$/);
    await page.getByText(`Project ${NAME} created and its agreement saved`).waitFor();
    await page.getByRole('link', { name: `Open project ${NAME}` }).waitFor();

    // Posts arrive: an input bin of the new project takes one in by hand, matching its keywords.
    const projects = await apiGet<{ Id: number; Description: string }[]>(page, `/api/project/getall?clientId=${clientId}`);
    const projectId = projects.find((p) => p.Description === NAME)!.Id;
    const bin = await send(page, '/api/subfolder/create', { projectId, name: 'Trail reports', binTypeId: 6 });
    expect(bin.status, JSON.stringify(bin.body)).toBe(200);
    const posted = await send(page, '/api/subfolder/post/add', {
      binId: bin.body.Id,
      streamId: 7,
      author: 'Trail Runner',
      text: 'Karoo trails were stunning this weekend',
      datePosted: new Date(Date.now() + 2 * 3_600_000 - 60_000).toISOString().slice(0, 16).replace('T', ' '),
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const q = `projectId=${projectId}&startDate=${day(new Date(Date.now() - 86_400_000))}&endDate=${day(new Date(Date.now() + 86_400_000))}T23:59:59&streamIds=7,8,9`;
    await expect
      .poll(async () => (await apiGet<{ Total: number | null }>(page, `/api/listing/posts?${q}`)).Total ?? 0, { timeout: 45_000, interval: 1_000 })
      .toBeGreaterThan(0);
    await page.context().close();
  }, 180_000);

  it('is refused to a contact who is not an admin', async () => {
    const page = await (await browser.newContext({ viewport: { width: 390, height: 860 } })).newPage();
    await login(page, baseURL, 'viewer@demo.example');
    await page.waitForURL(/\/clients/, { timeout: 90_000 });
    const clients = await apiGet<{ Id: number; Name: string }[]>(page, '/api/client/getall');
    await page.goto(`${baseURL}/client/${clients[0].Id}/new-project`);
    await page.getByText('Only administrators may do this').first().waitFor();
    await page.context().close();
  });
});
