// Debian's Chromium driven by playwright-core, with the flags this closed network needs.
import { execSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';

export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return execSync('command -v chromium || command -v chromium-browser', { shell: '/bin/bash' }).toString().trim();
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** The Chromium a test file drives: launched before its tests, closed after them. */
export function useBrowser(): Pick<Browser, 'newPage' | 'newContext'> {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    newPage: (options) => browser!.newPage(options),
    newContext: (options) => browser!.newContext(options),
  };
}

/** Saves a screenshot under .e2e-artifacts/ (to look at after a run). */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync('.e2e-artifacts', { recursive: true });
  await page.screenshot({ path: `.e2e-artifacts/${name}.png`, fullPage: true });
}

/** Logs in through the login screen as a user would. */
export async function login(page: Page, baseURL: string, email: string, password = 'demo-password'): Promise<void> {
  await page.goto(`${baseURL}/login`);
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /login/i }).click();
}

/** The ids of a client's project, by their names, read as the signed-in page. */
export async function projectIds(p: Page, client: string, project: string): Promise<{ clientId: number; projectId: number }> {
  const clients = await apiGet<{ Id: number; Name: string }[]>(p, '/api/client/getall');
  const clientId = clients.find((c) => c.Name === client)!.Id;
  const projects = await apiGet<{ Id: number; Description: string }[]>(p, `/api/project/getall?clientId=${clientId}`);
  return { clientId, projectId: projects.find((x) => x.Description === project)!.Id };
}

/**
 * Signs in as the demo analyst (landing on the client list) and finds one of Acme Beverages'
 * projects: its ids and its address.
 */
export async function signInForProject(
  p: Page,
  baseURL: string,
  project: string,
  client = 'Acme Beverages',
): Promise<{ clientId: number; projectId: number; url: string }> {
  await login(p, baseURL, 'analyst@demo.example');
  await p.waitForURL(/\/clients/);
  const ids = await projectIds(p, client, project);
  return { ...ids, url: `${baseURL}/client/${ids.clientId}/project/${ids.projectId}` };
}

/** Opens a project's page at its address and waits for its heading, as the user waits to see it. */
export async function openProject(p: Page, url: string, project: string): Promise<void> {
  await p.goto(url);
  await p.getByRole('heading', { name: project }).waitFor();
}

/** Signs in as the demo admin and opens the New project wizard from a client's project list; gives the client's id. */
export async function startNewProject(p: Page, baseURL: string, client: string): Promise<number> {
  await login(p, baseURL, 'admin@demo.example');
  await p.waitForURL(/\/clients/, { timeout: 90_000 });
  const clients = await apiGet<{ Id: number; Name: string }[]>(p, '/api/client/getall');
  const clientId = clients.find((c) => c.Name === client)!.Id;
  await p.goto(`${baseURL}/client/${clientId}/projects`);
  await p.getByRole('link', { name: 'New', exact: true }).click();
  await p.waitForURL(/\/new-project$/);
  return clientId;
}

/** An authenticated GET from inside the page, as the app makes it (the token is in local storage). */
export async function apiGet<T>(p: Page, path: string): Promise<T> {
  return p.evaluate(async (url) => {
    const res = await fetch(url, { headers: { Authorization: `Bearer ${localStorage.getItem('access_token')}` } });
    return res.json();
  }, path);
}

/**
 * A day on a client's calendar ('YYYY-MM-DD'), `offset` days from today: the app counts days in the
 * client's time zone (default Africa/Johannesburg), whatever the browser's or this machine's.
 */
export function clientDay(offset = 0, timeZone = 'Africa/Johannesburg'): string {
  return new Date(Date.now() + offset * 86_400_000).toLocaleDateString('en-CA', { timeZone });
}

/**
 * Waits until the demo corpus is written whole (it is written after the server listens, in
 * batches): its follower history, 17 weeks back, is written last, so followers 8 weeks before the
 * end of Follower Growth's 8 weeks are there only then. Figures compared across screens are read after.
 */
export async function demoCorpusWritten(p: Page, projectId: number): Promise<void> {
  const q = `projectId=${projectId}&startDate=${clientDay(-1)}&endDate=${clientDay()}&streamIds=7,8,9`;
  await expect
    .poll(async () => (await apiGet<{ Followers?: { Previous: number } }>(p, `/api/profile/followers/get?${q}`)).Followers?.Previous ?? 0, {
      timeout: 200_000,
      interval: 2_000,
      message: 'the demo corpus is written whole (its follower history comes last)',
    })
    .toBeGreaterThan(0);
}

/**
 * The ids of a client's project, read as the signed-in page, once the demo corpus has more than
 * `atLeast` of its posts over the last 30 days (the corpus is written after the server listens).
 */
export async function projectWithPosts(p: Page, client: string, project: string, atLeast: number): Promise<{ clientId: number; projectId: number }> {
  const { clientId, projectId } = await projectIds(p, client, project);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const q = `projectId=${projectId}&startDate=${day(new Date(Date.now() - 29 * 86_400_000))}&endDate=${day(new Date())}T23:59:59&streamIds=7,8,9`;
  await expect
    .poll(async () => (await apiGet<{ StreamId: number; Count: number }[]>(p, `/api/mentions/getall?${q}`)).find((m) => m.StreamId === 0)?.Count ?? 0, {
      timeout: 200_000,
      interval: 2_000,
      message: 'the demo corpus has posts for the project',
    })
    .toBeGreaterThan(atLeast);
  return { clientId, projectId };
}

/**
 * Signs in as the demo analyst, waits until one of Acme Beverages' projects has more than
 * `atLeast` posts in its demo corpus, and opens its dashboard; gives the dashboard's address.
 */
export async function openDashboardWithPosts(p: Page, baseURL: string, project: string, atLeast: number): Promise<string> {
  await login(p, baseURL, 'analyst@demo.example');
  await p.waitForURL(/\/clients/);
  const { clientId, projectId } = await projectWithPosts(p, 'Acme Beverages', project, atLeast);
  const url = `${baseURL}/client/${clientId}/project/${projectId}`;
  await p.goto(url);
  return url;
}
