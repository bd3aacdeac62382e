// The dashboard on a phone and from the keyboard, and live: at
// 390 px the Filter fits the screen with Cancel and Apply in reach, keeps focus inside and closes
// with Escape; a side-menu dialog and the clip tray close with Escape; a heatmap cell is reached
// and opened with the keyboard; the insights chart is titled by its bucket. Then an open dashboard
// whose range holds now takes in a post that arrives (added by hand to an input bin) without a
// reload, a skeleton or a jump.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '@listening/contract';
import { apiGet, shot, signInForProject, useBrowser } from './browser.ts';

const baseURL = process.env.E2E_BASE_URL ?? inject('baseURL');
const PROJECT = 'Acme Cola Brand Monitoring';
const PHONE = { width: 390, height: 844 };

const browser = useBrowser();

/** Logs in and opens the project's dashboard (address `search` added), once its figures are there. */
async function openDashboard(page: Page, base: string, search = ''): Promise<void> {
  const { clientId, projectId } = await signInForProject(page, base, PROJECT);
  await page.goto(`${base}/client/${clientId}/project/${projectId}${search}`);
  await page.getByRole('heading', { name: PROJECT }).waitFor();
  await expect.poll(() => page.getByTestId('mentions-total').getByTestId('mention-count').textContent(), { timeout: 60_000 }).toMatch(/\d/);
}

/** True when the element lies wholly inside the viewport. */
async function inViewport(page: Page, name: string): Promise<boolean> {
  const box = await page.getByTestId('filter-menu').getByRole('button', { name, exact: true }).boundingBox();
  const vp = page.viewportSize()!;
  return !!box && box.x >= 0 && box.y >= 0 && box.x + box.width <= vp.width && box.y + box.height <= vp.height;
}

/** Whether keyboard focus is inside the open dialog named `name`. */
const focusInside = (page: Page, name: string) =>
  page.evaluate((n) => {
    const dialog = Array.from(document.querySelectorAll('[role="dialog"]')).find((d) => d.getAttribute('aria-label') === n || d.textContent?.startsWith(n));
    return !!dialog && dialog.contains(document.activeElement);
  }, name);

describe('the dashboard on a phone and from the keyboard', () => {
  let page: Page;

  it('opens the Filter as a full-screen dialog at 390 px with Cancel and Apply in view, and applies a quick date', async () => {
    // A reader twelve hours behind the demo client (Johannesburg): the quick dates count the
    // client's days, so 'Last 7 Days' still ends on the client's today, with its partial day to
    // hatch (counted on the browser's clock it ended on the client's yesterday half of each day).
    page = await browser.newPage({ viewport: PHONE, timezoneId: 'Pacific/Honolulu' });
    await openDashboard(page, baseURL);
    const before = new URL(page.url()).searchParams.get('datefrom');
    await page.getByRole('button', { name: 'Filter' }).click();
    const menu = page.getByTestId('filter-menu');
    await menu.waitFor();
    expect(await inViewport(page, 'Apply')).toBe(true);
    expect(await inViewport(page, 'Cancel')).toBe(true);
    const dialog = await page.getByRole('dialog', { name: 'Filter' }).boundingBox();
    expect(dialog!.width).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'live-filter-phone');
    await menu.getByRole('button', { name: 'Last 7 Days' }).click();
    // Apply stays in reach after choosing (it is pinned to the bottom of the dialog).
    expect(await inViewport(page, 'Apply')).toBe(true);
    await menu.getByRole('button', { name: 'Apply', exact: true }).click();
    await menu.waitFor({ state: 'hidden' });
    await expect.poll(() => new URL(page.url()).searchParams.get('datefrom')).not.toBe(before);
  }, 240_000);

  it('keeps focus inside the Filter while tabbing, and closes it with Escape without applying', async () => {
    const url = page.url();
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByTestId('filter-menu').waitFor();
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInside(page, 'Filter'), `focus after ${i + 1} tabs`).toBe(true);
    }
    await page.getByTestId('filter-menu').getByRole('button', { name: 'Last 30 Days' }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('filter-menu').waitFor({ state: 'hidden' });
    expect(page.url()).toBe(url);
    // Cancel also closes it, and also applies nothing.
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByTestId('filter-menu').getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('filter-menu').waitFor({ state: 'hidden' });
    expect(page.url()).toBe(url);
  });

  it("closes a side-menu item's dialog with Escape", async () => {
    await page.getByRole('button', { name: 'Project menu' }).click();
    await page.getByRole('button', { name: 'Narrative Analysis' }).click();
    const dialog = page.getByRole('dialog', { name: 'Narrative Analysis' });
    await dialog.waitFor();
    await expect.poll(() => focusInside(page, 'Narrative Analysis')).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('stacks the top authors table on a phone: the figures sit under the name, no columns', async () => {
    const card = page.getByTestId('top-authors');
    await card.scrollIntoViewIfNeeded();
    await card.getByTestId('author-figures').first().waitFor();
    expect(await card.getByTestId('author-figures').first().textContent()).toMatch(/followers( on \d+ networks)? · \d+ posts?/);
    expect(await card.getByRole('columnheader', { name: /^Followers/ }).isVisible()).toBe(false);
    const box = (await card.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  });

  it("fits the heatmap's 24 hours in its card, and opens a cell from the keyboard; Escape closes the tray", async () => {
    const card = page.getByTestId('hourly-heatmap');
    await card.scrollIntoViewIfNeeded();
    const cardBox = (await card.boundingBox())!;
    expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(PHONE.width);
    const chart = card.getByRole('application', { name: /Hourly mentions heatmap/ });
    const chartBox = (await chart.boundingBox())!;
    expect(chartBox.x + chartBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    await chart.focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => card.getByText(/, 02:00: [\d,]+ mentions$/).count()).toBe(1);
    await page.keyboard.press('Enter');
    const tray = page.getByRole('dialog', { name: 'Posts' });
    await tray.waitFor();
    await shot(page, 'live-tray-from-keyboard');
    await page.keyboard.press('Escape');
    await tray.waitFor({ state: 'hidden' });
  });

  it('titles the insights chart by its bucket and says when bars are partial', async () => {
    // The last 7 days, applied above: a bar per day, today so far.
    const card = page.getByTestId('daily-insights');
    await card.getByRole('heading', { name: 'Daily insights' }).waitFor();
    await card.getByText('hatched: a partial day').waitFor();
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByTestId('filter-menu').getByRole('button', { name: 'Last 30 Days' }).click();
    await page.getByTestId('filter-menu').getByRole('button', { name: 'Apply', exact: true }).click();
    await card.getByRole('heading', { name: 'Weekly insights' }).waitFor();
    await page.close();
  });
});

// ---- live -----------------------------------------------------------------------------------

describe('a live dashboard', () => {
  it('takes in a post that arrives while it is open, without a reload, a skeleton or a jump', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // A week up to tomorrow (server dates): the range holds now in the client's zone at any hour.
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    await openDashboard(page, baseURL, `?datefrom=${day(Date.now() - 6 * 86_400_000)}&dateto=${day(Date.now() + 86_400_000)}&streams=7,8,9`);
    await page.getByTestId('live-status').waitFor();
    const total = page.getByTestId('mentions-total').getByTestId('mention-count');
    const count = async () => Number((await total.textContent())!.replace(/\D/g, ''));
    const before = await count();
    const insights = page.getByTestId('daily-insights');
    const top = (await insights.boundingBox())!.y;
    // Marks this document and counts skeletons from now on: a reload would lose the mark.
    await page.evaluate(() => {
      const w = window as unknown as { liveMark: boolean; skeletons: number };
      w.liveMark = true;
      w.skeletons = 0;
      new MutationObserver(() => {
        if (document.querySelector('.mantine-Skeleton-root')) w.skeletons++;
      }).observe(document.body, { subtree: true, childList: true });
    });

    // A post arrives: added by hand to the project's input bin (the e2e product runs without the
    // simulator), dated a minute ago on the client's clock.
    const projectId = Number(/\/project\/(\d+)/.exec(page.url())![1]);
    const url = new URL(page.url());
    const q = `projectId=${projectId}&startDate=${url.searchParams.get('datefrom')}&endDate=${url.searchParams.get('dateto')}T23:59:59&streamIds=7,8,9`;
    const inputBins = await apiGet<{ Id: number; Name: string }[]>(page, `/api/subfolder/getall/bintype?binTypeId=6&${q}`);
    const binId = inputBins.find((b) => b.Name === 'Manual uploads')!.Id;
    const added = await page.evaluate(
      async ([bin, zone]) => {
        const parts = new Intl.DateTimeFormat('sv-SE', { timeZone: zone, dateStyle: 'short', timeStyle: 'short' }).format(new Date(Date.now() - 60_000));
        const res = await fetch('/api/subfolder/post/add', {
          method: 'POST',
          headers: { Authorization: `Bearer ${localStorage.getItem('access_token')}`, 'content-type': 'application/json' },
          body: JSON.stringify({ binId: bin, streamId: 7, author: 'Live Tester', text: `Acme cola live check ${Date.now()}`, datePosted: parts }),
        });
        return { status: res.status, body: await res.text() };
      },
      [binId, DEFAULT_TIME_ZONE] as const,
    );
    expect(added.status, added.body).toBe(200);

    await expect.poll(count, { timeout: 45_000, interval: 1_000, message: 'the total takes in the new post' }).toBe(before + 1);
    await page
      .getByTestId('live-status')
      .getByText(/updated \d{2}:\d{2}:\d{2}/)
      .waitFor();
    expect(await page.evaluate(() => (window as unknown as { liveMark?: boolean }).liveMark)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { skeletons: number }).skeletons)).toBe(0);
    expect((await insights.boundingBox())!.y).toBe(top);
    await shot(page, 'live-dashboard-updated');
    await page.close();
  }, 120_000);
});
