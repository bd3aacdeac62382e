import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';

describe('rate limits', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { LOGIN_RATE_LIMIT: '3' } });
  });
  afterAll(() => t.close());

  const login = (forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/crm/api/user/login',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { Username: 'nobody@example.com', Password: 'wrong-password' },
    });

  it('cannot be dodged by a forged X-Forwarded-For when no proxy is trusted', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await login(`203.0.113.${i + 1}`)).statusCode);
    expect(codes.slice(0, 3)).toEqual([401, 401, 401]);
    expect(codes.slice(3)).toEqual([429, 429]);
  });
});
