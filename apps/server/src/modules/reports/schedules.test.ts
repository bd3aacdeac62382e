// Scheduled reports: the window each frequency covers, how DateNextSend moves, and delivery exactly
// once with two workers racing and with a worker killed in the middle of sending (a child process,
// then a second run), as modules/word-bins/digest.test.ts does for word-bin digests.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { afterKillMidSend, runChild } from '../../test/kill-test.ts';
import { perRecipient } from '../../mail/test-smtp.ts';
import { migratedTestDb } from '../../test/harness.ts';
import { seedSchedule } from '../../test/report-schedule-fixture.ts';
import { generateRequest } from './generate.ts';
import { advance, sendDueSchedules, sendWindow } from './schedules.ts';

const wall = (s: string) => new Date(`${s}Z`);

describe('schedule arithmetic', () => {
  it('moves a daily, weekly and monthly schedule on by its period; the 31st becomes the last day of a short month', () => {
    expect(advance(wall('2026-01-31T08:00:00'), 1)).toEqual(wall('2026-02-01T08:00:00'));
    expect(advance(wall('2026-01-31T08:00:00'), 2)).toEqual(wall('2026-02-07T08:00:00'));
    expect(advance(wall('2026-01-31T08:00:00'), 3)).toEqual(wall('2026-02-28T08:00:00'));
    expect(advance(wall('2026-12-15T08:00:00'), 3)).toEqual(wall('2027-01-15T08:00:00'));
  });

  it('covers the whole days of the period before the send', () => {
    expect(sendWindow(wall('2026-03-10T08:00:00'), 1)).toEqual({ startWall: wall('2026-03-09T00:00:00'), endWallExclusive: wall('2026-03-10T00:00:00') });
    expect(sendWindow(wall('2026-03-10T08:00:00'), 2)).toEqual({ startWall: wall('2026-03-03T00:00:00'), endWallExclusive: wall('2026-03-10T00:00:00') });
    expect(sendWindow(wall('2026-03-10T08:00:00'), 3)).toEqual({ startWall: wall('2026-02-10T00:00:00'), endWallExclusive: wall('2026-03-10T00:00:00') });
  });
});

describe('two workers at once', () => {
  it('make one request and one mail per recipient for a due moment', async () => {
    const handle = await migratedTestDb();
    try {
      const f = await seedSchedule(handle.db);
      const [a, b] = await Promise.all([sendDueSchedules(handle.db), sendDueSchedules(handle.db)]);
      expect([...a, ...b]).toHaveLength(1);
      const opts = { publicUrl: 'http://localhost:8103', smtp: false };
      const runs = await Promise.all([generateRequest(handle.db, a[0] ?? b[0], opts), generateRequest(handle.db, a[0] ?? b[0], opts)]);
      expect(runs.reduce((n, r) => n + (r?.mails ?? 0), 0)).toBe(3);
      const mails = await handle.db.selectFrom('mail_outbox').select('to').execute();
      expect(mails.map((m) => m.to).sort()).toEqual([...f.emails].sort());
      const next = await handle.db.selectFrom('report_schedules').select(['date_next_send', 'date_last_sent']).executeTakeFirstOrThrow();
      expect(next.date_next_send.getTime()).toBeGreaterThan(Date.now());
      expect(next.date_last_sent).not.toBeNull();
    } finally {
      await handle.close();
    }
  }, 60_000);
});

const CHILD = fileURLToPath(new URL('../../test/report-child.ts', import.meta.url));

describe('a worker killed mid-send', () => {
  it('every recipient still gets the scheduled report exactly once after a second run', async () => {
    await afterKillMidSend('rkill', CHILD, seedSchedule, async ({ f, shared, smtp }) => {
      // The second run: the moment is sent already (one request, recorded as sent), so nothing new
      // is made; the dead sender's mails are delivered, each once.
      const second = runChild(CHILD, smtp.url, shared.args);
      expect(await second.exited).toBe(0);
      expect(perRecipient(smtp.received)).toEqual(Object.fromEntries(f.emails.map((e) => [e, 1])));
      expect(smtp.received[0].subject).toBe('Stats Analysis report: Daily brand report');

      const h = await shared.open();
      const requests = await h.db.selectFrom('report_requests').select(['completed', 'sent_at']).where('schedule_id', '=', f.scheduleId).execute();
      expect(requests).toHaveLength(1);
      expect(requests[0].completed).toBe(true);
      expect(requests[0].sent_at).not.toBeNull();
      const states = await h.db.selectFrom('mail_outbox').select('status').distinct().execute();
      expect(states).toEqual([{ status: 'sent' }]);
      await h.close();
    });
  }, 150_000);
});
