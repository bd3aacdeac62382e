import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestApp, type TestContext } from '../../test/harness.ts';

describe('project bins', () => {
  let t: TestContext;
  let admin: { authorization: string };
  let analyst: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    [admin, analyst] = await Promise.all(['admin', 'analyst'].map((u) => authHeader(t.app, `${u}@demo.example`)));
  });
  afterAll(() => t.close());

  const get = (url: string, headers: object) => t.app.inject({ method: 'GET', url, headers: headers as Record<string, string> });

  it('lets only admins rename and soft-delete a project', async () => {
    const project = (await get(`/api/project/get?projectId=${t.projects['acme-summer']}`, admin)).json();
    const put = (url: string, h: object) => t.app.inject({ method: 'PUT', url, headers: h as Record<string, string> });
    expect((await put(`/keywords/api/bins/updatename?binId=${project.BinId}&binName=Hacked`, analyst)).statusCode).toBe(403);
    expect((await put(`/keywords/api/bins/updatename?binId=${project.BinId}&binName=`, admin)).statusCode).toBe(400);
    expect((await put(`/keywords/api/bins/updatename?binId=${project.BinId}&binName=Summer%20Refresh%202026`, admin)).statusCode).toBe(200);
    expect((await get(`/api/project/get?projectId=${project.Id}`, analyst)).json().Description).toBe('Summer Refresh 2026');

    expect((await put(`/keywords/api/bins/isdeleted?id=${project.BinId}&isDeleted=true&clientId=${project.ClientId + 1}`, admin)).statusCode).toBe(404);
    expect((await put(`/keywords/api/bins/isdeleted?id=${project.BinId}&isDeleted=true&clientId=${project.ClientId}`, admin)).statusCode).toBe(200);
    expect((await get(`/api/project/get?projectId=${project.Id}`, analyst)).statusCode).toBe(404);
    const list = (await get(`/api/project/getall?clientId=${project.ClientId}`, analyst)).json();
    expect(list.map((p: { Id: number }) => p.Id)).not.toContain(project.Id);
    const stored = await t.db.selectFrom('projects').select('is_deleted').where('id', '=', project.Id).executeTakeFirstOrThrow();
    expect(stored.is_deleted).toBe(true);
  });
});
