import { DEFAULT_TIME_ZONE } from '@listening/contract';
import { describe, expect, it } from 'vitest';
import { demoSuite, type Auth } from '../../test/harness.ts';

describe('clients', () => {
  const ctx = demoSuite(['admin', 'analyst', 'viewer']);
  const get = (url: string, headers: Auth) => ctx.t.app.inject({ method: 'GET', url, headers });

  it('answers only the clients a user belongs to, and all of them to admins', async () => {
    const names = async (h: Auth) => (await get('/api/client/getall', h)).json().map((c: { Name: string }) => c.Name);
    expect(await names(ctx.as.viewer)).toEqual(['Karoo Outdoor Co.']);
    expect((await names(ctx.as.analyst)).sort()).toEqual(['Acme Beverages', 'Mzansi Telecom']);
    const all = (await get('/api/client/getall', ctx.as.admin)).json();
    expect(all.length).toBe(4);
    expect(all.find((c: { Name: string }) => c.Name === 'Old Brand Holdings').IsActive).toBe(false);
  });

  it("answers the client's product codes", async () => {
    const acmeClientId = (await get(`/api/project/get?projectId=${ctx.t.projects['acme-brand']}`, ctx.as.admin)).json().ClientId;
    const res = await ctx.t.app.inject({ method: 'POST', url: `/crm/api/client/products/${acmeClientId}`, headers: ctx.as.analyst });
    expect(res.json().map((p: { ProductCode: string }) => p.ProductCode)).toContain('KPSZ10');
  });

  it("gives each client its time zone, and each user their own client's (the default for a user of none)", async () => {
    const karoo = (await get('/api/client/getall', ctx.as.viewer)).json()[0];
    await ctx.t.db.updateTable('clients').set({ time_zone: 'Pacific/Auckland' }).where('id', '=', karoo.Id).execute();
    try {
      expect((await get('/api/client/getall', ctx.as.viewer)).json()[0]).toMatchObject({ Name: 'Karoo Outdoor Co.', TimeZone: 'Pacific/Auckland' });
      expect((await get('/api/user/get', ctx.as.viewer)).json().TimeZone).toBe('Pacific/Auckland');
      expect((await get('/api/user/get', ctx.as.analyst)).json().TimeZone).toBe('Africa/Johannesburg');
      // The provider's administrator is a contact of no client: the default zone.
      expect((await get('/api/user/get', ctx.as.admin)).json().TimeZone).toBe(DEFAULT_TIME_ZONE);
    } finally {
      await ctx.t.db.updateTable('clients').set({ time_zone: DEFAULT_TIME_ZONE }).where('id', '=', karoo.Id).execute();
    }
  });
});
