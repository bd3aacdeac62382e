import * as contract from '@listening/contract';
import { defineOperation, HOST_PREFIX, type Operation } from '@listening/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';

const operations = (Object.values(contract) as unknown[]).filter(
  (v): v is Operation => !!v && typeof v === 'object' && 'access' in v && 'path' in v && 'method' in v && 'response' in v,
);

describe('routes come from contract operations', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  it('serves every operation the contract declares, with its access level in the API description', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { 'x-access'?: string }>> };
    expect(operations.length).toBeGreaterThan(50);
    for (const op of operations) {
      const path = `${HOST_PREFIX[op.host]}${op.path}`.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[path]?.[op.method.toLowerCase()]?.['x-access'], `${op.method} ${path}`).toBe(op.access);
    }
  });

  it('refuses a route that declares no access level', async () => {
    const app = await buildApp({ db: t.db, mailer: t.mailer, config: loadConfig({ WEB_DIST: '/nonexistent' }) });
    let refused: unknown = null;
    try {
      app.get('/api/unguarded', async () => ({ ok: true }));
      await app.ready();
    } catch (err) {
      refused = err;
    }
    expect(String(refused)).toMatch(/GET \/api\/unguarded declares no access level/);
    await app.close().catch(() => undefined);
  });

  it('gives an operation the error answers of its access level, and answers 401 without a session', async () => {
    const probe = defineOperation({
      host: 'main',
      method: 'GET',
      path: '/api/probe',
      summary: 'probe',
      tags: ['test'],
      access: 'user',
      response: z.object({}),
    });
    expect(probe.errors).toEqual([401, 403, 404]);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/outbox' });
    expect(res.statusCode).toBe(401);
  });
});
