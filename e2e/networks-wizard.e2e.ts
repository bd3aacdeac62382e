// Networks, linking, the wizard's prices and Post Listing, at 1280 and 390 px: a brand project that
// tracks LinkedIn lists it under Platforms and counts it in the default total; step 1 of linking
// names the settings a network still needs; the wizard's totals are per period; Post Listing sorts
// by engagement and links a post to its original.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiGet, clientDay, login, projectWithPosts, shot, useBrowser } from './browser.ts';

const baseURL = process.env.E2E_BASE_URL ?? inject('baseURL');
const PROJECT = 'Acme Cola Brand Monitoring';
const WIDTHS = [1280, 390] as const;

const browser = useBrowser();
async function signedIn(width: number, email = 'admin@demo.example'): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  await login(page, baseURL, email);
  await page.waitForURL(/\/clients/, { timeout: 90_000 });
  return page;
}

const openMenu = async (page: Page) => {
  await page.getByRole('button', { name: 'Project menu' }).click();
};

describe('networks, linking, wizard prices and Post Listing', () => {
  let ids: { clientId: number; projectId: number };

  it.each(WIDTHS)(
    'lists LinkedIn under Platforms and counts it in the default total (%i px)',
    async (width) => {
      const page = await signedIn(width);
      ids = await projectWithPosts(page, 'Acme Beverages', PROJECT, 20);
      await page.goto(`${baseURL}/client/${ids.clientId}/project/${ids.projectId}`);
      await page.getByRole('heading', { name: PROJECT }).waitFor();
      await page.waitForURL((u) => new URL(u).searchParams.get('streams') === '7,8,9,11');
      await openMenu(page);
      // The platform's button, in the side menu's drawer (named by its icon and its label).
      const linkedIn = page.locator('.mantine-Drawer-body').getByRole('button', { name: /LinkedIn/ });
      await linkedIn.waitFor();
      await shot(page, `networks-platforms-${width}`);
      await linkedIn.click();
      await page.waitForURL(/\/platform\/11\?/);
      await page.context().close();
    },
    240_000,
  );

  it.each(WIDTHS)(
    'says at step 1 of linking which networks cannot be linked and the settings they need (%i px)',
    async (width) => {
      const page = await signedIn(width, 'analyst@demo.example');
      // The journeys' server has every OAuth client (the fakes): the answer of the real call is kept,
      // with Facebook's client taken away, as a server without OAUTH_FACEBOOK_* answers it.
      await page.route('**/api/accesstoken/networks?**', async (route) => {
        const real = (await (await route.fetch()).json()) as { StreamId: number; Configured: boolean; MissingSettings: string[] }[];
        expect(real.every((n) => n.Configured)).toBe(true);
        const facebook = ['OAUTH_FACEBOOK_CLIENT_ID', 'OAUTH_FACEBOOK_CLIENT_SECRET'];
        await route.fulfill({
          json: real.map((n) => ([8, 9].includes(n.StreamId) ? { ...n, Configured: false, MissingSettings: facebook } : n)),
        });
      });
      await page.goto(`${baseURL}/client/${ids.clientId}/project/${ids.projectId}/ave-calcs`);
      await page.getByRole('heading', { name: PROJECT }).waitFor();
      await openMenu(page);
      await page.getByRole('button', { name: 'Access Token Management', exact: true }).click();
      const notice = page.getByTestId('unlinkable-networks');
      await expect
        .poll(() => notice.textContent(), { timeout: 30_000 })
        .toContain('Facebook and Instagram cannot be linked until OAUTH_FACEBOOK_CLIENT_ID and OAUTH_FACEBOOK_CLIENT_SECRET are set on the server.');
      await shot(page, `networks-linking-step1-${width}`);
      await page.getByRole('button', { name: 'Link a profile' }).click();
      const instagram = page.getByRole('button', { name: 'Link an Instagram account' });
      await instagram.waitFor();
      expect(await instagram.isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Link an X account' }).isDisabled()).toBe(false);
      await shot(page, `networks-linking-step2-${width}`);
      await page.context().close();
    },
    120_000,
  );

  it.each(WIDTHS)(
    'bills the wizard’s monthly project monthly and totals each period apart (%i px)',
    async (width) => {
      const page = await signedIn(width);
      const clients = await apiGet<{ Id: number; Name: string }[]>(page, '/api/client/getall');
      const karoo = clients.find((c) => c.Name === 'Karoo Outdoor Co.')!.Id;
      await page.goto(`${baseURL}/client/${karoo}/new-project`);
      await page.getByText('Brand Monitoring').click();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('textbox', { name: 'Project name' }).fill('Karoo Periods');
      await page.getByRole('button', { name: 'Next' }).click();
      expect(await page.getByRole('textbox', { name: 'Billing type' }).inputValue()).toBe('Monthly invoice');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => page.getByTestId('agreement-total').textContent()).toBe('R 1,725.00 once-off + R 3,392.50 / month');
      await page.getByRole('checkbox', { name: 'Include Sentiment' }).check();
      // Sentiment is monthly: 2950 + 490 = 3440, VAT 516. The setup stays once-off.
      await expect.poll(() => page.getByTestId('total-month').textContent()).toBe('R 3,956.00 / month');
      expect(await page.getByTestId('total-once').textContent()).toBe('R 1,725.00 once-off');
      await expect.poll(() => page.getByText('R 490.00 / month').count()).toBeGreaterThan(0);
      await shot(page, `networks-wizard-totals-${width}`);
      await page.context().close();
    },
    120_000,
  );

  it.each(WIDTHS)(
    'sorts Post Listing by engagement and links a post to its original (%i px)',
    async (width) => {
      const page = await signedIn(width);
      const q = `projectId=${ids.projectId}&startDate=${clientDay(-1)}&endDate=${clientDay()}T23:59:59&streamIds=7,8,9,11`;
      const inputBins = await apiGet<{ Id: number; Name: string }[]>(page, `/api/subfolder/getall/bintype?binTypeId=6&${q}`);
      const binId = inputBins.find((b) => b.Name === 'Manual uploads')!.Id;
      // A post with a link and more engagement than any of the demo's, dated a minute ago on the client's clock.
      const link = `https://example.com/acme/original-${width}`;
      const added = await page.evaluate(
        async ([bin, url, stamp]) => {
          const res = await fetch('/api/subfolder/post/add', {
            method: 'POST',
            headers: { Authorization: `Bearer ${localStorage.getItem('access_token')}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              binId: bin,
              streamId: 7,
              author: 'Engaged Fan',
              text: `Acme cola, everyone is talking ${url}`,
              datePosted: stamp,
              link: url,
              likes: 9_000_000,
            }),
          });
          return { status: res.status, body: await res.text() };
        },
        [binId, link, new Date(Date.now() - 60_000).toLocaleString('sv-SE', { timeZone: 'Africa/Johannesburg' }).slice(0, 16)] as const,
      );
      expect(added.status, added.body).toBe(200);
      await page.goto(
        `${baseURL}/client/${ids.clientId}/project/${ids.projectId}/post-listing?datefrom=${clientDay(-1)}&dateto=${clientDay()}&streams=7,8,9,11`,
      );
      await page.getByRole('heading', { name: 'Post Listing' }).waitFor();
      await page.getByRole('textbox', { name: 'Sort' }).click();
      await page.getByRole('option', { name: 'Most engagement' }).click();
      await page.waitForURL((u) => new URL(u).searchParams.get('sort') === 'engagement');
      const first = page.getByTestId('listing-post').first();
      await expect.poll(() => first.getByTestId('post-body').textContent(), { timeout: 30_000 }).toContain(link);
      expect(await first.getByTestId('post-engagement').textContent()).toBe('9M engagement');
      expect(await first.getByTestId('post-original').getAttribute('href')).toBe(link);
      // The export says what it takes.
      await expect.poll(() => page.getByTestId('listing-export').textContent()).toMatch(/^Export these [\d,]+ posts?$/);
      await shot(page, `networks-post-listing-${width}`);
      await page.context().close();
    },
    120_000,
  );
});
