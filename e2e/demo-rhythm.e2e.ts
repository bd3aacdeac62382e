// The demo does not look like a crisis: over the last week the dashboard's heatmap
// has no thin day (yesterday and today included, in the client's time zone), today's row is
// filled up to the current hour, and no hour dwarfs the rest of the grid. Run against the fresh
// product of global-setup (the corpus alone), or with E2E_BASE_URL against a running demo to
// see the simulator's hours too.
import { describe, expect, inject, it } from 'vitest';
import { apiGet, shot, signInForProject, useBrowser } from './browser.ts';

const baseURL = process.env.E2E_BASE_URL ?? inject('baseURL');
const PROJECT = 'Acme Cola Brand Monitoring';
const ZONE = 'Africa/Johannesburg'; // the demo clients' time zone

const browser = useBrowser();

const localDay = (t: number) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(t);
const localHour = (t: number) => Number(new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: 'numeric', hourCycle: 'h23' }).format(t)) % 24;

describe('the demo over the last week', () => {
  for (const width of [1280, 390])
    it(`shows a heatmap with every day filled and no crisis-sized hour (${width} px)`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const { clientId, projectId: id } = await signInForProject(page, baseURL, PROJECT);
      const from = localDay(Date.now() - 7 * 86_400_000);
      const to = localDay(Date.now());
      const q = `projectId=${id}&startDate=${from}T00:00:00&endDate=${to}T23:59:59&streamIds=7,8,9`;
      type Heat = { Data: { Date: string; Hour: number; Count: number }[] };
      // The demo corpus is written after the server listens: wait until today has posts.
      await expect
        .poll(async () => (await apiGet<Heat>(page, `/api/heatmap/getall?${q}`)).Data.filter((c) => c.Date === to).reduce((s, c) => s + c.Count, 0), {
          timeout: 200_000,
          interval: 2_000,
          message: 'the demo corpus has reached today',
        })
        .toBeGreaterThan(0);

      await page.goto(`${baseURL}/client/${clientId}/project/${id}?datefrom=${from}&dateto=${to}&streams=7,8,9`);
      const heatmap = page.getByTestId('hourly-heatmap');
      await heatmap.locator('canvas').first().waitFor();
      await heatmap.scrollIntoViewIfNeeded();
      await page.waitForTimeout(500); // the chart's entry animation
      await shot(page, `demo-rhythm-${width}`);
      await heatmap.screenshot({ path: `.e2e-artifacts/demo-rhythm-heatmap-${width}.png` });

      const heat = await apiGet<Heat>(page, `/api/heatmap/getall?${q}`);
      const perDay = new Map<string, number>();
      for (const c of heat.Data) perDay.set(c.Date, (perDay.get(c.Date) ?? 0) + c.Count);
      const fullDays = [...perDay.keys()].filter((d) => d !== to && d !== from).sort();
      expect(fullDays.length).toBe(6);
      const counts = fullDays.map((d) => perDay.get(d)!);
      const typical = [...counts].sort((a, b) => a - b)[3];
      // Yesterday included: no day under half the typical one.
      for (const d of fullDays) expect(perDay.get(d)!, `${d} against a typical ${typical}`).toBeGreaterThan(typical / 2);
      // Today: posts in most of the hours gone by (the small hours may be empty).
      const hoursGone = localHour(Date.now());
      const todayHours = heat.Data.filter((c) => c.Date === to && c.Hour < hoursGone && c.Count > 0).length;
      expect(todayHours, `today has posts in ${todayHours} of ${hoursGone} hours`).toBeGreaterThanOrEqual(Math.floor(hoursGone / 3));
      // No hour dwarfs the grid: today's busiest hour is at most a burst (4x) above the week's typical busy hour.
      const busy = heat.Data.filter((c) => c.Date !== to && c.Count > 0)
        .map((c) => c.Count)
        .sort((a, b) => a - b);
      const p90 = busy[Math.floor(busy.length * 0.9)];
      const todayMax = Math.max(...heat.Data.filter((c) => c.Date === to).map((c) => c.Count));
      expect(todayMax, `today's busiest hour ${todayMax} against the week's 90th percentile ${p90}`).toBeLessThanOrEqual(4 * p90 + 2);
      await page.close();
    }, 300_000);
});
