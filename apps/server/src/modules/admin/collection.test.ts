// GET /api/admin/collection: what the connectors collected, per project and connector kind, for
// admins only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectionRow } from '@listening/contract';
import { authHeader, createTestApp, type TestContext } from '../../test/harness.ts';

describe('collection stats', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
    const project = t.projects['acme-brand'];
    const row = (connector: string, key: string, projectId: number | null, over: Record<string, unknown> = {}) => ({
      connector,
      key,
      project_id: projectId,
      runs: 2,
      collected: 10,
      skipped: JSON.stringify({}),
      last_run_at: new Date('2024-01-10T10:00:00Z'),
      last_ended: 'done',
      ...over,
    });
    await t.db
      .insertInto('connector_stats')
      .values([
        row('facebook.comments', `project:${project}:100_1`, project, { skipped: JSON.stringify({ not_public: 2, missing_author: 1 }) }),
        row('facebook.comments', `project:${project}:100_2`, project, {
          skipped: JSON.stringify({ not_public: 1 }),
          last_run_at: new Date('2024-01-10T11:00:00Z'),
          last_ended: 'stopped',
          last_error: 'token_invalid',
          last_error_at: new Date('2024-01-10T11:00:00Z'),
          stopped_runs: 4,
        }),
        row('blog.feed', 'https://blog.example.com/feed', null, { collected: 4 }),
      ])
      .execute();
    await t.db
      .insertInto('connector_skip_windows')
      .values({ connector: 'facebook.comments', alerting: ['missing_author'] })
      .execute();
  });
  afterAll(() => t.close());

  it('sums each project and connector kind: instances, runs, collected, skipped by reason, latest run and error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/collection', headers: await authHeader(t.app, 'admin@demo.example') });
    expect(res.statusCode).toBe(200);
    const { Rows, Alerts } = res.json() as { Rows: CollectionRow[]; Alerts: unknown[] };
    expect(Rows.find((r) => r.Connector === 'facebook.comments')).toEqual({
      ProjectId: t.projects['acme-brand'],
      ProjectName: expect.any(String),
      ClientName: 'Acme Beverages',
      Connector: 'facebook.comments',
      Network: 'Facebook',
      Instances: 2,
      Runs: 4,
      Collected: 20,
      Skipped: { not_public: 3, missing_author: 1 },
      LastRun: '2024-01-10T11:00:00.000Z',
      LastEnded: 'stopped',
      LastError: 'token_invalid',
      LastErrorAt: '2024-01-10T11:00:00.000Z',
      // One instance has stopped on its last 4 runs (admins were told at STOP_STREAK_THRESHOLD).
      StoppedRuns: 4,
      StoppedError: 'token_invalid',
    });
    expect(Rows.find((r) => r.Connector === 'blog.feed')).toMatchObject({
      ProjectId: null,
      ProjectName: null,
      Network: 'Blogs',
      Collected: 4,
      LastError: null,
      StoppedRuns: 0,
      StoppedError: null,
    });
    expect(Alerts).toEqual([{ Connector: 'facebook.comments', Network: 'Facebook', Reasons: ['missing_author'] }]);
  });

  it('is for admins only', async () => {
    const analyst = await t.app.inject({ method: 'GET', url: '/api/admin/collection', headers: await authHeader(t.app, 'analyst@demo.example') });
    expect(analyst.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/collection' })).statusCode).toBe(401);
  });
});
