// "Teach sentiment" (docs/sentiment.md, "A client's own model"): an analyst opens the clip tray,
// rates the posts the client's model is least sure of with one key each, an admin runs the
// adaptation now (the scheduled job's own code, queued at once), and the tray then says what it
// changed: posts re-scored, base against adapted accuracy on the ratings held back.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { BURST, STORYLINES } from '../apps/server/src/ingest/sim-storylines.ts';
import { TEMPLATES, type Tone } from '../apps/server/src/ingest/sim-vocab.ts';
import { login, projectWithPosts, shot, useBrowser } from './browser.ts';

const baseURL = process.env.E2E_BASE_URL ?? inject('baseURL');
const CLIENT = 'Acme Beverages';
const PROJECT = 'Acme Cola Brand Monitoring';

const browser = useBrowser();

/** The dialog alone, as the user sees it (shot() saves the whole page). */
const dialogShot = (dialog: Locator, name: string) => dialog.screenshot({ path: `.e2e-artifacts/${name}.png` });

/**
 * Opens the project's dashboard and its tray from a sentiment card's negative (or positive) Earned
 * posts, then "Teach sentiment". The journey's analyst rates as a careful person would: each post
 * with the tone the demo wrote it in (below), three rounds of the posts the model calls negative
 * and is least sure of, then one of the positive ones. Ratings made up without regard to the text
 * (all Neutral, say) give the adaptation nothing to learn: on some days' demo posts it then does no
 * better than the shipped model, or the guard refuses it, and rightly.
 */
async function openTeach(page: Page, rating: 'negative' | 'positive' = 'negative'): Promise<Locator> {
  const { clientId, projectId } = await projectWithPosts(page, CLIENT, PROJECT, 100);
  await page.goto(`${baseURL}/client/${clientId}/project/${projectId}`);
  const percentage = page.getByTestId('sentiment-earned').getByRole('button', { name: new RegExp(`^Open the [\\d,]+ ${rating} Earned posts?$`) });
  await percentage.click();
  const tray = page.getByRole('dialog', { name: 'Posts' });
  await tray.getByTestId('clip').first().waitFor();
  const asked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/sentiment/teach');
  await tray.getByRole('button', { name: 'Teach sentiment' }).click();
  const teach = page.getByRole('dialog', { name: 'Teach sentiment' });
  await teach.getByTestId('teach-ratings').waitFor();
  // Teach chooses among the tray's own posts (the Earned ones of the rating): it is asked with the tray's filter.
  const answer = await asked;
  const query = new URL(answer.url()).searchParams;
  const favourabilityId = rating === 'negative' ? 3 : 1;
  expect(query.get('favourabilityId')).toBe(String(favourabilityId));
  const { Posts } = (await answer.json()) as { Posts: { FavourabilityId: number }[] };
  for (const post of Posts) expect(post.FavourabilityId).toBe(favourabilityId);
  return teach;
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const KEY_OF: Record<Tone, '1' | '2' | '3'> = { neg: '1', neu: '2', pos: '3' };
/** Each demo template's fixed words (apart from its slots: brand, person, place, hashtag), with its tone, longest first. */
const WRITTEN = [
  ...Object.values(TEMPLATES).flatMap((byTone) => (Object.entries(byTone) as [Tone, string[]][]).flatMap(([tone, ts]) => ts.map((t) => ({ t, tone })))),
  ...STORYLINES.flatMap((s) => s.templates.map((t) => ({ t, tone: s.tone }))),
  { t: BURST.text, tone: BURST.tone },
]
  .map(({ t, tone }) => ({
    parts: t
      .split(/\{[a-z]\}/)
      .map(squash)
      .filter(Boolean),
    tone,
  }))
  .sort((a, b) => b.parts.join('').length - a.parts.join('').length);

/** The key of the tone a demo post was written in, or S (skip) for a post of no demo template. */
function truthKey(body: string): '1' | '2' | '3' | 's' {
  const text = squash(body);
  const found = WRITTEN.find((w) => w.parts.every((part) => text.includes(part)));
  return found ? KEY_OF[found.tone] : 's';
}

/** Rates every post of the round with the key of its tone (skipping any of no known tone), waiting for each next post. */
async function rateRound(page: Page, teach: Locator): Promise<number> {
  let rated = 0;
  for (;;) {
    const post = teach.getByTestId('teach-post');
    if ((await post.count()) === 0) return rated;
    const id = await post.getAttribute('data-bin-clip-id');
    const key = truthKey((await post.getByTestId('teach-post-body').textContent()) ?? '');
    // The keys answer once the last rating is saved (the buttons show it by leaving their loading state).
    // A rating is saved with its rollups; on a loaded machine that can take longer than expect.poll's one second.
    await expect.poll(() => teach.getByRole('button', { name: /Neutral/ }).isEnabled(), { timeout: 15_000 }).toBe(true);
    await page.keyboard.press(key);
    await expect.poll(async () => ((await post.count()) ? await post.getAttribute('data-bin-clip-id') : null), { timeout: 15_000 }).not.toBe(id);
    if (key !== 's') rated++;
  }
}

describe('teaching the client’s sentiment model from the clip tray', () => {
  /** Whether the adaptation the admin ran is used (the admin's screen said so). */
  let adaptationUsed: boolean | undefined;

  it('rates the least certain posts with one key each, and counts the ratings', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
    page.on('response', (r) => void (r.status() >= 400 && console.error(`answer ${r.status()} to ${r.url()}`)));
    await login(page, baseURL, 'analyst@demo.example');
    await page.waitForURL(/\/clients/);
    const teach = await openTeach(page);
    const ratingsBefore = Number((await teach.getByTestId('teach-ratings').textContent())!.match(/^([\d,]+)/)![1].replace(/,/g, ''));
    await teach.getByTestId('teach-post').waitFor();
    await shot(page, 'sentiment-teach-1280');
    await dialogShot(teach, 'sentiment-teach-dialog-1280');
    let rated = await rateRound(page, teach);
    expect(rated).toBeGreaterThan(0);
    // Two more rounds of the next least certain posts, surer ones.
    for (let round = 0; round < 2; round++) {
      await teach.getByRole('button', { name: 'Ask for more' }).click();
      await teach.getByTestId('teach-post').waitFor();
      rated += await rateRound(page, teach);
    }
    // A round of the least certain positive posts.
    const positive = await openTeach(page, 'positive');
    await positive.getByTestId('teach-post').waitFor();
    rated += await rateRound(page, positive);
    await expect
      .poll(() => positive.getByTestId('teach-ratings').textContent())
      .toMatch(new RegExp(`^${(ratingsBefore + rated).toLocaleString('en-US')} ratings so far`));
    await page.close();
    // Four rounds of up to 20 ratings, each saved before the next key, on 2 shared cores.
  }, 360_000);

  it('adapts when the admin says Adapt now, and shows the figures of the adaptation', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await login(page, baseURL, 'admin@demo.example');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.goto(`${baseURL}/admin/sentiment`);
    const row = page.getByTestId('client-model').filter({ hasText: CLIENT });
    await row.getByRole('button', { name: 'Adapt now' }).click();
    // The job runs on the server's runner; the screen shows it once reloaded.
    await expect
      .poll(
        async () => {
          await page.reload();
          await row.waitFor();
          return row.textContent();
        },
        { timeout: 90_000, interval: 2_000 },
      )
      .toMatch(/posts re-scored(?! so far)|Not used/);
    const text = (await row.textContent())!;
    expect(text).toMatch(/\d+(\.\d)?% → \d+(\.\d)?% on \d+ held back of \d+/);
    // Used when it did better than the shipped model in cross-validation on the ratings. On some
    // runs' demo posts (they follow the day and hour, and the journeys before this one) the shipped
    // model is as right as the adaptation on every post rated: then it is not used, and says why.
    adaptationUsed = /posts re-scored(?! so far)/.test(text);
    if (adaptationUsed) expect(text).toContain('Used');
    else expect(text).toMatch(/Not used\s*\S.{10,}/);
    await shot(page, 'sentiment-models-admin-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    // On a phone the client's model is one card: its figures and buttons in view, nothing to scroll sideways.
    await expect.poll(async () => (await row.getByRole('button', { name: 'Adapt now' }).boundingBox())?.x ?? 999).toBeLessThan(390 - 80);
    const card = (await row.boundingBox())!;
    expect(card.x + card.width).toBeLessThanOrEqual(390);
    await shot(page, 'sentiment-models-admin-390');
    await page.close();
  }, 120_000);

  it('says in the tray what the last adaptation changed, or why it is not used', async () => {
    expect(adaptationUsed, 'the adaptation ran in the journey before').toBeDefined();
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await login(page, baseURL, 'analyst@demo.example');
    await page.waitForURL(/\/clients/);
    const teach = await openTeach(page, 'positive');
    const sentence = (await teach.getByTestId('teach-last-adaptation').textContent())!;
    // The tray says what the admin's screen said: what the adaptation changed, or why it is not used.
    if (adaptationUsed) {
      const m = sentence.match(/^([\d,]+) posts? re-scored; on the client's rated posts held back, (\d+)% -> (\d+)%$/);
      expect(m, sentence).not.toBeNull();
      expect(Number(m![1].replace(/,/g, ''))).toBeGreaterThan(0);
      expect(Number(m![3])).toBeGreaterThanOrEqual(Number(m![2]));
    } else expect(sentence).toMatch(/^The last adaptation \(from [\d,]+ ratings\) is not used: \S.{10,}$/);
    await shot(page, 'sentiment-teach-390');
    await dialogShot(teach, 'sentiment-teach-dialog-390');
    await page.close();
  });
});
