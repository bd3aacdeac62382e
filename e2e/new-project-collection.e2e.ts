// A new user's first hour: an admin makes a project in the wizard and opens its dashboard. The e2e
// server runs with nothing that collects (SIMULATOR=0, no X_BEARER_TOKEN, no YOUTUBE_API_KEY; its
// OAuth clients are the local fakes, so accounts can be linked): the dashboard must say that the
// project collects nothing and what to configure for each network, never a green 'Live', and lead to
// Access Token Management. That a project made in the demo fills from the simulator's next tick is
// the server test apps/server/src/ingest/simulator.test.ts.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiGet, login, shot, startNewProject, useBrowser } from './browser.ts';

const baseURL = process.env.E2E_BASE_URL ?? inject('baseURL');
const NAME = 'Karoo Night Run';
const browser = useBrowser();
let dashboard = '';

/** The not-collecting state the dashboard must show for the new project. */
async function seesNotCollecting(page: Page) {
  const status = page.getByTestId('live-status');
  await status.waitFor();
  expect(await status.getAttribute('data-state')).toBe('not-collecting');
  expect((await status.textContent())?.trim()).toBe('Not collecting: nothing configured for X, Facebook, Instagram, LinkedIn');
  expect(await page.getByText(/^Live:/).count()).toBe(0);
  const notice = page.getByTestId('collection-notice');
  await notice.waitFor();
  const text = (await notice.textContent()) ?? '';
  expect(text).toContain("Set X_BEARER_TOKEN on the server (X recent search for the project's keywords); or Link an X account in Access Token Management");
  expect(text).toContain('Link a Facebook page in Access Token Management');
  expect(text).toContain('Link an Instagram business account in Access Token Management');
  expect(text).toContain('Link a LinkedIn organisation page in Access Token Management');
  expect(text).toContain('docs/operations.md lists them all');
}

describe('a project made in the wizard', () => {
  it('says on its dashboard that nothing collects it, what to configure, and opens the linking screen (1280 px)', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await startNewProject(page, baseURL, 'Karoo Outdoor Co.');
    await page.getByText('Campaign Tracking').click();
    await page.getByRole('radio', { name: 'Launch campaign' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: 'Project name' }).fill(NAME);
    await page.getByLabel('Keywords (optional)').fill('"night run" AND karoo');
    // The account step's defaults, then the agreement as it comes.
    for (let i = 0; i < 2; i++) await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.waitForURL(/\/client\/\d+\/projects$/);
    await page.getByText(`Project ${NAME} created and its agreement saved`).waitFor();

    // Its dashboard, opened from the list as a user would.
    await page.getByRole('link', { name: `Open project ${NAME}` }).click();
    await page.waitForURL(/\/project\/\d+/);
    dashboard = page.url();
    await seesNotCollecting(page);
    const projectId = Number(/\/project\/(\d+)/.exec(dashboard)![1]);
    const status = await apiGet<{ Collecting: boolean; Simulated: boolean }>(page, `/api/project/collection?projectId=${projectId}`);
    expect(status).toMatchObject({ Collecting: false, Simulated: false });
    await shot(page, 'new-project-not-collecting-1280');

    // The notice leads to the linking screen.
    await page.getByRole('button', { name: 'Open Access Token Management' }).click();
    const modal = page.getByRole('dialog', { name: 'Access Token Management' });
    await modal.waitFor();
    await modal.getByRole('button', { name: /Link a profile/i }).waitFor();
    await shot(page, 'new-project-access-tokens-1280');
    await page.context().close();
  }, 180_000);

  it('says the same on a phone (390 px)', async () => {
    expect(dashboard).not.toBe('');
    const page = await (await browser.newContext({ viewport: { width: 390, height: 860 } })).newPage();
    await login(page, baseURL, 'admin@demo.example');
    await page.waitForURL(/\/clients/, { timeout: 90_000 });
    await page.goto(dashboard);
    await seesNotCollecting(page);
    // Nothing of the notice runs off the screen.
    const box = await page.getByTestId('collection-notice').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'new-project-not-collecting-390');
    await page.context().close();
  }, 120_000);
});
