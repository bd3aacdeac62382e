// Reports and the bell, on a desktop (1280 px) and a phone (390 px): Done on a filled-in new report
// asks before discarding it (keep editing, discard, save); a report made ready tells the bell, and a
// click on that notice downloads the file from its download page; 'Mark all read' clears the count;
// the panel never scrolls sideways.
// Waits are for what the user waits for: dialogs, the notice, the download, the count.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiGet, shot, signInForProject, useBrowser } from './browser.ts';

const baseURL = process.env.E2E_BASE_URL ?? inject('baseURL');
const CLIENT = 'Acme Beverages';
const PROJECT = 'Acme Cola Brand Monitoring';

const browser = useBrowser();

/** An authenticated POST from inside the page, as the app makes it. */
const apiPost = <T>(p: Page, path: string, body: object) =>
  p.evaluate(
    async ({ url, payload }) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${localStorage.getItem('access_token')}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(payload),
      });
      return res.json();
    },
    { url: path, payload: body },
  ) as Promise<T>;

const bell = (p: Page) => p.getByRole('button', { name: /^Notifications/ });

for (const width of [1280, 390]) {
  describe(`reports and notifications at ${width} px`, () => {
    let page: Page;
    let projectUrl = '';
    let dialog: Locator;
    // A name of this run's own, so the journey never meets another journey's reports.
    const name = `Deck ${width} ${Date.now().toString(36)}`;
    let reportId = 0;

    const ours = async () => (await apiGet<{ Id: number; Name: string }[]>(page, '/api/report/all')).filter((r) => r.Name === name);
    const openStats = async () => {
      await page.getByRole('button', { name: 'Project menu' }).click();
      await page.getByRole('button', { name: 'Stats Analysis', exact: true }).click();
      dialog = page.getByRole('dialog', { name: 'Stats Analysis' });
      await expect.poll(() => dialog.getByTestId('report-section').textContent()).toBe('Saved Reports');
    };
    const question = () => page.getByRole('dialog', { name: 'Unsaved changes' });

    beforeAll(async () => {
      const context = await browser.newContext({ viewport: { width, height: 860 }, acceptDownloads: true });
      page = await context.newPage();
      ({ url: projectUrl } = await signInForProject(page, baseURL, PROJECT, CLIENT));
      await page.goto(projectUrl);
      await page.getByRole('heading', { name: PROJECT }).waitFor();
    });
    afterAll(async () => {
      await page?.context().close();
    });

    it('asks before Done discards a filled-in new report: keep editing keeps it, discard drops it, save keeps it', async () => {
      await openStats();
      await dialog.getByRole('button', { name: 'New report' }).click();
      await dialog.getByRole('textbox', { name: 'Report name' }).fill(name);
      await dialog.getByRole('button', { name: 'Done', exact: true }).click();
      await question().getByText('Report Options has changes that are not saved. Save them before you leave?').waitFor();
      await shot(page, `reports-unsaved-${width}`);
      await question().getByRole('button', { name: 'Keep editing' }).click();
      await question().waitFor({ state: 'hidden' });
      expect(await dialog.getByRole('textbox', { name: 'Report name' }).inputValue()).toBe(name);

      await dialog.getByRole('button', { name: 'Done', exact: true }).click();
      await question().getByRole('button', { name: 'Discard' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await ours()).toEqual([]);

      await openStats();
      await dialog.getByRole('button', { name: 'New report' }).click();
      await dialog.getByRole('textbox', { name: 'Report name' }).fill(name);
      await dialog.getByRole('button', { name: 'Done', exact: true }).click();
      await question().getByRole('button', { name: 'Save', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(async () => (await ours()).length).toBe(1);
      reportId = (await ours())[0].Id;
    });

    it('refuses to schedule the report while it has no recipients, saying so beside them', async () => {
      await openStats();
      const row = dialog.locator(`[data-testid="report-row"][data-name="${name}"]`);
      await row.getByRole('button', { name: 'Schedule' }).click();
      const recipients = dialog.getByTestId('schedule-recipients');
      await recipients.getByText('Please select at least 1 recipient').waitFor();
      expect(await dialog.getByRole('button', { name: 'Schedule', exact: true }).isDisabled()).toBe(true);
      await shot(page, `reports-schedule-no-recipients-${width}`);
      await dialog.getByRole('button', { name: 'Done', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
    });

    it("tells the bell when the report is ready, and the notice's click downloads it", async () => {
      const { Request } = await apiPost<{ Request: { Guid: string } }>(page, '/api/report/generate', {
        ReportId: reportId,
        DateStart: `${new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10)}T00:00:00`,
        DateEnd: `${new Date().toISOString().slice(0, 10)}T23:59:59`,
      });
      await bell(page).click();
      const notice = page.getByRole('button', { name: new RegExp(`Report "${name}" is ready.*Download the report`) });
      // The notice arrives over the live event stream once the file is made.
      await notice.waitFor({ timeout: 60_000 });
      await shot(page, `notifications-panel-${width}`);
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), notice.click()]);
      expect(page.url()).toBe(`${baseURL}/report/3/${Request.Guid}`);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      await page.getByRole('heading', { name: 'Downloaded' }).waitFor();
    }, 120_000);

    it("clears the count with 'Mark all read', and the panel does not scroll sideways", async () => {
      await page.goto(projectUrl);
      await page.getByRole('heading', { name: PROJECT }).waitFor();
      // One more notice at least, whatever an earlier run marked read: the report's clip listing.
      // Wait for that notice itself before marking all read, or it could land after the click.
      const newestId = async () => Math.max(0, ...(await apiGet<{ Id: number }[]>(page, '/api/notification/get/contact')).map((n) => n.Id));
      const before = await newestId();
      await apiPost(page, '/api/report/listing/generate', {
        ReportId: reportId,
        DateStart: `${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}T00:00:00`,
        DateEnd: `${new Date().toISOString().slice(0, 10)}T23:59:59`,
      });
      await expect.poll(newestId, { timeout: 60_000 }).toBeGreaterThan(before);
      await page.getByRole('button', { name: /^Notifications, \d[\d,]* unread$/ }).waitFor({ timeout: 60_000 });
      await bell(page).click();
      const panel = page.locator('.mantine-Popover-dropdown');
      await panel.getByRole('list', { name: 'Notifications' }).waitFor();
      const overflow = await panel.evaluate((el) => {
        const wide = [el, ...Array.from(el.querySelectorAll('*'))].filter(
          (e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'hidden',
        );
        const box = el.getBoundingClientRect();
        return { wide: wide.length, right: box.right, left: box.left, page: document.documentElement.scrollWidth - window.innerWidth };
      });
      expect(overflow.wide).toBe(0);
      expect(overflow.left).toBeGreaterThanOrEqual(0);
      expect(overflow.right).toBeLessThanOrEqual(width);
      expect(overflow.page).toBeLessThanOrEqual(0);
      // The bell clears at once; wait for the server's answer too, or the reload below would cancel the request.
      await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).pathname === '/api/notification/seen/all' && r.ok()),
        panel.getByRole('button', { name: 'Mark all read' }).click(),
      ]);
      await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
      await shot(page, `notifications-read-${width}`);
      // The server agrees: a reload shows no unread.
      await page.reload();
      await page.getByRole('heading', { name: PROJECT }).waitFor();
      await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
      expect((await apiGet<{ DateSeen: string | null }[]>(page, '/api/notification/get/contact')).filter((n) => !n.DateSeen)).toEqual([]);
    }, 120_000);
  });
}
