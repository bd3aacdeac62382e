import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestApp, type TestContext } from '../../test/harness.ts';

describe('clients', () => {
  let t: TestContext;
  let admin: { authorization: string };
  let analyst: { authorization: string };
  let viewer: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    [admin, analyst, viewer] = await Promise.all(['admin', 'analyst', 'viewer'].map((u) => authHeader(t.app, `${u}@demo.example`)));
  });
  afterAll(() => t.close());

  const get = (url: string, headers: object) => t.app.inject({ method: 'GET', url, headers: headers as Record<string, string> });

  it('answers only the clients a user belongs to, and all of them to admins', async () => {
    const names = async (h: object) => (await get('/api/client/getall', h)).json().map((c: { Name: string }) => c.Name);
    expect(await names(viewer)).toEqual(['Karoo Outdoor Co.']);
    expect((await names(analyst)).sort()).toEqual(['Acme Beverages', 'Mzansi Telecom']);
    const all = (await get('/api/client/getall', admin)).json();
    expect(all.length).toBe(4);
    expect(all.find((c: { Name: string }) => c.Name === 'Old Brand Holdings').IsActive).toBe(false);
  });

  it("answers the client's product codes", async () => {
    const acmeClientId = (await get(`/api/project/get?projectId=${t.projects['acme-brand']}`, admin)).json().ClientId;
    const res = await t.app.inject({ method: 'POST', url: `/crm/api/client/products/${acmeClientId}`, headers: analyst });
    expect(res.json().map((p: { ProductCode: string }) => p.ProductCode)).toContain('KPSZ10');
  });
});
