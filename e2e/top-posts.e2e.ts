// Top posts a client deck can carry: the widget says how it ranks (impact, then engagement, then
// AVE; at most 2 per author), its order follows that metric even where the demo's posts tie at the
// impact cap, no author holds more than two places, a post opens in the clip tray, and on a phone
// (390 px) nothing of the widget is cut at the right edge. Waits are for what the user waits for.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { openDashboardWithPosts, useBrowser } from './browser.ts';

// E2E_BASE_URL points the journey at an already running product (to look at a seeded corpus).
const baseURL = process.env.E2E_BASE_URL ?? inject('baseURL');
const PROJECT = 'Acme Cola Brand Monitoring';
const RANKING = 'Ranked by impact, then engagement, then AVE; at most 2 per author';

/** A screenshot of one element (the widget, the tray) under .e2e-artifacts/. */
async function shot(el: Locator, name: string): Promise<void> {
  mkdirSync('.e2e-artifacts', { recursive: true });
  await el.screenshot({ path: `.e2e-artifacts/${name}.png` });
}

const browser = useBrowser();
let page: Page;
let dashboard = '';

interface Shown {
  id: number;
  author: number;
  name: string;
  impact: number;
  engagement: number;
}

/** The top posts as the widget shows them: id, author, and the impact and engagement it prints. */
async function shownPosts(widget: Locator): Promise<Shown[]> {
  const rows = widget.getByTestId('top-post');
  await rows.first().waitFor();
  return rows.evaluateAll((els) =>
    els.map((e) => {
      const figures = e.querySelector('[data-testid="top-post-figures"]')?.textContent ?? '';
      const num = (re: RegExp) => Number((re.exec(figures)?.[1] ?? 'NaN').replace(/,/g, ''));
      return {
        id: Number(e.getAttribute('data-post-id')),
        author: Number(e.getAttribute('data-author-id')),
        name: (e.querySelector('[data-testid="top-post-author"]')?.textContent ?? '').trim().toLowerCase(),
        impact: num(/impact ([\d.]+)/),
        engagement: num(/engagement ([\d,]+)/),
      };
    }),
  );
}

/** Elements of the widget whose right edge passes the widget's, or the window's. */
const cutAtRight = (widget: Locator) =>
  widget.evaluate((card) => {
    const edge = Math.min(card.getBoundingClientRect().right, window.innerWidth);
    return Array.from(card.querySelectorAll('*'))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && r.right > edge + 0.5;
      })
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''} ends at ${Math.round(el.getBoundingClientRect().right)} px`,
      );
  });

describe('top posts on the project dashboard', () => {
  let widget: Locator;
  let tray: Locator;

  it('opens the dashboard once the demo corpus has posts', async () => {
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    dashboard = await openDashboardWithPosts(page, baseURL, PROJECT, 100);
    widget = page.getByTestId('top-posts');
    tray = page.getByRole('dialog', { name: 'Posts' });
    await widget.scrollIntoViewIfNeeded();
  });

  it('says how it ranks, and its posts follow that order with at most two per author', async () => {
    await expect.poll(() => widget.textContent(), { timeout: 20_000 }).toContain(RANKING);
    const posts = await shownPosts(widget);
    await shot(widget, 'top-posts-1280');
    expect(posts).toHaveLength(10);
    for (let i = 1; i < posts.length; i++) {
      const [a, b] = [posts[i - 1], posts[i]];
      expect(a.impact > b.impact || (a.impact === b.impact && a.engagement >= b.engagement), `post ${i + 1} after post ${i}`).toBe(true);
    }
    // At most two per author, whether counted by account or by the name shown (one person on several networks).
    for (const key of ['author', 'name'] as const) {
      const held = new Map<unknown, number>();
      for (const p of posts) held.set(p[key], (held.get(p[key]) ?? 0) + 1);
      expect(Math.max(...held.values()), `posts per ${key}`).toBeLessThanOrEqual(2);
    }
    // The same ten, in the same order, on a second read: the order is total.
    await page.reload();
    await widget.scrollIntoViewIfNeeded();
    expect((await shownPosts(widget)).map((p) => p.id)).toEqual(posts.map((p) => p.id));
  });

  it('opens a top post in the clip tray when it is clicked', async () => {
    const [first] = await shownPosts(widget);
    await widget
      .getByRole('button', { name: /^Open the post by / })
      .first()
      .click();
    await tray.getByTestId('clip').first().waitFor();
    await expect.poll(() => tray.getByTestId('clip').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-clip-id'))))).toEqual([first.id]);
    expect(await tray.getByTestId('tray-total').textContent()).toBe('1 post');
    await shot(tray, 'top-posts-tray-1280');
    await page.keyboard.press('Escape');
    await tray.waitFor({ state: 'hidden' });
  });

  it('keeps every top post inside the screen on a phone (390 px), and opens one with a tap', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(dashboard);
    await widget.scrollIntoViewIfNeeded();
    await widget
      .getByText(/impact \d/)
      .first()
      .waitFor();
    await shot(widget, 'top-posts-390');
    expect(await cutAtRight(widget)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await widget.textContent()).toContain(RANKING);
    const [first] = await shownPosts(widget);
    await widget
      .getByRole('button', { name: /^Open the post by / })
      .first()
      .click();
    await expect.poll(() => tray.getByTestId('clip').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-clip-id'))))).toEqual([first.id]);
    await shot(tray, 'top-posts-tray-390');
  });
});
