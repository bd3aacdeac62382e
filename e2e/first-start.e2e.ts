// A first start as a newcomer meets it: the server answers while it writes the demo corpus, newest
// day first (docs/operations.md, "Health"). A demo user who signs in meanwhile sees "Demo data still
// loading: N of M days" on a desktop and on a phone, with the latest days' figures already on the
// dashboard; once /healthz answers 200 the banner goes and the dashboard reads the whole corpus.
// This journey starts its own server on a fresh data folder (the shared one of global-setup.ts is
// long ready): a small corpus, with a pause after each day so that its loading can be watched.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, launch, login, projectIds } from './browser.ts';
import { startServer, stopServer, waitUntil, type ServerProcess } from './server-process.ts';

const DAYS = 10;
const PROJECT = 'Acme Cola Brand Monitoring';
const LOADING = new RegExp(`^Demo data still loading: (\\d+) of ${DAYS} days\\.`);

interface Health {
  status: string;
  phase?: string;
  demo?: { daysLoaded: number; days: number };
}

let server: ServerProcess | undefined;
let baseURL = '';
let browser: Browser;

const health = (): Promise<Health | null> =>
  fetch(`${baseURL}/healthz`).then(
    (r) => r.json() as Promise<Health>,
    () => null,
  );

beforeAll(async () => {
  browser = await launch();
  server = await startServer('listening-first-start-', () => ({
    DEMO_CLIPS: '4000',
    DEMO_DAYS: String(DAYS),
    // Three seconds a day: the corpus takes at least 27 s, time enough to sign in and open the dashboard.
    DEMO_DAY_PAUSE_MS: '3000',
    LOGIN_RATE_LIMIT: '600',
  }));
  baseURL = server.baseURL;
  // The API answers once the demo tenant is seeded: the corpus's phase.
  const writingCorpus = async () => {
    const h = await health();
    if (h?.status === 'ok') throw new Error('the server was ready before the journey saw its demo corpus load');
    return h?.phase === 'demo';
  };
  await waitUntil(server, writingCorpus, { everyMs: 250, withinMs: 200_000, what: 'the server did not start writing its demo corpus' });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await stopServer(server);
});

/** The dashboard's total of mentions, as shown. */
const shownTotal = async (p: Page) => Number(((await p.getByTestId('mentions-total').getByTestId('mention-count').textContent()) ?? '').replace(/\D/g, ''));

/** The same total as the server counts it for the address's filter. */
async function countedTotal(p: Page, projectId: number): Promise<number> {
  const u = new URL(p.url()).searchParams;
  const q = `projectId=${projectId}&startDate=${u.get('datefrom')}&endDate=${u.get('dateto')}T23:59:59&streamIds=${u.get('streams')}`;
  return (await apiGet<{ StreamId: number; Count: number }[]>(p, `/api/mentions/getall?${q}`)).find((m) => m.StreamId === 0)?.Count ?? 0;
}

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

/** Signs in at one width, opens the demo project's dashboard, and reads its total while the banner says days are missing. */
async function dashboardWhileLoading({ width, height }: { width: number; height: number }) {
  const page = await browser.newPage({ viewport: { width, height } });
  await login(page, baseURL, 'analyst@demo.example');
  await page.waitForURL(/\/clients/);
  const banner = page.getByTestId('demo-loading-banner');
  await banner.waitFor();
  const { clientId, projectId } = await projectIds(page, 'Acme Beverages', PROJECT);
  await page.goto(`${baseURL}/client/${clientId}/project/${projectId}`);
  await page.getByRole('heading', { name: PROJECT }).waitFor();
  // The latest days are in: the dashboard has figures while the older days are written.
  await expect.poll(() => shownTotal(page), { timeout: 30_000 }).toBeGreaterThan(0);
  const loadingTotal = await shownTotal(page);
  // The figure was read while days were still missing, and the banner says so.
  expect((await health())?.demo?.daysLoaded).toBeLessThan(DAYS);
  await banner.waitFor();
  const text = (await banner.textContent()) ?? '';
  expect(text).toMatch(LOADING);
  expect(Number(LOADING.exec(text)![1])).toBeLessThan(DAYS);
  // The top of the screen, where the banner is, as the user first sees it.
  await page.screenshot({ path: `.e2e-artifacts/first-start-loading-${width}.png` });
  return { width, page, projectId, loadingTotal };
}

describe('a first start, signed in while the demo corpus is written', () => {
  let pages: Awaited<ReturnType<typeof dashboardWhileLoading>>[] = [];

  it('says "Demo data still loading: N of M days" over the dashboard at 1280 and 390 px, with the latest days in', async () => {
    // Both widths at once: the corpus does not wait for the journey.
    pages = await Promise.all(WIDTHS.map(dashboardWhileLoading));
    // About 30 s; more on a machine busy with other work.
  }, 90_000);

  it("drops the banner once /healthz answers 200, and the dashboard's figures are the whole corpus's", async () => {
    expect(pages).toHaveLength(WIDTHS.length);
    await expect.poll(async () => (await health())?.status, { timeout: 40_000, interval: 500, message: '/healthz answers 200' }).toBe('ok');
    for (const { width, page, projectId, loadingTotal } of pages) {
      // The banner asks every 5 s.
      await page.getByTestId('demo-loading-banner').waitFor({ state: 'hidden', timeout: 15_000 });
      const whole = await countedTotal(page, projectId);
      expect(whole).toBeGreaterThan(loadingTotal);
      // Read again without a reload: the screens' data is read anew once the server is ready.
      await expect.poll(() => shownTotal(page), { timeout: 15_000 }).toBe(whole);
      await page.screenshot({ path: `.e2e-artifacts/first-start-ready-${width}.png` });
      await page.close();
    }
  });
});
