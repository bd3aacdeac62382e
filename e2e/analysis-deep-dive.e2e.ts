// Deep Dive, Tree View and the World Map as a user meets them: the deep dive's
// breakdown of hashtags, the Compare modal's rule and its comparison, an item's posts in the clip
// tray, the rail and period kept in the address (reload, back), a bin with nothing on the rail
// ('No data found for deep-dive'), the Filter's range and streams counted in weeks from Monday;
// the tree view's folders, a folder's posts and a subfolder opening the dashboard scoped to it
// with the range and streams; the world map's countries, one of them and a place's bubble
// opening their posts. Waits are for what the user waits for.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MESSAGES, type DeepDive } from '@listening/contract';
import { apiGet, clientDay, demoCorpusWritten, launch, shot, signInForProject } from './browser.ts';

const baseURL = process.env.E2E_BASE_URL ?? inject('baseURL');

let browser: Browser;
let page: Page;
let base = '';
let ids: { clientId: number; projectId: number; manualUploads: number; productMentions: number; pricing: number };

beforeAll(async () => {
  browser = await launch();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const { clientId, projectId } = await signInForProject(page, baseURL, 'Acme Cola Brand Monitoring');
  const bins = await apiGet<{ Id: number; Name: string; ForeignId: number }[]>(page, `/api/subfolder/getall?clientId=${clientId}`);
  const bin = (name: string) => bins.find((b) => b.ForeignId === projectId && b.Name === name)!.Id;
  // An input bin of its own, so that its emptiness does not depend on the journeys that ran before
  // (they file posts into the demo's 'Manual uploads').
  const empty = await page.evaluate(async (projectId) => {
    const res = await fetch('/api/subfolder/create', {
      method: 'POST',
      headers: { Authorization: `Bearer ${localStorage.getItem('access_token')}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ projectId, name: `Empty uploads ${Date.now()}`, binTypeId: 6 }),
    });
    return ((await res.json()) as { Id: number }).Id;
  }, projectId);
  ids = { clientId, projectId, manualUploads: empty, productMentions: bin('Product mentions'), pricing: bin('Pricing') };
  base = `${baseURL}/client/${clientId}/project/${projectId}`;
}, 240_000);
afterAll(async () => {
  await browser?.close();
});

describe('Deep Dive', () => {
  it('waits for the demo corpus, with the places of its posts', async () => {
    // The demo corpus is written after the server listens: wait until the project has posts located.
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const q = `projectId=${ids.projectId}&startDate=${day(new Date(Date.now() - 29 * 86_400_000))}&endDate=${day(new Date())}T23:59:59&streamIds=7,8,9`;
    await expect
      .poll(async () => (await apiGet<{ Located?: { Value: number } }>(page, `/api/worldmap/countries?${q}`)).Located?.Value ?? 0, {
        timeout: 200_000,
        interval: 2_000,
        message: 'the demo corpus has located posts for the project',
      })
      .toBeGreaterThan(20);
  }, 240_000);

  it("breaks the hashtags of the Filter's range down, with the change against the period before", async () => {
    await page.goto(`${base}/deep-dive`);
    await page.getByRole('heading', { name: 'Deep Dive' }).waitFor();
    const rows = page.getByTestId('deep-dive-breakdown-table').locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(1);
    expect(await rows.first().textContent()).toMatch(/^#/);
    expect(await page.getByTestId('deep-dive-period').inputValue()).toBe('Weekly');
    expect(await page.getByTestId('deep-dive-totals-posts-value').textContent()).toMatch(/^\d[\d,]*$/);
    await shot(page, 'deep-dive-1280');
  });

  it('asks for at least one item to compare, then compares the chosen ones', async () => {
    await page.getByTestId('deep-dive-compare').click();
    const modal = page.getByTestId('deep-dive-compare-modal');
    await modal.waitFor();
    // Nothing is chosen before the first comparison.
    await page.getByTestId('deep-dive-compare-confirm').click();
    await modal.getByRole('alert').filter({ hasText: MESSAGES.compareAtLeastOne }).waitFor();
    const boxes = modal.getByRole('checkbox');
    const picked = [(await modal.locator('label').nth(0).textContent())!, (await modal.locator('label').nth(1).textContent())!];
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await page.getByTestId('deep-dive-compare-confirm').click();
    await modal.waitFor({ state: 'detached' });
    const rows = page.getByTestId('deep-dive-breakdown-table').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    expect((await rows.allTextContents()).map((t) => t.split(/\d/)[0]).sort()).toEqual(picked.sort());
    await page.getByRole('button', { name: 'Compare (2)' }).waitFor();
  });

  it("opens an item's posts in the clip tray", async () => {
    const first = page.getByTestId('deep-dive-breakdown-table').locator('tbody tr').first().getByRole('button');
    const item = (await first.textContent())!;
    await first.click();
    await page.getByTestId('tray-scope').filter({ hasText: item }).waitFor();
    await expect.poll(() => page.getByTestId('clip').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect((await page.getByTestId('clip').first().textContent())!.toLowerCase()).toContain(item.toLowerCase().replace(/^#/, ''));
    await page.keyboard.press('Escape');
  });

  it('keeps the rail and period in the address: a reload shows the same view, back the one before', async () => {
    await page.goto(`${base}/deep-dive`);
    await page.getByRole('heading', { name: 'Deep Dive' }).waitFor();
    const rail = (name: string) => page.getByTestId('deep-dive-rail').getByRole('radio', { name });
    await page.getByTestId('deep-dive-rail').getByText('Handles').click();
    await page.waitForURL((u) => u.searchParams.get('rail') === 'handle');
    await page.getByTestId('deep-dive-period').click();
    await page.getByRole('option', { name: 'Daily' }).click();
    await page.waitForURL((u) => u.searchParams.get('period') === 'daily' && u.searchParams.get('rail') === 'handle');
    await page.reload();
    await page.getByRole('heading', { name: 'Deep Dive' }).waitFor();
    await expect.poll(() => page.getByTestId('deep-dive-period').inputValue()).toBe('Daily');
    expect(await rail('Handles').isChecked()).toBe(true);
    // Back: the handles of the weekly period, then the default view (hashtags, weekly).
    await page.goBack();
    await page.waitForURL((u) => u.searchParams.get('period') === null && u.searchParams.get('rail') === 'handle');
    await expect.poll(() => page.getByTestId('deep-dive-period').inputValue()).toBe('Weekly');
    await page.goBack();
    await page.waitForURL((u) => u.searchParams.get('rail') === null);
    await expect.poll(() => rail('Hashtags').isChecked()).toBe(true);
    // An address naming no known rail or period shows the defaults.
    await page.goto(`${base}/deep-dive?rail=emoji&period=monthly`);
    await expect.poll(() => page.getByTestId('deep-dive-period').inputValue()).toBe('Weekly');
    expect(await rail('Hashtags').isChecked()).toBe(true);
  });

  it("says 'No data found for deep-dive' for a bin with nothing on the rail", async () => {
    await page.goto(`${base}/deep-dive?bin=${ids.manualUploads}`);
    await page.getByTestId('deep-dive-no-data').filter({ hasText: MESSAGES.deepDiveNoData }).waitFor();
  });

  it("counts the Filter's range and streams, in weeks from Monday, as the clip tray lists them (1280 and 390 px)", async () => {
    await demoCorpusWritten(page, ids.projectId);
    // A range of its own, well before today and from a Wednesday: weeks from Monday cut its first one.
    let back = 40;
    while (new Date(`${clientDay(-back)}T00:00:00Z`).getUTCDay() !== 3) back++;
    const [from, to] = [clientDay(-back), clientDay(-back + 24)];
    for (const [width, height] of [
      [1280, 900],
      [390, 844],
    ]) {
      await page.setViewportSize({ width, height });
      const answer = page.waitForResponse((r) => r.url().includes('/api/deepdive/ownedcontent') && r.status() === 200);
      await page.goto(`${base}/deep-dive?datefrom=${from}&dateto=${to}&streams=7,8`);
      const asked = new URL((await answer).url()).searchParams;
      expect([asked.get('startDate'), asked.get('endDate'), asked.get('streamIds')]).toEqual([`${from}T00:00:00`, `${to}T23:59:59`, '7,8']);
      const dive = (await (await answer).json()) as DeepDive;
      expect(dive.Bucket).toBe('week');
      expect(dive.Series.map((b) => new Date(`${b.Date}Z`).getUTCDay())).toEqual(dive.Series.map(() => 1));
      expect([dive.Series[0].From, dive.Series.at(-1)!.To]).toEqual([`${from}T00:00:00`, `${to}T23:59:59`]);

      // The top item as the screen shows it, and as the clip tray lists the Filter's posts carrying it.
      const first = page.getByTestId('deep-dive-breakdown-table').locator('tbody tr').first();
      await expect.poll(() => first.getByRole('button').textContent(), { timeout: 30_000 }).toBe(dive.Items[0].Value);
      const item = dive.Items[0].Value;
      const shown = Number(/^[\d,]+/.exec((await first.locator('td').nth(1).textContent())!)![0].replace(/,/g, ''));
      const listed = await apiGet<{ Total: number }>(
        page,
        `/api/clip/getall?projectId=${ids.projectId}&startDate=${from}T00:00:00&endDate=${to}T23:59:59&streamIds=7,8&word=${encodeURIComponent(item)}`,
      );
      expect(shown).toBe(listed.Total);
      expect(await page.getByTestId('deep-dive-totals-posts-value').textContent()).toBe(dive.Posts.Value.toLocaleString('en-US'));
      await shot(page, `deep-dive-filter-${width}`);
      await first.getByRole('button').click();
      await page.getByTestId('tray-scope').filter({ hasText: item }).waitFor();
      await expect
        .poll(() => page.getByTestId('tray-total').textContent(), { timeout: 30_000 })
        .toBe(`${shown.toLocaleString('en-US')} post${shown === 1 ? '' : 's'}`);
      await page.keyboard.press('Escape');
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});

describe('Tree View', () => {
  it("lists the project's folders and shows the chosen folder's posts", async () => {
    await page.goto(`${base}/treeview`);
    await page.getByRole('heading', { name: 'Tree View' }).waitFor();
    await page.getByTestId(`tree-view-folder-${ids.productMentions}`).click();
    await expect.poll(() => page.getByTestId('tree-view-clip').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.getByTestId(`tree-view-subfolder-${ids.pricing}`).waitFor();
    await shot(page, 'tree-view-1280');
    // An input bin nobody has filled: the specification's empty state.
    await page.getByTestId(`tree-view-folder-${ids.manualUploads}`).click();
    await page.getByText(MESSAGES.noSubfolderClips).waitFor();
  });

  it("opens a subfolder's page: the dashboard scoped to it, with the range and streams in the address", async () => {
    await page.getByTestId(`tree-view-folder-${ids.productMentions}`).click();
    const before = new URL(page.url());
    await page.getByTestId(`tree-view-subfolder-${ids.pricing}`).click();
    await page.waitForURL((u) => u.searchParams.get('bin') === String(ids.pricing));
    const after = new URL(page.url());
    expect(after.pathname).toMatch(new RegExp(`/project/${ids.projectId}/?$`));
    expect(after.searchParams.get('datefrom')).toBe(before.searchParams.get('datefrom'));
    expect(after.searchParams.get('dateto')).toBe(before.searchParams.get('dateto'));
    expect(after.searchParams.get('streams')).toBe(before.searchParams.get('streams'));
    await page.getByTestId('bin-scope').filter({ hasText: 'Pricing' }).waitFor();
  });
});

describe('World Map', () => {
  it('is in the side menu and shows where posts come from, South Africa first', async () => {
    await page.goto(base);
    await page.getByRole('button', { name: 'Project menu' }).click();
    await page.getByRole('button', { name: 'World Map' }).click();
    await page.waitForURL(/\/world-map/);
    await page.getByRole('heading', { name: 'World Map' }).waitFor();
    const first = page.locator('[data-testid^="world-map-country-"]').first();
    await first.waitFor({ timeout: 30_000 });
    expect(await first.getAttribute('data-testid')).toBe('world-map-country-ZA');
    await page.getByTestId('world-map-chart').locator('canvas').first().waitFor();
    await shot(page, 'world-map-1280');
  });

  it("opens a country's posts in the clip tray", async () => {
    await page.getByRole('button', { name: 'Open the posts from South Africa' }).click();
    await page.getByTestId('tray-scope').filter({ hasText: 'Posts from South Africa' }).waitFor();
    await expect.poll(() => page.getByTestId('clip').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
  });

  it("opens a place bubble's country, as clicking the country does", async () => {
    await page.getByTestId('tray-scope').waitFor({ state: 'hidden' });
    const canvas = page.getByTestId('world-map-chart').locator('canvas').first();
    // The bubbles are the map's only orange: find one on the drawn canvas and click its middle.
    const findBubble = () =>
      canvas.evaluate((c: HTMLCanvasElement) => {
        const { data, width, height } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
        const scale = c.width / c.getBoundingClientRect().width;
        const orange = (i: number) => data[i] > 200 && data[i + 1] > 60 && data[i + 1] < 150 && data[i + 2] < 90;
        for (let y = 0; y < height; y += 2)
          for (let x = 0; x < width; x += 2) {
            let run = 0;
            while (x + run < width && orange((y * width + x + run) * 4)) run++;
            if (run >= 8 * scale) return { x: (x + run / 2) / scale, y: y / scale + 1 };
          }
        return null;
      });
    let point: { x: number; y: number } | null = null;
    await expect.poll(async () => (point = await findBubble()), { timeout: 30_000, message: 'a place bubble is drawn' }).not.toBeNull();
    await canvas.click({ position: point! });
    const names = await page
      .getByRole('button', { name: /^Open the posts from / })
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')!.slice(20)));
    const scope = page.getByTestId('tray-scope');
    await scope.waitFor();
    const label = (await scope.textContent())!;
    expect(label).toMatch(/^Posts from /);
    expect(names).toContain(label.replace(/^Posts from /, '').trim());
    await expect.poll(() => page.getByTestId('clip').count(), { timeout: 30_000 }).toBeGreaterThan(0);
  });
});
