// The dashboard's word cloud, heatmaps and top posts and the Word Lists screen at a phone's width
// (390 px) and a desktop's (1280 px): nothing wider than the screen, the heatmap's 24 hours in its
// card, no word of the cloud cut at its box's edge, a phrase box as wide as the card, Include seen in
// the cloud and its list, and an exclusion removed again. Waits are for what the user waits for.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiGet, login, projectWithPosts, shot, useBrowser } from './browser.ts';

// E2E_BASE_URL points the journey at an already running product (to look at a seeded corpus).
const baseURL = process.env.E2E_BASE_URL ?? inject('baseURL');
const PROJECT = 'Acme Cola Brand Monitoring';
/** The colour the cloud draws included phrases in (WordCloud.tsx), as canvas pixels read it. */
const INCLUDED_RGB = [8, 127, 91];

const browser = useBrowser();
/** The word cloud's canvas: how many pixels are drawn, how many in a 3 px strip along its edge, and how many in the included colour. */
const cloudPixels = (cloud: Locator) =>
  cloud
    .locator('canvas')
    .first()
    .evaluate((c: HTMLCanvasElement, rgb) => {
      const { width, height } = c;
      const data = c.getContext('2d')!.getImageData(0, 0, width, height).data;
      let drawn = 0;
      let atEdge = 0;
      let included = 0;
      const strip = 3 * (window.devicePixelRatio || 1);
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) {
          const i = (y * width + x) * 4;
          if (data[i + 3] === 0) continue;
          drawn++;
          if (x < strip || y < strip || x >= width - strip || y >= height - strip) atEdge++;
          if (Math.abs(data[i] - rgb[0]) < 6 && Math.abs(data[i + 1] - rgb[1]) < 6 && Math.abs(data[i + 2] - rgb[2]) < 6 && data[i + 3] > 250) included++;
        }
      return { drawn, atEdge, included };
    }, INCLUDED_RGB);

/** cloudPixels once the cloud has finished drawing (it draws word by word): two reads 200 ms apart agree. */
async function settledCloudPixels(cloud: Locator) {
  let last = await cloudPixels(cloud);
  for (let i = 0; i < 50; i++) {
    await new Promise((r) => setTimeout(r, 200));
    const now = await cloudPixels(cloud);
    if (now.drawn === last.drawn) return now;
    last = now;
  }
  return last;
}

/** Elements inside `el` that scroll sideways (content wider than their box). */
const sidewaysScrollers = (el: Locator) =>
  el.evaluate((root) =>
    [root, ...Array.from(root.querySelectorAll('*'))]
      .filter((e) => e.scrollWidth > e.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX))
      .map((e) => `${e.tagName.toLowerCase()}.${e.className} ${e.scrollWidth} > ${e.clientWidth}`),
  );

let clientId = 0;
let projectId = 0;
const dashboard = () => `${baseURL}/client/${clientId}/project/${projectId}`;

describe.each([1280, 390])('at %i px', (width) => {
  let page: Page;
  let cloud: Locator;

  it('opens the dashboard once the demo corpus has posts', async () => {
    page = await browser.newPage({ viewport: { width, height: 900 } });
    await login(page, baseURL, 'analyst@demo.example');
    await page.waitForURL(/\/clients/);
    ({ clientId, projectId } = await projectWithPosts(page, 'Acme Beverages', PROJECT, 100));
    await page.goto(dashboard());
    cloud = page.getByTestId('wordcloud');
    await cloud.getByRole('application', { name: /^Word cloud of / }).waitFor();
  });

  it('draws no word of the cloud at the edge of its box, whichever the filter', async () => {
    for (const filter of ['Top words', 'Hashtags', 'Handles', 'Named entities']) {
      await cloud.getByText(filter, { exact: true }).click();
      const chart = cloud.getByRole('application', { name: /^Word cloud of / });
      await chart.waitFor();
      await expect.poll(async () => (await cloudPixels(cloud)).drawn, { message: `the ${filter} cloud is drawn` }).toBeGreaterThan(500);
      expect((await cloudPixels(cloud)).atEdge, `${filter}: pixels at the edge`).toBe(0);
      await cloud.scrollIntoViewIfNeeded();
      await shot(page, `phone-layouts-cloud-${filter.replace(/ /g, '-').toLowerCase()}-${width}`);
    }
    await cloud.getByText('Top words', { exact: true }).click();
  });

  it('gives the phrase box the width of the card', async () => {
    const box = (await cloud.getByLabel('Phrase', { exact: true }).boundingBox())!;
    const card = (await cloud.boundingBox())!;
    expect(box.width).toBeGreaterThan(card.width * 0.6);
    expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width);
  });

  it('fits every page in the screen: the dashboard, its heatmaps with hour 23 in view, the top posts and Word Lists', async () => {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    for (const id of ['hourly-heatmap', 'sentiment-heatmap']) {
      const card = page.getByTestId(id);
      await card.scrollIntoViewIfNeeded();
      const chart = card.getByRole('application');
      await chart.waitFor();
      const [c, h] = [(await card.boundingBox())!, (await chart.boundingBox())!];
      // The chart's 24 columns lie within its box, so the whole box in the card means hour 23 is in view.
      expect(h.x + h.width, `${id} right edge`).toBeLessThanOrEqual(c.x + c.width);
      expect(await sidewaysScrollers(card), `${id} scrolls sideways`).toEqual([]);
      await chart.focus();
      await page.keyboard.press('End');
      await expect.poll(() => card.getByText(/, 23:00: /).count()).toBe(1);
      await card.screenshot({ path: `.e2e-artifacts/phone-layouts-${id}-${width}.png` });
    }
    // The top posts' dates stay left of the list's scrollbar.
    const top = page.getByTestId('top-posts');
    await top.getByTestId('top-post').first().waitFor();
    const cut = await top.evaluate((card) => {
      const bar = card.querySelector('.mantine-ScrollArea-scrollbar[data-orientation="vertical"]');
      const edge = Math.min(bar ? bar.getBoundingClientRect().left : Infinity, card.getBoundingClientRect().right, window.innerWidth);
      return Array.from(card.querySelectorAll('[data-testid="top-post"] *'))
        .filter((e) => e.children.length === 0 && e.getBoundingClientRect().right > edge + 0.5)
        .map((e) => `${e.textContent} ends at ${Math.round(e.getBoundingClientRect().right)} > ${Math.round(edge)}`);
    });
    expect(cut).toEqual([]);

    await page.goto(`${dashboard()}/reaction-lists`);
    const lists = page.getByRole('heading', { name: 'Word Lists' });
    await lists.waitFor();
    const list = page.locator('[data-testid="word-bin-row"]:visible, [data-testid="word-bin-card"]:visible');
    await list.first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await sidewaysScrollers(page.locator('main').first())).toEqual([]);
    expect(await page.getByTestId(width < 576 ? 'word-bin-cards' : 'word-bin-table').isVisible()).toBe(true);
    await shot(page, `phone-layouts-word-lists-${width}`);
    await page.goto(dashboard());
    await cloud.getByRole('application', { name: /^Word cloud of / }).waitFor();
  });

  it('shows an included word apart in the cloud and lists it; an exclusion is listed and can be removed', async () => {
    const q = `projectId=${projectId}&startDate=${new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10)}&endDate=${new Date().toISOString().slice(0, 10)}&streamIds=7,8,9&cloudFilter=words`;
    const words = await apiGet<{ Value: string }[]>(page, `/api/wordcloud/getall?${q}`);
    // A word of the cloud's first ten but the first: drawn large enough to find its colour.
    const word = width === 390 ? words[2].Value : words[3].Value;
    // A run stopped half way may have left the word on a list.
    await page.evaluate(
      async ([id, w]) => {
        await fetch('/api/phrase/remove', {
          method: 'POST',
          headers: { Authorization: `Bearer ${localStorage.getItem('access_token')}`, 'content-type': 'application/json' },
          body: JSON.stringify({ projectId: id, phrase: w }),
        });
      },
      [projectId, word] as const,
    );
    await page.reload();
    await cloud.getByRole('application', { name: /^Word cloud of / }).waitFor();
    await cloud.scrollIntoViewIfNeeded();
    const phrase = cloud.getByLabel('Phrase', { exact: true });

    await phrase.fill(word);
    await cloud.getByRole('button', { name: 'Include', exact: true }).click();
    const included = cloud.getByTestId('wordcloud-included');
    await included.getByText(new RegExp(`^${word} · [\\d,]+$`)).waitFor();
    await expect.poll(async () => (await cloudPixels(cloud)).included, { message: 'the included word is drawn in its colour' }).toBeGreaterThan(20);
    // Only the included phrases: the one word left, in its colour.
    const all = (await settledCloudPixels(cloud)).drawn;
    await cloud.getByRole('switch', { name: 'Only included phrases' }).click();
    // Both at once: the cloud is redrawn from a cleared canvas, which has fewer pixels drawn too.
    await expect
      .poll(async () => {
        const px = await cloudPixels(cloud);
        return px.drawn < all / 3 && px.included > 20;
      })
      .toBe(true);
    await shot(page, `phone-layouts-cloud-included-${width}`);
    await cloud.getByRole('switch', { name: 'Only included phrases' }).click();
    await included.getByRole('button', { name: `Remove '${word}' from the included phrases` }).click();
    await included.getByText(new RegExp(`^${word} · `)).waitFor({ state: 'detached' });

    await phrase.fill(word);
    await cloud.getByRole('button', { name: 'Exclude', exact: true }).click();
    const excluded = cloud.getByTestId('wordcloud-excluded');
    await excluded.getByText(word, { exact: true }).waitFor();
    await expect.poll(async () => (await apiGet<{ Value: string }[]>(page, `/api/wordcloud/getall?${q}`)).some((w) => w.Value === word)).toBe(false);
    await shot(page, `phone-layouts-cloud-excluded-${width}`);
    await excluded.getByRole('button', { name: `Remove '${word}' from the excluded phrases` }).click();
    await excluded.getByText(word, { exact: true }).waitFor({ state: 'detached' });
    await expect.poll(async () => (await apiGet<{ Value: string }[]>(page, `/api/wordcloud/getall?${q}`)).some((w) => w.Value === word)).toBe(true);
    await page.close();
  });
});
