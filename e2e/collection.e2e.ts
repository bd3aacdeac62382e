// The admin's Collection screen, beside the outbox and the audit log: reached from the
// admin screen, readable at 1280 px and at 390 px; not for non-admins.
import { describe, expect, inject, it } from 'vitest';
import { login, shot, useBrowser } from './browser.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

describe('collection screen', () => {
  it('opens from the admin screen and shows what the connectors collected, on a desktop and on a phone', async () => {
    for (const width of [1280, 390]) {
      const page = await (await browser.newContext({ viewport: { width, height: 860 } })).newPage();
      await login(page, baseURL, 'admin@demo.example');
      await page.waitForURL(/\/clients$/, { timeout: 90_000 });
      await page.goto(`${baseURL}/admin`);
      await page.getByRole('link', { name: /Collection: what each network/ }).click();
      await page.waitForURL(/\/admin\/collection$/);
      await page.getByRole('heading', { name: 'Collection' }).waitFor();
      // The demo links no network tokens: either nothing yet, or the rows of what ran (the table on
      // a desktop, cards on a phone: the other layout's copy is hidden, so only a visible one counts).
      await page
        .getByText(/Nothing collected yet|Shared sources|·/)
        .filter({ visible: true })
        .first()
        .waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(page, `collection-${width}`);
      await page.context().close();
    }
  });

  it('is for administrators only', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
    await login(page, baseURL, 'analyst@demo.example');
    await page.waitForURL(/\/clients$/);
    await page.goto(`${baseURL}/admin/collection`);
    await page.getByText('Collection is for administrators only.').waitFor();
    await page.context().close();
  });
});
