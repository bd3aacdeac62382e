// Linking a social account as a user meets it, against the local fakes of the
// networks' OAuth providers that global-setup starts: open Access Token Management from the side
// menu, grant the project's Not Granted Facebook page on the fake's consent page (Allow), see it
// Granted, check it, revoke it after the confirmation and see it Not Granted; a denied grant
// (Deny) shows the return page's failure in the product's words. The network's page passed on to
// another browser grants nothing there; the admin's link grants from a browser without a session.
// The project is 'Acme Owned Profiles', which no other journey links. Waits are for what the user
// waits for: the dialog, a status, a page, a toast.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { grantErrorMessage, MESSAGES } from '@listening/contract';
import { launch, login, projectIds, shot } from './browser.ts';

const baseURL = process.env.E2E_BASE_URL ?? inject('baseURL');
const PROJECT = 'Acme Owned Profiles';
const PAGE = 'Acme Cola South Africa';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
});

const dialog = (p: Page) => p.getByRole('dialog', { name: 'Access Token Management' });
const profileRow = (p: Page, name: string): Locator => dialog(p).locator(`[data-testid="token-profile"][data-name="${name}"]`);

/** Follows step 3's link: the network's page opens in a new window, where the user decides. */
async function decideOnProvider(p: Page, decision: 'Allow' | 'Deny'): Promise<Page> {
  const link = dialog(p).getByRole('link', { name: /Continue to Facebook/ });
  await expect.poll(() => link.getAttribute('href')).toMatch(/^http/);
  const [provider] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await provider.getByRole('button', { name: decision }).click();
  return provider;
}

/** Signs in as `email` in a new page of `ctx` and opens the project's Access Token Management from its side menu. */
async function openManagement(ctx: BrowserContext, email: string): Promise<Page> {
  const p = await ctx.newPage();
  await login(p, baseURL, email);
  await p.waitForURL(/\/clients/);
  const { clientId, projectId } = await projectIds(p, 'Acme Beverages', PROJECT);
  // The side menu is the same on every project screen: Ave calc's is a light one to wait for (the dashboard draws a dozen charts).
  await p.goto(`${baseURL}/client/${clientId}/project/${projectId}/ave-calcs`);
  await p.getByRole('heading', { name: PROJECT }).waitFor();
  await p.getByRole('button', { name: 'Project menu' }).click();
  await p.getByRole('button', { name: 'Access Token Management', exact: true }).click();
  await profileRow(p, PAGE).waitFor();
  return p;
}

describe('linking a social account', () => {
  it('opens Access Token Management from the side menu with the project’s profiles, Not Granted', async () => {
    page = await openManagement(context, 'analyst@demo.example');
    expect(await profileRow(page, PAGE).getAttribute('data-status')).toBe('Not Granted');
    await shot(page, 'access-tokens-list');
  }, 120_000);

  it('grants the Facebook page on the network’s page and sees it Granted', async () => {
    await profileRow(page, PAGE)
      .getByRole('button', { name: /^Not Granted/ })
      .click();
    await dialog(page).getByText(`Grant access again for ${PAGE}`).waitFor();
    await shot(page, 'access-tokens-link');
    const provider = await decideOnProvider(page, 'Allow');
    await provider.getByText(MESSAGES.tokenGranted).waitFor();
    expect(new URL(provider.url()).pathname).toBe('/brandInfluencerprofile');
    // The single-use code and state do not stay in the address.
    expect(new URL(provider.url()).search).toBe('');
    await shot(provider, 'access-tokens-granted-page');
    await provider.close();
    // The modal heard of the grant and shows the list again, with the page Granted.
    await expect.poll(() => profileRow(page, PAGE).getAttribute('data-status'), { timeout: 15_000 }).toBe('Granted');
  });

  it('checks the granted token: the answer is a toast', async () => {
    await profileRow(page, PAGE)
      .getByRole('button', { name: `Check the token of ${PAGE}` })
      .click();
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: PAGE });
    await toast.waitFor();
    expect((await toast.textContent())?.length).toBeGreaterThan(PAGE.length);
    await shot(page, 'access-tokens-checked');
  });

  it('revokes the token after the confirmation and sees it Not Granted', async () => {
    await profileRow(page, PAGE)
      .getByRole('button', { name: /^Granted/ })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await confirm.getByText(MESSAGES.confirmRevokeToken).waitFor();
    await shot(page, 'access-tokens-revoke');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => profileRow(page, PAGE).getAttribute('data-status')).toBe('Not Granted');
  });

  it('shows the failure page when the grant is denied, and the profile stays Not Granted', async () => {
    await profileRow(page, PAGE)
      .getByRole('button', { name: /^Not Granted/ })
      .click();
    const provider = await decideOnProvider(page, 'Deny');
    await provider.getByText(MESSAGES.tokenGrantFailed).waitFor();
    // The product's own sentence for the error code, not the text the network put beside it.
    expect(await provider.getByTestId('grant-error').textContent()).toBe(grantErrorMessage('access_denied', 'Facebook'));
    await shot(provider, 'access-tokens-denied-page');
    await provider.setViewportSize({ width: 390, height: 844 });
    await shot(provider, 'access-tokens-denied-page-narrow');
    await provider.close();
    await dialog(page).getByRole('button', { name: 'Back' }).click();
    expect(await profileRow(page, PAGE).getAttribute('data-status')).toBe('Not Granted');
  });

  it('grants nothing when the network’s page is passed on and allowed in another browser', async () => {
    await profileRow(page, PAGE)
      .getByRole('button', { name: /^Not Granted/ })
      .click();
    const link = dialog(page).getByRole('link', { name: /Continue to Facebook/ });
    await expect.poll(() => link.getAttribute('href')).toMatch(/^http/);
    // Someone else's browser (the page's manager, say), with no session of this user and not the browser that started the grant.
    const elsewhere = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const other = await elsewhere.newPage();
      await other.goto((await link.getAttribute('href'))!);
      await other.getByRole('button', { name: 'Allow' }).click();
      await other.getByText(MESSAGES.tokenGrantFailed).waitFor();
      expect(await other.getByTestId('grant-error').textContent()).toMatch(/^This authorisation was started by another user/);
      await shot(other, 'access-tokens-other-browser');
    } finally {
      await elsewhere.close();
    }
    await dialog(page).getByRole('button', { name: 'Back' }).click();
    expect(await profileRow(page, PAGE).getAttribute('data-status')).toBe('Not Granted');
  });

  it('starts again at the list when reopened after picking a platform', async () => {
    await dialog(page).getByRole('button', { name: 'Link a profile' }).click();
    await dialog(page).getByTestId('platform-picker').waitFor();
    await shot(page, 'access-tokens-platforms');
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Project menu' }).click();
    await page.getByRole('button', { name: 'Access Token Management', exact: true }).click();
    await profileRow(page, PAGE).waitFor();
    expect(await dialog(page).getByTestId('platform-picker').count()).toBe(0);
  });

  it('grants through the admin’s link, opened in a browser without a session', async () => {
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const clientContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const admin = await openManagement(adminContext, 'admin@demo.example');
      await dialog(admin).getByRole('button', { name: 'Link a profile' }).click();
      await dialog(admin).getByRole('button', { name: 'Link a Facebook account' }).click();
      await dialog(admin).getByRole('button', { name: 'Copy link for the client' }).click();
      // The link stays on screen whether or not the clipboard took it.
      const box = dialog(admin).getByRole('textbox', { name: 'Link for the client' });
      await box.waitFor();
      const client = await clientContext.newPage();
      await client.goto(await box.inputValue());
      await client.getByRole('button', { name: 'Allow' }).click();
      await client.getByText(MESSAGES.tokenGranted).waitFor();
      expect(new URL(client.url()).pathname).toBe('/brandInfluencer');
    } finally {
      await adminContext.close();
      await clientContext.close();
    }
    // No broadcast reaches the analyst's browser: their open modal reads the list again every 10 seconds.
    await expect.poll(() => profileRow(page, PAGE).getAttribute('data-status'), { timeout: 20_000 }).toBe('Granted');
  }, 60_000);
});
