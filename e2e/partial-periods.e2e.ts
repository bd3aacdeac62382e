// Partial periods as a user meets them, at 1280 and 390 px: the Sentiment screen's line over its
// default range (yesterday to now) says that today is partial, and Follower Growth's last week,
// ending today, is marked "So far" in its matrix and its chart's subtitle.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { login, projectWithPosts, shot, useBrowser } from './browser.ts';

const baseURL = process.env.E2E_BASE_URL ?? inject('baseURL');

const browser = useBrowser();
describe.each([1280, 390])('partial periods at %i px', (width) => {
  let page: Page;
  let ids: { clientId: number; projectId: number };

  it('marks today on the Sentiment line as a partial day', async () => {
    page = await browser.newPage({ viewport: { width, height: 900 } });
    await login(page, baseURL, 'analyst@demo.example');
    await page.waitForURL(/\/clients/);
    ids = await projectWithPosts(page, 'Acme Beverages', 'Acme Cola Brand Monitoring', 20);
    await page.goto(`${baseURL}/client/${ids.clientId}/project/${ids.projectId}/sentiment`);
    const daily = page.getByTestId('sentiment-daily');
    await daily.locator('canvas').waitFor();
    await expect.poll(async () => daily.textContent(), { timeout: 30_000 }).toContain('dashed to ◇: a partial day');
    await shot(page, `partial-periods-sentiment-${width}`);
  });

  it('marks Follower Growth’s last week, ending today, as so far', async () => {
    await page.goto(`${baseURL}/client/${ids.clientId}/project/${ids.projectId}/performance-measurement`);
    const matrix = page.getByTestId('follower-matrix');
    const mark = matrix.getByTestId('partial-week');
    await mark.waitFor({ timeout: 30_000 });
    expect(await mark.count()).toBe(1);
    expect(await mark.textContent()).toMatch(/^So far: \d of 7 days$/);
    // The mark sits in the last column's header.
    expect(await matrix.locator('th').last().getByTestId('partial-week').count()).toBe(1);
    expect(await page.getByTestId('weekly-insights').textContent()).toContain('a partial week (so far)');
    await shot(page, `partial-periods-follower-growth-${width}`);
    await page.close();
  });
});
