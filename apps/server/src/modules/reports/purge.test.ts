// The outbox purge as the server runs it: declared with the product's jobs, hourly, with the
// retention the server was given (OUTBOX_RETENTION_DAYS). What it deletes is tested in
// modules/reports/files.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/connection.ts';
import { migratedTestDb } from '../../test/harness.ts';
import { startProductJobs } from '../../jobs/product-jobs.ts';

const DAY = 86_400_000;

describe('the outbox purge job', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await migratedTestDb();
  });
  afterAll(() => h.close());

  it('runs every hour on the durable runner with the retention it is given', async () => {
    const sent = (days: number) => ({ to: `sent-${days}@acme.example`, subject: 's', text: 't', status: 'sent', sent_at: new Date(Date.now() - days * DAY) });
    await h.db
      .insertInto('mail_outbox')
      .values([sent(8), sent(6)])
      .execute();
    const stop = await startProductJobs(h.db, { publicUrl: 'http://localhost', smtp: false, followers: null, outboxRetentionDays: 7, pollMs: 50 });
    try {
      const deadline = Date.now() + 30_000;
      const done = () => h.db.selectFrom('jobs').select('state').where('queue', '=', 'outbox-purge').where('state', '=', 'done').executeTakeFirst();
      while (!(await done()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    } finally {
      await stop();
    }
    const schedule = await h.db.selectFrom('job_schedules').select(['queue', 'every_ms']).where('name', '=', 'outbox-purge').executeTakeFirst();
    expect(schedule).toEqual({ queue: 'outbox-purge', every_ms: 3_600_000 });
    const left = await h.db.selectFrom('mail_outbox').select('to').execute();
    expect(left.map((r) => r.to)).toEqual(['sent-6@acme.example']);
  });
});
