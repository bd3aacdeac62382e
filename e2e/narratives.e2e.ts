// Narrative Analysis as a user meets it: open it from the project's side menu, find the demo
// project's narratives, save the query (it joins the saved list), save a narrative as a reaction
// list, and open a narrative's posts in the clip tray. At 1280 and 390 px wide. Waits are for
// what the user waits for: dialogs, cards, toasts.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openProject, projectWithPosts, shot, signInForProject, useBrowser } from './browser.ts';

const baseURL = process.env.E2E_BASE_URL ?? inject('baseURL');
const PROJECT = 'Acme Cola Brand Monitoring';
// Names of this run only.
const RUN = Date.now().toString(36);
const QUERY_NAME = `Everything ${RUN}`;
const LIST_NAME = `Storyline ${RUN}`;

const browser = useBrowser();
let page: Page;

const dialog = (p: Page) => p.getByRole('dialog', { name: 'Narrative Analysis' });
const toastText = (p: Page, text: string) => p.locator('.mantine-Notification-root').getByText(text, { exact: true });

/** What the screen shows (the dialog scrolls inside the viewport), beside shot()'s whole page. */
const view = (p: Page, name: string) => p.screenshot({ path: `.e2e-artifacts/${name}-view.png` });

async function openDialog(p: Page): Promise<void> {
  await p.getByRole('button', { name: 'Project menu' }).click();
  await p.getByRole('button', { name: 'Narrative Analysis', exact: true }).click();
  await dialog(p).waitFor();
}

describe('Narrative Analysis', () => {
  it('finds the demo project’s narratives from the side menu', async () => {
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const { url } = await signInForProject(page, baseURL, PROJECT);
    await projectWithPosts(page, 'Acme Beverages', PROJECT, 100);
    await openProject(page, url, PROJECT);
    await openDialog(page);
    await dialog(page).getByRole('button', { name: 'Find narratives' }).click();
    await dialog(page).getByTestId('narrative').first().waitFor({ timeout: 60_000 });
    expect(await dialog(page).getByTestId('narrative-summary').textContent()).toMatch(/^\d+ narratives among \d+ posts/);
    await shot(page, 'narratives-1280');
    await view(page, 'narratives-1280');
  }, 300_000);

  it('saves the query, which then stands among the saved ones', async () => {
    const d = dialog(page);
    await d.getByRole('button', { name: 'Save query' }).click();
    await d.getByTestId('save-query-name').fill(QUERY_NAME);
    await d.getByTestId('save-query-submit').click();
    await toastText(page, `Query '${QUERY_NAME}' saved`).waitFor();
    await d.getByTestId('saved-queries').getByText(QUERY_NAME).waitFor();
  }, 60_000);

  it('saves a narrative as a reaction list from its phrases', async () => {
    const card = dialog(page).getByTestId('narrative').first();
    await card.getByRole('button', { name: 'Save as word bin' }).click();
    await card.getByLabel('List name').fill(LIST_NAME);
    await card.getByTestId('save-as-word-bin').scrollIntoViewIfNeeded();
    await view(page, 'narratives-save-list');
    await card.getByRole('button', { name: 'Save list' }).click();
    await toastText(page, `Reaction list '${LIST_NAME}' saved`).waitFor();
  }, 60_000);

  it('opens a narrative’s posts in the clip tray', async () => {
    const card = dialog(page).getByTestId('narrative').first();
    await card.getByRole('button', { name: /^Open its posts/ }).click();
    await dialog(page).waitFor({ state: 'detached' });
    const tray = page.getByRole('dialog', { name: 'Posts' });
    await tray.getByTestId('clip').first().waitFor();
    await view(page, 'narratives-tray');
    expect(await tray.getByTestId('tray-scope').textContent()).toMatch(/^Narrative: /);
  }, 60_000);

  it('reads on a phone', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const { url } = await signInForProject(phone, baseURL, PROJECT);
    await openProject(phone, url, PROJECT);
    await openDialog(phone);
    await dialog(phone).getByTestId('saved-queries').getByText(QUERY_NAME).click();
    await dialog(phone).getByTestId('narrative').first().waitFor({ timeout: 60_000 });
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(phone, 'narratives-390');
    await view(phone, 'narratives-390');
  }, 120_000);
});
