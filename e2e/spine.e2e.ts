// What a new user hit in the spine: a single-stream filter that did not stick, an
// address with parts the project cannot use, and the small frictions of signing in and moving
// around. Each step is what the user does and sees.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiGet, login, shot, signInForProject, useBrowser } from './browser.ts';

const baseURL = process.env.E2E_BASE_URL ?? inject('baseURL');
const PROJECT = 'Acme Cola Brand Monitoring';

const browser = useBrowser();
let page: Page;

describe('the project filter', () => {
  let projectUrl = '';

  it('keeps a single stream chosen in the Filter, also after a reload', async () => {
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const { clientId, projectId } = await signInForProject(page, baseURL, PROJECT);
    projectUrl = `${baseURL}/client/${clientId}/project/${projectId}`;
    await page.goto(projectUrl);
    await page.waitForURL((u) => new URL(u).searchParams.get('streams') === '7,8,9,11');
    await expect.poll(() => page.title()).toBe(`Dashboard · ${PROJECT} · Listening`);

    await page.getByRole('button', { name: 'Filter' }).click();
    const menu = page.getByTestId('filter-menu');
    await menu.getByRole('checkbox', { name: 'Facebook' }).click();
    await menu.getByRole('checkbox', { name: 'Instagram' }).click();
    await menu.getByRole('checkbox', { name: 'LinkedIn' }).click();
    await menu.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((u) => new URL(u).searchParams.get('streams') === '7');
    // The address is not rewritten back to the defaults a moment later.
    await page.waitForTimeout(1_000);
    expect(new URL(page.url()).searchParams.get('streams')).toBe('7');
    await expect.poll(() => page.getByTestId('filter-streams').getAttribute('aria-label')).toBe('Streams: X');

    await page.reload();
    await expect.poll(() => page.getByTestId('filter-streams').getAttribute('aria-label')).toBe('Streams: X');
    expect(new URL(page.url()).searchParams.get('streams')).toBe('7');
    await expect(page.getByTestId('filter-notice').count()).resolves.toBe(0);
  }, 120_000);

  it('opens YouTube alone from the address', async () => {
    await page.goto(`${projectUrl}?streams=10`);
    await expect.poll(() => page.getByTestId('filter-streams').getAttribute('aria-label')).toBe('Streams: YouTube');
    expect(new URL(page.url()).searchParams.get('streams')).toBe('10');
  });

  it('falls back with a notice when the address asks for what the project cannot show', async () => {
    await page.goto(`${projectUrl}?datefrom=yesterday&dateto=2026-13-45&streams=7,10,99&bin=99999`);
    const notice = page.getByTestId('filter-notice');
    await notice.waitFor();
    await expect.poll(() => notice.textContent()).toMatch(/dates were not a valid range/);
    await expect.poll(() => notice.textContent()).toMatch(/streams asked for are not offered/);
    await expect.poll(() => notice.textContent()).toMatch(/bin asked for is not one of this project/);
    const url = new URL(page.url());
    expect(url.searchParams.get('streams')).toBe('7');
    expect(url.searchParams.get('bin')).toBeNull();
    expect(url.searchParams.get('datefrom')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await page.getByRole('heading', { name: PROJECT }).waitFor();
    await shot(page, 'spine-filter-notice');
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => notice.count()).toBe(0);
  });
});

describe('notifications', () => {
  it('say which client and project they concern, and open it', async () => {
    await page.goto(`${baseURL}/clients`);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const item = page.getByRole('button', { name: /Product recall.*Open Acme Cola Brand Monitoring/ });
    await item.waitFor();
    await expect.poll(() => item.getByTestId('notification-about').textContent()).toBe(`Acme Beverages · ${PROJECT}`);
    await item.click();
    await page.waitForURL(/\/client\/\d+\/project\/\d+/);
    await page.getByRole('heading', { name: PROJECT }).waitFor();
  });
});

describe('signing in and acting as', () => {
  it('asks before signing out when the login page is opened while signed in', async () => {
    await page.goto(`${baseURL}/login`);
    await page.getByText('You are already signed in').waitFor();
    expect(await page.title()).toBe('You are already signed in · Listening');
    await page.getByRole('button', { name: 'Stay signed in' }).click();
    await page.waitForURL(/\/clients$/);
    await page.getByRole('heading', { name: 'Clients' }).waitFor();
    expect(await page.title()).toBe('Clients · Listening');
  });

  it('shows whom an admin acts as, on every page, with the way back to their own session', async () => {
    const admin = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await login(admin, baseURL, 'admin@demo.example');
    await admin.waitForURL(/\/clients/);
    await admin.goto(`${baseURL}/admin`);
    await admin.getByLabel('Act as contact email').fill('analyst@demo.example');
    await admin.getByRole('button', { name: 'LOGIN' }).click();
    const banner = admin.getByTestId('act-as-banner');
    await banner.waitFor();
    await expect.poll(() => banner.textContent()).toMatch(/You are acting as .*analyst@demo\.example/);
    await shot(admin, 'spine-act-as-phone');
    await banner.getByRole('button', { name: 'Back to my own session' }).click();
    await admin.waitForURL(/\/admin$/);
    await expect.poll(() => banner.count()).toBe(0);
    const me = await apiGet<{ Email: string; ActingAdminId: number | null }>(admin, '/api/user/get');
    expect(me).toMatchObject({ Email: 'admin@demo.example', ActingAdminId: null });
    await admin.close();
  }, 60_000);
});
