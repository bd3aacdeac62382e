import { describe, expect, it } from 'vitest';
import { authHeader, createTestApp, demoSuite, type Auth, type TestContext } from '../../test/harness.ts';

const collection = (t: TestContext, projectId: number, headers: object) =>
  t.app.inject({ method: 'GET', url: `/api/project/collection?projectId=${projectId}`, headers: headers as Record<string, string> });

describe('projects', () => {
  const ctx = demoSuite(['admin', 'analyst', 'viewer']);
  const get = (url: string, headers: Auth) => ctx.t.app.inject({ method: 'GET', url, headers });

  it("lists a client's projects sorted by description, with streams as a comma list", async () => {
    const clients = (await get('/api/client/getall', ctx.as.analyst)).json();
    const acme = clients.find((c: { Name: string }) => c.Name === 'Acme Beverages');
    const res = await get(`/api/project/getall?clientId=${acme.Id}`, ctx.as.analyst);
    expect(res.statusCode).toBe(200);
    const projects = res.json();
    const descriptions = projects.map((p: { Description: string }) => p.Description);
    expect(descriptions).toEqual([...descriptions].sort());
    const brand = projects.find((p: { Description: string }) => p.Description === 'Acme Cola Brand Monitoring');
    expect(brand).toMatchObject({ ProjectTypeId: 1, StreamId: '7,8,9,10,11', StopDate: null, TimeZone: 'Africa/Johannesburg' });
    expect(brand.BinId).toBeGreaterThan(0);
  });

  it("never shows another client's clients or projects", async () => {
    const acmeProject = ctx.t.projects['acme-brand'];
    const viewerProject = await get(`/api/project/get?projectId=${acmeProject}`, ctx.as.viewer);
    expect(viewerProject.statusCode).toBe(404);
    expect(viewerProject.body).not.toContain('Acme');
    const acmeClientId = (await get(`/api/project/get?projectId=${acmeProject}`, ctx.as.admin)).json().ClientId;
    expect((await get(`/api/project/getall?clientId=${acmeClientId}`, ctx.as.viewer)).statusCode).toBe(404);
    expect((await ctx.t.app.inject({ method: 'POST', url: `/crm/api/client/products/${acmeClientId}`, headers: ctx.as.viewer })).statusCode).toBe(404);
    expect((await get(`/crm/api/project/${acmeProject}/products`, ctx.as.viewer)).statusCode).toBe(404);
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    expect((await get('/api/project/get?projectId=999999', ctx.as.admin)).statusCode).toBe(404);
    const bad = await get('/api/project/get?projectId=abc', ctx.as.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/projectId/);
    const missing = await get('/api/project/getall', ctx.as.admin);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/clientId/);
  });
});

describe('what collects a project (project/collection)', () => {
  it("says the demo's simulator collects every stream when it is on (the demo's default)", async () => {
    const t = await createTestApp();
    try {
      const res = await collection(t, t.projects['acme-brand'], await authHeader(t.app, 'analyst@demo.example'));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        Collecting: true,
        Simulated: true,
        Summary: 'Collecting: simulated demo posts for X, Facebook, Instagram, YouTube, LinkedIn',
      });
      expect((await collection(t, t.projects['acme-brand'], await authHeader(t.app, 'viewer@demo.example'))).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('says a project collects nothing on a server with nothing configured, naming what to set for each network', async () => {
    const t = await createTestApp({ env: { SIMULATOR: '0' } });
    try {
      const res = await collection(t, t.projects['acme-brand'], await authHeader(t.app, 'analyst@demo.example'));
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        Collecting: false,
        Simulated: false,
        Summary: 'Not collecting: nothing configured for X, Facebook, Instagram, YouTube, LinkedIn',
      });
      expect(body.Streams[0].Steps.map((s: { Text: string }) => s.Text)).toContain(
        "Set X_BEARER_TOKEN on the server (X recent search for the project's keywords)",
      );
      expect(JSON.stringify(body)).not.toMatch(/access_token|Bearer/);
    } finally {
      await t.close();
    }
  });

  it("counts X search from the project's keywords once X_BEARER_TOKEN is set", async () => {
    const t = await createTestApp({ env: { SIMULATOR: '0', X_BEARER_TOKEN: 'app-token' } });
    try {
      const body = (await collection(t, t.projects['acme-brand'], await authHeader(t.app, 'admin@demo.example'))).json();
      expect(body.Collecting).toBe(true);
      expect(body.Streams[0]).toMatchObject({ Name: 'X', Collecting: true, Sources: ["X recent search for the project's keywords (X_BEARER_TOKEN)"] });
      expect(body.Summary).toBe('Collecting: X; nothing configured for Facebook, Instagram, YouTube, LinkedIn');
      expect(JSON.stringify(body)).not.toContain('app-token');
    } finally {
      await t.close();
    }
  });
});
