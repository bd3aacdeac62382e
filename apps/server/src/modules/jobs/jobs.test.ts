// Admin › Jobs (state counts, failures with their error, schedules; admins only) and the public
// unsubscribe of word-bin digests (a signed token removes its recipient, once; anything else is 400).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunner, enqueue, schedule } from '../../jobs/runner.ts';
import { addMatches, seedWordBin } from '../../jobs/word-bin-fixture.ts';
import { deliverDueDigests } from '../../jobs/word-bin-digest.ts';
import { authHeader, createTestApp, type TestContext } from '../../test/harness.ts';
import { ALREADY_UNSUBSCRIBED, INVALID_UNSUBSCRIBE } from './service.ts';

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

describe('POST /api/wordbin/unsubscribe', () => {
  it('removes the recipient its signed token names, once', async () => {
    const f = await seedWordBin(t.db, { recipients: 2 });
    await addMatches(t.db, f.wordBinId, [{ body: 'recall', matchedAt: new Date(Date.now() - 60_000) }]);
    await deliverDueDigests(t.db, { publicUrl: 'http://localhost:8104', smtp: false });
    const mail = await t.db.selectFrom('mail_outbox').select('text').where('to', '=', f.emails[1]).executeTakeFirstOrThrow();
    const token = mail.text.match(/\/unsubscribe#token=([\w.-]+)/)![1];

    const res = await t.app.inject({ method: 'POST', url: '/api/wordbin/unsubscribe', payload: { token } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ WordBinName: 'Product recall', Email: f.emails[1] });
    const left = await t.db.selectFrom('word_bin_recipients').select('id').where('word_bin_id', '=', f.wordBinId).execute();
    expect(left.map((r) => r.id)).toEqual([f.recipientIds[0]]);

    const again = await t.app.inject({ method: 'POST', url: '/api/wordbin/unsubscribe', payload: { token } });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(ALREADY_UNSUBSCRIBED);
    // Another recipient's id under this signature, or a made-up token: 400, nothing removed.
    for (const bad of [token.replace(/^\d+/, String(f.recipientIds[0])), 'sample', `${f.recipientIds[0]}.`]) {
      const r = await t.app.inject({ method: 'POST', url: '/api/wordbin/unsubscribe', payload: { token: bad } });
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe(INVALID_UNSUBSCRIBE);
    }
    expect(await t.db.selectFrom('word_bin_recipients').select('id').where('word_bin_id', '=', f.wordBinId).execute()).toHaveLength(1);
  });
});
