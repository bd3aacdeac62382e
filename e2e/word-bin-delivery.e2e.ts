// Word-bin delivery end to end: the analyst makes a reaction
// list (Immediate) with themselves as recipient, a post that matches it arrives (added by hand to
// the project's input bin, as ingestion files it), and with the page left open: the digest is
// queued in the mail outbox (the e2e product has no SMTP server), the list's log row appears, and
// the bell's count rises without a reload (server-sent events). Then an admin reads Admin › Jobs.
import type { Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '@listening/contract';
import { apiGet, login, shot, signInForProject, useBrowser } from './browser.ts';

const baseURL = process.env.E2E_BASE_URL ?? inject('baseURL');
const PROJECT = 'Acme Cola Brand Monitoring';
const SHOTS = process.env.SHOTS_DIR;

const browser = useBrowser();
/** A screenshot in .e2e-artifacts/ and, when SHOTS_DIR is set, there too. */
async function snap(page: Page, name: string) {
  await shot(page, name);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/${name}.png` });
  }
}

async function apiSend<T>(page: Page, method: string, path: string, body: unknown): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(p, {
        method: m,
        headers: { Authorization: `Bearer ${localStorage.getItem('access_token')}`, 'content-type': 'application/json' },
        body: JSON.stringify(b),
      });
      return { status: res.status, json: await res.json() };
    },
    [method, path, body] as const,
  );
}

/** The unread count the bell announces (its aria-label). */
const bellCount = (page: Page) =>
  page
    .getByRole('button', { name: /^Notifications/ })
    .getAttribute('aria-label')
    .then((l) => Number(/(\d+) unread/.exec(l ?? '')?.[1] ?? 0));

describe('a reaction list delivers a matching post', () => {
  it('queues the digest, logs the window and moves the bell without a reload', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const { clientId, projectId } = await signInForProject(page, baseURL, PROJECT);
    const contacts = await apiGet<{ Id: number; Email: string }[]>(page, `/api/wordbins/contacts?clientId=${clientId}`);
    const me = contacts.find((c) => c.Email === 'analyst@demo.example')!;

    const word = `zebrafizz${Date.now() % 100000}`;
    const now = Date.now();
    const created = await apiSend<{ Id: number }>(page, 'POST', '/api/wordbins/save', {
      Description: `Delivery check ${word}`,
      ProjectId: projectId,
      WordBinTypeId: 1,
      NotificationInterval: 0,
      Keywords: [{ Value: word, OperatorId: 2 }],
      Recipients: [{ ContactId: me.Id, WordBinRecipientTypeId: 1 }],
      StartDate: new Date(now - 60_000).toISOString(),
      StopDate: new Date(now + 30 * 86_400_000).toISOString(),
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const wordBinId = created.json.Id;

    // The page stays open from here: no reload until the end.
    await page.goto(`${baseURL}/client/${clientId}/project/${projectId}`);
    await page.getByRole('heading', { name: PROJECT }).waitFor();
    await page.evaluate(() => ((window as unknown as { liveMark: boolean }).liveMark = true));
    await expect.poll(() => page.getByRole('button', { name: /^Notifications/ }).count()).toBe(1);
    const before = await bellCount(page);

    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const q = `projectId=${projectId}&startDate=${day(now - 7 * 86_400_000)}&endDate=${day(now + 86_400_000)}&streamIds=7,8,9`;
    const inputBins = await apiGet<{ Id: number; Name: string }[]>(page, `/api/subfolder/getall/bintype?binTypeId=6&${q}`);
    const binId = inputBins.find((b) => b.Name === 'Manual uploads')!.Id;
    const datePosted = new Intl.DateTimeFormat('sv-SE', { timeZone: DEFAULT_TIME_ZONE, dateStyle: 'short', timeStyle: 'short' }).format(
      new Date(Date.now() - 60_000),
    );
    const added = await apiSend(page, 'POST', '/api/subfolder/post/add', {
      binId,
      streamId: 7,
      author: 'Delivery Tester',
      text: `Acme cola ${word} delivery check`,
      datePosted,
    });
    expect(added.status, JSON.stringify(added.json)).toBe(200);

    // Immediate: the digest job looks every 20 s and leaves the newest 15 s to settle.
    // (The demo's own lists may deliver their windows meanwhile too: the count rises by at least one.)
    await expect.poll(() => bellCount(page), { timeout: 90_000, interval: 1000, message: 'the bell counts the new notification' }).toBeGreaterThan(before);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByText(`Reaction list "Delivery check ${word}" matched 1 new post.`).waitFor({ timeout: 90_000 });
    expect(await page.evaluate(() => (window as unknown as { liveMark?: boolean }).liveMark)).toBe(true);
    const logs = await apiGet<{ Id: number; ClipCount: number }[]>(page, `/api/wordbins/logs?id=${wordBinId}`);
    expect(logs).toEqual([expect.objectContaining({ ClipCount: 1 })]);
    await snap(page, 'delivery-bell-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'delivery-bell-390');

    // The digest, as an admin reads it in the outbox; then the jobs that sent it.
    const admin = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await login(admin, baseURL, 'admin@demo.example');
    await admin.waitForURL((u) => !u.pathname.startsWith('/login'));
    const outbox = await apiGet<{ To: string; Subject: string; Text: string }[]>(admin, '/api/admin/outbox');
    const mail = outbox.find((m) => m.Subject === `Reaction list "Delivery check ${word}": 1 new mention`);
    expect(mail?.To).toBe('analyst@demo.example');
    expect(mail?.Text).toContain('Delivery Tester on X');
    expect(mail?.Text).toMatch(/\/unsubscribe#token=/);
    await admin.goto(`${baseURL}/admin/jobs`);
    await admin.getByRole('heading', { name: 'Jobs' }).waitFor();
    await admin.getByText('word-bin-digest', { exact: true }).first().waitFor();
    await snap(admin, 'jobs-1280');
    await admin.setViewportSize({ width: 390, height: 844 });
    await snap(admin, 'jobs-390');
  }, 240_000);
});
