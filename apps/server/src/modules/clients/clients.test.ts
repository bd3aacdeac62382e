import { DEFAULT_TIME_ZONE } from '@listening/contract';
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

  it("gives each client its time zone, and each user their own client's (the default for a user of none)", async () => {
    const karoo = (await get('/api/client/getall', viewer)).json()[0];
    await t.db.updateTable('clients').set({ time_zone: 'Pacific/Auckland' }).where('id', '=', karoo.Id).execute();
    try {
      expect((await get('/api/client/getall', viewer)).json()[0]).toMatchObject({ Name: 'Karoo Outdoor Co.', TimeZone: 'Pacific/Auckland' });
      expect((await get('/api/user/get', viewer)).json().TimeZone).toBe('Pacific/Auckland');
      expect((await get('/api/user/get', analyst)).json().TimeZone).toBe('Africa/Johannesburg');
      // The provider's administrator is a contact of no client: the default zone.
      expect((await get('/api/user/get', admin)).json().TimeZone).toBe(DEFAULT_TIME_ZONE);
    } finally {
      await t.db.updateTable('clients').set({ time_zone: DEFAULT_TIME_ZONE }).where('id', '=', karoo.Id).execute();
    }
  });
});
