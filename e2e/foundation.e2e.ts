// The first journeys: log in, see clients, open a client, see its projects, log out; a wrong
// password shows the error toast; a user never sees another client.
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { login, shot, useBrowser } from './browser.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();
let page: Page;
beforeEach(async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  page = await context.newPage();
});

describe('foundation journeys', () => {
  it('logs in, sees the clients, opens a client and its projects, and logs out', async () => {
    await login(page, baseURL, 'analyst@demo.example');
    await page.waitForURL(/\/clients$/);
    await page.getByRole('link', { name: /Acme Beverages/ }).waitFor();
    await expect(page.getByRole('link', { name: /Mzansi Telecom/ }).isVisible()).resolves.toBe(true);
    expect(await page.getByText('Karoo Outdoor Co.').count()).toBe(0);
    await shot(page, 'foundation-clients');

    await page.getByRole('link', { name: /Acme Beverages/ }).click();
    await page.waitForURL(/\/client\/\d+\/dashboard$/);
    await page.getByRole('link', { name: 'Contact Management' }).waitFor();
    await page.getByRole('link', { name: 'Projects' }).click();
    await page.waitForURL(/\/client\/\d+\/projects$/);
    await page.getByRole('link', { name: 'Open project Acme Cola Brand Monitoring' }).waitFor();
    await expect(page.getByText('not set').first().isVisible()).resolves.toBe(true);
    await shot(page, 'foundation-projects');

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByText('1.2.60').waitFor();
    await page.getByRole('menuitem', { name: /Logout/ }).click();
    await page.waitForURL((u) => u.pathname === '/');
    const token = await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((k) => /token/i.test(k))
        .map((k) => localStorage.getItem(k)),
    );
    expect(token.filter(Boolean)).toEqual([]);
    await page.goto(`${baseURL}/clients`);
    await page.getByRole('button', { name: /login/i }).waitFor();
  });

  it('shows the error toast on a wrong password and stays signed out', async () => {
    await login(page, baseURL, 'analyst@demo.example', 'wrong-password');
    await page.getByText('Invalid email or password').waitFor();
    await shot(page, 'foundation-wrong-password');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it("never shows another client's data, even by its address", async () => {
    await login(page, baseURL, 'viewer@demo.example');
    await page.waitForURL(/\/clients$/);
    await page.getByRole('link', { name: /Karoo Outdoor Co\./ }).waitFor();
    expect(await page.getByText('Acme Beverages').count()).toBe(0);
    // The Clients link shows only with more than one client.
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: /Logout/ }).waitFor();
    expect(await page.getByRole('menuitem', { name: /^Clients$/ }).count()).toBe(0);
    await page.keyboard.press('Escape');

    const token = await page.evaluate(() => Object.values(localStorage).find((v) => v && v.length > 30));
    const acme = await fetch(`${baseURL}/api/client/getall`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json());
    expect(acme.map((c: { Name: string }) => c.Name)).toEqual(['Karoo Outdoor Co.']);
    // Acme's first project, asked for directly: refused, nothing shown.
    const res = await fetch(`${baseURL}/api/project/getall?clientId=1`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(404);
    // The page asks for them too and is refused (networkidle never comes: the live-notification stream stays open).
    const refused = page.waitForResponse((r) => r.url().includes('/api/project/getall?clientId=1'));
    await page.goto(`${baseURL}/client/1/projects`);
    expect((await refused).status()).toBe(404);
    await page.getByText('The projects could not be loaded.').waitFor();
    expect(await page.getByText('Acme Cola Brand Monitoring').count()).toBe(0);
    await shot(page, 'foundation-other-client');
  });
});
