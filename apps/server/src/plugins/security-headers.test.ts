import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';

describe('security headers', () => {
  let t: TestContext;
  beforeAll(async () => {
    const webDist = mkdtempSync(join(tmpdir(), 'web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>');
    t = await createTestApp({ seed: false, env: { WEB_DIST: webDist } });
  });
  afterAll(() => t.close());

  it('serves the web app with a policy that allows no inline or foreign script and no framing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/clients' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('serves the API explorer with a policy that allows no inline or foreign script and no framing', async () => {
    for (const url of ['/docs', '/docs/', '/docs/static/swagger-initializer.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toMatch(/(^|; )script-src 'self'(;|$)/);
      expect(csp, url).toContain("script-src-attr 'none'");
      expect(csp, url).not.toContain('unsafe-inline');
      expect(csp, url).not.toContain('unsafe-eval');
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("connect-src 'self'");
    }
    // The OpenAPI document stays public (docs/security.md).
    expect((await t.app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(200);
  });

  it('marks API answers as not to be stored', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/blog' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toBeDefined();
  });
});
