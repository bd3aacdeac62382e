// Admin › Jobs (state counts, failures with their error, schedules; admins only). The unsubscribe
// link of word-bin digests is tested with every other mail's in modules/alerts/alerts.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunner, enqueue, schedule } from '../../jobs/runner.ts';
import { authHeader, createTestApp, type TestContext } from '../../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/admin/jobs', () => {
  it('shows each queue by state, failures with their error and the schedules, to admins only', async () => {
    await schedule(t.db, 'word-bin-digests', 'word-bin-digest', 20_000);
    await enqueue(t.db, 'reports', {}, { maxAttempts: 1 });
    await enqueue(t.db, 'reports', {}, { runAt: new Date(Date.now() + 3600_000) });
    const runner = createRunner(t.db, { queues: { reports: { handler: async () => Promise.reject(new Error('SMTP 550 mailbox unavailable')) } } });
    await runner.work('reports');

    expect((await t.app.inject({ method: 'GET', url: '/api/admin/jobs', headers: await authHeader(t.app, 'analyst@demo.example') })).statusCode).toBe(403);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/jobs', headers: await authHeader(t.app, 'admin@demo.example') });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.Queues).toEqual([{ Queue: 'reports', Queued: 1, Running: 0, Done: 0, Failed: 1, OldestDue: expect.any(String) }]);
    expect(body.Failures).toEqual([
      expect.objectContaining({ Queue: 'reports', State: 'failed', Attempts: 1, Error: 'SMTP 550 mailbox unavailable', NextRun: null }),
    ]);
    expect(body.Schedules).toEqual([expect.objectContaining({ Name: 'word-bin-digests', Queue: 'word-bin-digest', EveryMs: 20_000 })]);
  });
});
