// Reports as a user meets them: open Stats Analysis from the side menu, save report
// options (the YouTube rule on the way), generate and see the request 'Generating...' then
// complete, download it ('Downloaded': the file's bytes, under the name the server gives) from the
// log and from its /report/{layoutId}/{guid} address, schedule it and find it in the Schedule
// List, then delete the schedule and the report.
// Waits are for what the user waits for: dialogs, rows, toasts, the download.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiGet, launch, openProject, shot, signInForProject } from './browser.ts';

const baseURL = process.env.E2E_BASE_URL ?? inject('baseURL');
const PROJECT = 'Acme Cola Brand Monitoring';
// A name of this run's own, so the journey never meets another journey's reports.
const NAME = `Board pack ${Date.now().toString(36)}`;
// The file's name: the report's name and the window's first and last days.
const FILE_NAME = new RegExp(`^${NAME.replace(/ /g, '-')}-\\d{4}-\\d{2}-\\d{2}-\\d{4}-\\d{2}-\\d{2}\\.pdf$`);

let browser: Browser;
let context: BrowserContext;
let page: Page;
let dialog: Locator;
let guid = '';

beforeAll(async () => {
  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
});

const section = () => dialog.getByTestId('report-section');
const toastText = (text: string) => page.locator('.mantine-Notification-root', { hasText: text }).first();
const reportRow = () => dialog.locator(`[data-testid="report-row"][data-name="${NAME}"]`);

describe('reports', () => {
  it('opens Stats Analysis from the side menu on Saved Reports', async () => {
    const { url } = await signInForProject(page, baseURL, PROJECT);
    await openProject(page, url, PROJECT);
    await page.getByRole('button', { name: 'Project menu' }).click();
    await page.getByRole('button', { name: 'Stats Analysis', exact: true }).click();
    dialog = page.getByRole('dialog');
    await expect.poll(() => section().textContent()).toBe('Saved Reports');
    for (const name of ['Saved Reports', 'Schedule List', 'Request Log', 'Done'])
      expect(await dialog.getByRole('button', { name, exact: true }).isVisible()).toBe(true);
  });

  it('saves report options with the defaults, keeping YouTube alone, and goes on to Generate Report', async () => {
    await dialog.getByRole('button', { name: 'New report' }).click();
    await expect.poll(() => section().textContent()).toBe('Report Options');
    await dialog.getByRole('textbox', { name: 'Report name' }).fill(NAME);
    const streams = dialog.getByRole('group', { name: 'Streams' });
    const checked = async () => {
      const out: string[] = [];
      for (const name of ['X', 'Facebook', 'Instagram', 'YouTube', 'LinkedIn']) if (await streams.getByRole('checkbox', { name }).isChecked()) out.push(name);
      return out;
    };
    expect(await checked()).toEqual(['X', 'Facebook', 'Instagram']);
    // YouTube clears the others, and says why; another stream clears YouTube.
    await streams.getByRole('checkbox', { name: 'YouTube' }).check();
    expect(await checked()).toEqual(['YouTube']);
    await dialog.getByText('Sorry Youtube cannot be selected alongside other streams').waitFor();
    await streams.getByRole('checkbox', { name: 'X' }).check();
    await streams.getByRole('checkbox', { name: 'Facebook' }).check();
    expect(await checked()).toEqual(['X', 'Facebook']);
    await dialog.getByRole('textbox', { name: 'Recipients' }).click();
    await page.getByRole('option', { name: /Thandi Analyst/ }).click();
    await shot(page, 'reports-options');
    await dialog.getByRole('button', { name: 'Save report' }).click();
    await expect.poll(() => section().textContent()).toBe('Generate Report');
  });

  it("generates the last 7 days: the log shows 'Generating...', then complete, and the file downloads", async () => {
    await dialog.getByRole('button', { name: 'Last 7 days' }).click();
    await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
    await toastText('Report successfully generated').waitFor();
    await expect.poll(() => section().textContent()).toBe('Request Log');
    const requests = `[data-testid="request-row"][data-name="${NAME}"]`;
    await dialog.locator(requests).first().getByText('Generating...').waitFor();
    const row = dialog.locator(`${requests}[data-status="complete"]`).first();
    await row.waitFor({ timeout: 45_000 });
    await shot(page, 'reports-log');
    // The file's bytes from report/download/{guid}/file, saved under the name the server gives it.
    const [download, answer] = await Promise.all([
      page.waitForEvent('download'),
      page.waitForResponse((r) => /\/api\/report\/download\/[0-9a-f-]+\/file$/.test(r.url())),
      row.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(answer.headers()['content-type']).toBe('application/pdf');
    expect(download.suggestedFilename()).toMatch(FILE_NAME);
    await toastText('Downloaded').waitFor();
    const log = await apiGet<{ Guid: string; ReportName: string }[]>(page, `/api/report/log/all`);
    guid = log.find((r) => r.ReportName === NAME)!.Guid;
  }, 90_000);

  it('downloads the same file from its /report/{layoutId}/{guid} address, on a desktop and a phone', async () => {
    for (const width of [1280, 390]) {
      const other = await context.newPage();
      await other.setViewportSize({ width, height: 800 });
      const [download] = await Promise.all([other.waitForEvent('download'), other.goto(`${baseURL}/report/3/${guid}`)]);
      expect(download.suggestedFilename()).toMatch(FILE_NAME);
      await other.getByRole('heading', { name: 'Downloaded' }).waitFor();
      expect(await other.getByTestId('downloaded-file').textContent()).toBe(`${download.suggestedFilename()} is in your downloads.`);
      await shot(other, `reports-download-${width}`);
      await other.close();
    }
  });

  it('schedules the report for tomorrow 08:00 and finds it in the Schedule List', async () => {
    await dialog.getByRole('button', { name: 'Saved Reports', exact: true }).click();
    await reportRow().getByRole('button', { name: 'Schedule' }).click();
    await expect.poll(() => section().textContent()).toBe('Add Schedule');
    await dialog.getByText('Tomorrow 08:00', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await toastText('Report successfully scheduled').waitFor();
    await expect.poll(() => section().textContent()).toBe('Schedule List');
    const row = dialog.locator(`[data-testid="schedule-row"][data-name="${NAME}"]`);
    await row.getByText(/08:00/).waitFor();
    await shot(page, 'reports-schedules');
  });

  it('deletes the schedule and the report after the confirmation', async () => {
    page.on('dialog', (d) => {
      expect(d.message()).toBe('Are you sure you wish to delete this item?');
      void d.accept();
    });
    await dialog.getByRole('button', { name: `Delete the schedule of ${NAME}` }).click();
    await toastText('Successfully Deleted').waitFor();
    await expect.poll(() => dialog.locator(`[data-testid="schedule-row"][data-name="${NAME}"]`).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Saved Reports', exact: true }).click();
    await dialog.getByRole('button', { name: `Delete ${NAME}` }).click();
    await expect.poll(() => reportRow().count()).toBe(0);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });
});
