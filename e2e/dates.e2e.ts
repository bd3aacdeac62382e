// One clock and one format: in a browser whose own zone is far from the client's (Los Angeles,
// ten hours behind Johannesburg), each screen shows its times on the client's clock in the one
// format ('27 Nov 2026, 00:06'), with the zone said once ('Times in Africa/Johannesburg'): an
// invitation's "Sent" on Contact Management and its row in the admin's audit log, a post's time
// on Post Listing, a word list's start on Word Lists, a report's "Created" and its request's
// "requested" in the report dialog. At a desktop's width and a phone's.
import { DEFAULT_TIME_ZONE } from '@listening/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiGet, clientDay, login, projectWithPosts, shot, useBrowser } from './browser.ts';

const baseURL = process.env.E2E_BASE_URL ?? inject('baseURL');
const CLIENT = 'Acme Beverages';
const PROJECT = 'Acme Cola Brand Monitoring';
// The demo clients' zone; the browser's is another, so a time on the browser's clock shows.
const ZONE = DEFAULT_TIME_ZONE;
const BROWSER_ZONE = 'America/Los_Angeles';
const RUN = Date.now().toString(36);
const EMAIL = `dates-${RUN}@example.test`;
const REPORT = `Dates check ${RUN}`;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const text = (y: string, m: string, d: string, hh: string, mm: string) => `${Number(d)} ${MONTHS[Number(m) - 1]} ${y}, ${hh}:${mm}`;
/** An instant as the app should show it: on the client's clock, 'D MMM YYYY, HH:mm'. */
function onClientClock(iso: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((x) => [x.type, x.value]),
  );
  return text(p.year, p.month, p.day, p.hour, p.minute);
}
/** A wall-clock value the API sends already on the client's clock ('2026-11-27T00:06:00'). */
const wall = (value: string) => text(value.slice(0, 4), value.slice(5, 7), value.slice(8, 10), value.slice(11, 13), value.slice(14, 16));

async function apiPost<T>(p: Page, path: string, body?: unknown): Promise<T> {
  return p.evaluate(
    async ([url, b]) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${localStorage.getItem('access_token')}`, ...(b === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return res.json();
    },
    [path, body] as const,
  );
}

const browser = useBrowser();
let clientId = 0;
let projectId = 0;
let invitation: { Id: number; SentAt: string };
let report: { Id: number; DateCreated: string };

const newPage = async (width: number) => (await browser.newContext({ viewport: { width, height: 900 }, timezoneId: BROWSER_ZONE })).newPage();

/** The one zone label of the screen. */
async function labelledOnce(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId('time-zone-note').count()).toBe(1);
  expect(await page.getByTestId('time-zone-note').textContent()).toBe(`Times in ${ZONE.replace(/_/g, ' ')}`);
  // No time beside it names a zone of its own.
  expect(await page.locator('body').textContent()).not.toMatch(/\d{2}:\d{2} (GMT|UTC|PST|PDT|SAST)/);
}

it('an analyst invites a contact and requests a report: the moments the screens below show', async () => {
  const page = await newPage(1280);
  await login(page, baseURL, 'analyst@demo.example');
  await page.waitForURL(/\/clients/, { timeout: 90_000 });
  ({ clientId, projectId } = await projectWithPosts(page, CLIENT, PROJECT, 20));
  const q = new URLSearchParams({ clientId: String(clientId), Name: 'Dora', Surname: 'Dates', Email: EMAIL, Phone: '0825550199' });
  await apiPost(page, `/crm/api/contact?${q}`);
  const manage = await apiGet<{ Invitations: { Id: number; Email: string; SentAt: string }[] }>(page, `/crm/api/contact/manage?clientId=${clientId}`);
  invitation = manage.Invitations.find((i) => i.Email === EMAIL)!;
  report = await apiPost(page, '/api/report/create', { ProjectId: projectId, Name: REPORT, Kind: 'stats', LayoutId: 1, TemplateIds: [1] });
  await apiPost(page, '/api/report/generate', { ReportId: report.Id, DateStart: `${clientDay(-6)}T00:00:00`, DateEnd: `${clientDay()}T23:59:59` });
  expect(invitation).toBeDefined();
  await page.context().close();
}, 240_000);

describe.each([1280, 390])('one clock and one format at %i px', (width) => {
  let page: Page;
  const projectUrl = () => `${baseURL}/client/${clientId}/project/${projectId}`;

  beforeAll(async () => {
    page = await newPage(width);
    await login(page, baseURL, 'analyst@demo.example');
    await page.waitForURL(/\/clients/, { timeout: 90_000 });
  }, 120_000);
  afterAll(async () => {
    await page?.context().close();
  });

  it("shows an invitation's Sent time on the client's clock", async () => {
    await page.goto(`${baseURL}/client/${clientId}/contact-management`);
    await page.getByRole('heading', { name: 'Contact Management' }).waitFor();
    const row = page.getByRole('region', { name: 'Invitations not yet accepted' }).getByRole('row').filter({ hasText: EMAIL });
    await row.waitFor();
    expect(await row.textContent()).toContain(`Sent ${onClientClock(invitation.SentAt)}`);
    await labelledOnce(page);
    await shot(page, `dates-contacts-${width}`);
  });

  it("shows a post's time on the client's clock, in the same format", async () => {
    await page.goto(`${projectUrl()}/post-listing`);
    await page.getByRole('heading', { name: 'Post Listing' }).waitFor();
    const time = page.getByTestId('post-time').first().locator('time');
    await time.waitFor();
    expect(await time.textContent()).toBe(onClientClock((await time.getAttribute('datetime'))!));
    await labelledOnce(page);
    await shot(page, `dates-posts-${width}`);
  });

  it("shows a word list's start on the client's clock", async () => {
    const bins = await apiGet<{ Description: string; StartDate: string }[]>(page, `/api/wordbins/getall?clientId=${clientId}&projectId=${projectId}`);
    const bin = bins.find((b) => b.Description === 'Pricing complaints')!;
    await page.goto(`${projectUrl()}/reaction-lists`);
    // A table row at a desktop's width, a card on a phone.
    const row = page.locator('[data-testid="word-bin-row"]:visible, [data-testid="word-bin-card"]:visible').filter({ hasText: 'Pricing complaints' });
    await row.waitFor();
    expect(await row.textContent()).toContain(onClientClock(bin.StartDate));
    await labelledOnce(page);
    await shot(page, `dates-word-lists-${width}`);
  });

  it("shows a report's Created and its request's requested time on the one clock", async () => {
    await page.goto(projectUrl());
    await page.getByRole('heading', { name: PROJECT }).waitFor();
    await page.getByRole('button', { name: 'Project menu' }).click();
    await page.getByRole('button', { name: 'Stats Analysis', exact: true }).click();
    const dialog = page.getByRole('dialog');
    const saved = dialog.locator(`[data-testid="report-row"][data-name="${REPORT}"]`);
    await saved.waitFor();
    expect(await saved.textContent()).toContain(`Created ${onClientClock(report.DateCreated)}`);
    const log = await apiGet<{ ReportName: string; DateRequested: string }[]>(page, '/api/report/log/all');
    const request = log.find((r) => r.ReportName === REPORT)!;
    await dialog.getByRole('button', { name: 'Request Log', exact: true }).click();
    const requested = dialog.locator(`[data-testid="request-row"][data-name="${REPORT}"]`).first();
    await requested.waitFor();
    expect(await requested.textContent()).toContain(`requested ${wall(request.DateRequested)}`);
    // Made a moment apart, on one clock: the same hour (not "created 22:06, requested 00:06").
    expect(onClientClock(report.DateCreated).slice(0, -3)).toBe(wall(request.DateRequested).slice(0, -3));
    await labelledOnce(page);
    await shot(page, `dates-report-${width}`);
  });

  it("shows the invitation's audit row to an admin on the same clock", async () => {
    const admin = await newPage(width);
    await login(admin, baseURL, 'admin@demo.example');
    await admin.waitForURL(/\/clients/, { timeout: 90_000 });
    const entries = await apiGet<{ Entries: { Target: string; DateCreated: string }[] }>(admin, '/api/admin/audit');
    const entry = entries.Entries.find((e) => e.Target === `invitation:${invitation.Id}`)!;
    await admin.goto(`${baseURL}/admin/audit`);
    const row = admin.getByRole('row').filter({ hasText: `invitation:${invitation.Id}` });
    await row.waitFor();
    expect(await row.getByRole('cell').first().textContent()).toBe(onClientClock(entry.DateCreated));
    await labelledOnce(admin);
    await shot(admin, `dates-audit-${width}`);
    await admin.context().close();
  });
});
