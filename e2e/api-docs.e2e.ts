// The API explorer at /docs under its own Content-Security-Policy (docs/security.md, "Threat
// model"): it renders the operations and "Try it out" calls the API, with no policy violation.
import { describe, expect, inject, it } from 'vitest';
import { shot, useBrowser } from './browser.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

describe('the API explorer', () => {
  it('renders and calls the API under its strict policy, which it never violates', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) => console.error(`policy violation: ${e.violatedDirective} ${e.blockedURI}`)),
    );
    const res = await page.goto(`${baseURL}/docs`);
    expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self'(;|$)/);

    await page.locator('.opblock').first().waitFor();
    expect(await page.locator('.opblock').count()).toBeGreaterThan(100);
    const health = page.locator('.opblock', { has: page.locator('.opblock-summary-path', { hasText: /^\/healthz$/ }) });
    await health.locator('.opblock-summary').click();
    await health.getByRole('button', { name: 'Try it out' }).click();
    await health.getByRole('button', { name: 'Execute' }).click();
    await expect.poll(() => health.locator('.live-responses-table .response-col_status').last().innerText()).toBe('200');
    await shot(page, 'api-docs');
    expect(problems).toEqual([]);
  });
});
