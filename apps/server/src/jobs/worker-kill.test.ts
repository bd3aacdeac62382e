// Worker processes killed with SIGKILL in the middle of their work (docs/scaling.md, "Faults"):
// real `--role=worker` processes on a database of the test's own, mailing a loopback SMTP server.
//
// During report generation: the test holds the scheduled request's row, so the first worker
// renders and stores the report file and then waits at the transaction that would complete the
// request and queue its mails; it is killed there, the worst moment (a whole file written, nothing
// committed). Its job is taken over by a second worker once the lease runs out. Afterwards the
// request is complete once, with one file, each recipient's mail is in the outbox once under its
// idempotency key and was received once, and the killed run's file, which nothing refers to, is
// the one the purge removes.
//
// During digest delivery: the first worker logs the window and queues a mail per recipient, and is
// killed when its second message reaches the SMTP server (before the server accepts it). A second
// worker delivers the rest once the dead sender's claims are stale; its own digest run makes no
// second window. Each recipient gets the digest once.
//
// The job lease (2 minutes for these queues) and a mail claim's staleness (10 minutes) are waited
// out by moving their end to now in the database, as if the time had passed: the runner's and the
// mailer's own tests show them running out. PostgreSQL only (the test:pg run): the embedded
// database lives inside its one process.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { loopbackSmtp, perRecipient } from '../mail/test-smtp.ts';
import { DIGEST_QUEUE } from '../modules/word-bins/digest.ts';
import { REPORT_GENERATE_QUEUE } from '../modules/reports/generate.ts';
import { sendDueSchedules } from '../modules/reports/schedules.ts';
import { UNREFERENCED_FILE_GRACE_MS, purgeUnusedFiles } from '../reports/files.ts';
import { freshDatabase, gone, type ProcessDb } from '../test/process-db.ts';
import { seedSchedule } from '../test/report-schedule-fixture.ts';
import { until } from '../test/server-process.ts';
import { addMatches, seedWordBin } from '../test/word-bin-fixture.ts';

describe.runIf(process.env.DATABASE_URL)('a worker killed with SIGKILL during report generation and during digest delivery', () => {
  let t: ProcessDb;
  let h: DbHandle;
  let smtp: Awaited<ReturnType<typeof loopbackSmtp>>;
  let onMessage: () => 'accept' | 'hold' = () => 'accept';

  beforeAll(async () => {
    t = await freshDatabase('wkill');
    h = await openDb({ databaseUrl: t.url, dataDir: ':memory:' });
    await migrate(h.db);
    smtp = await loopbackSmtp({ onMessage: () => onMessage() });
  }, 60_000);

  afterAll(async () => {
    await h?.close();
    await smtp?.close();
    await t?.close();
  });

  const startWorker = () => t.start('worker', { SMTP_URL: smtp.url, DEMO: '0', CONNECTOR_INTERVAL_MS: '0' });
  const rows = <T>(text: string, values: unknown[] = []) => t.rows<T>(text, values);
  /** Each idempotency key of the outbox, with how many rows carry it and their states. */
  const outboxKeys = (prefix: string) =>
    rows<{ key: string; n: number; states: string[] }>(
      `select idempotency_key as key, count(*)::int as n, array_agg(status) as states from mail_outbox where idempotency_key like $1 group by 1 order by 1`,
      [`${prefix}%`],
    );

  it('completes the request once with one file, and mails each recipient once, after a worker dies at its commit', async () => {
    const f = await seedSchedule(h.db, 3);
    const [guid] = await sendDueSchedules(h.db);
    expect(guid).toBeDefined();
    // The request's row held: the worker can render and store the file, not complete the request.
    const lock = new pg.Client({ connectionString: t.url });
    await lock.connect();
    await lock.query('begin');
    await lock.query('select 1 from report_requests where guid = $1 for update', [guid]);
    const lockPid = (await lock.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;

    const first = startWorker();
    await until('the first worker waiting at its commit', 60, async () => {
      const [r] = await rows<{ waiting: number }>('select count(*)::int as waiting from pg_stat_activity where $1 = any(pg_blocking_pids(pid))', [lockPid]);
      return r.waiting > 0 ? true : undefined;
    });
    const [job] = await rows<{ state: string; attempts: number }>(`select state, attempts from jobs where queue = $1`, [REPORT_GENERATE_QUEUE]);
    expect(job).toEqual({ state: 'running', attempts: 1 });
    // The whole file is written; nothing refers to it yet.
    const written = await rows<{ id: string; size: number | null }>('select id, size from report_files');
    expect(written).toHaveLength(1);
    expect(written[0].size).toBeGreaterThan(0);
    first.child.kill('SIGKILL');
    await gone(first, 'the worker gone');
    await lock.query('rollback');
    await lock.end();

    // Nothing of the killed run's transaction is there.
    const [killed] = await rows<{ completed: boolean; file_id: string | null; sent_at: Date | null }>(
      'select completed, file_id, sent_at from report_requests where guid = $1',
      [guid],
    );
    expect(killed).toEqual({ completed: false, file_id: null, sent_at: null });
    expect(await outboxKeys('report-schedule:')).toEqual([]);
    expect(smtp.received).toHaveLength(0);

    // Its lease runs out; a second worker takes the job over.
    await t.client.query(`update jobs set locked_until = now() - interval '1 second' where queue = $1 and state = 'running'`, [REPORT_GENERATE_QUEUE]);
    const second = startWorker();
    await until('each recipient mailed', 60, async () => (smtp.received.length >= f.emails.length ? true : undefined));
    await until('the job done', 10, async () => {
      const [j] = await rows<{ state: string }>(`select state from jobs where queue = $1`, [REPORT_GENERATE_QUEUE]);
      return j.state === 'done' ? true : undefined;
    });
    expect(second.exited, second.output()).toBe(false);

    const [done] = await rows<{ attempts: number }>(`select attempts from jobs where queue = $1`, [REPORT_GENERATE_QUEUE]);
    expect(done.attempts).toBe(2);
    const requests = await rows<{ guid: string; completed: boolean; sent: boolean; file_id: string }>(
      'select guid, completed, sent_at is not null as sent, file_id from report_requests where schedule_id = $1',
      [f.scheduleId],
    );
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ guid, completed: true, sent: true });
    const fileId = requests[0].file_id;
    // One mail per recipient, each under its key once, each sent and received once.
    const contacts = await rows<{ id: number }>('select contact_id as id from report_recipients where report_id = $1 order by contact_id', [f.reportId]);
    expect(await outboxKeys('report-schedule:')).toEqual(
      contacts.map((c) => ({ key: `report-schedule:${guid}:${c.id}`, n: 1, states: ['sent'] })).sort((a, b) => a.key.localeCompare(b.key)),
    );
    expect(perRecipient(smtp.received)).toEqual(Object.fromEntries(f.emails.map((e) => [e, 1])));
    // Every mail carries the request's file; the file is whole.
    const attached = await rows<{ file_id: string }>('select distinct file_id from mail_attachments');
    expect(attached).toEqual([{ file_id: fileId }]);
    const [file] = await rows<{ size: number; stored: number }>(
      'select f.size, (select sum(length(data))::int from report_file_chunks c where c.file_id = f.id) as stored from report_files f where f.id = $1',
      [fileId],
    );
    expect(file.stored).toBe(file.size);
    // The killed run's file is the only other one, and the purge removes it once its grace is over.
    const others = await rows<{ id: string }>('select id from report_files where id <> $1', [fileId]);
    expect(others).toEqual([{ id: written[0].id }]);
    expect(await purgeUnusedFiles(h.db, new Date(Date.now() + UNREFERENCED_FILE_GRACE_MS + 60_000))).toBe(1);
    expect(await rows('select id from report_files')).toEqual([{ id: fileId }]);

    second.child.kill('SIGKILL');
    await gone(second, 'the worker gone');
  }, 150_000);

  it('mails each recipient the digest window once after a worker dies in the middle of sending it', async () => {
    const f = await seedWordBin(h.db, { recipients: 3 });
    await addMatches(h.db, f.wordBinId, [{ body: 'recall', matchedAt: new Date(Date.now() - 60_000) }]);
    const before = smtp.received.length;
    // The first worker dies when its second message arrives, before the server accepts it.
    let arrived = 0;
    onMessage = () => (++arrived === 2 ? (first.child.kill('SIGKILL'), 'hold') : 'accept');
    await t.client.query(`update job_schedules set next_run_at = now() where name = 'word-bin-digests'`);
    const first = startWorker();
    await until('the first worker killed mid-send', 60, async () => (first.exited ? true : undefined));
    onMessage = () => 'accept';
    const digests = () => smtp.received.slice(before);
    expect(digests()).toHaveLength(1);
    const windows = await rows('select id from word_bin_logs where word_bin_id = $1', [f.wordBinId]);
    expect(windows).toHaveLength(1);
    const queued = await outboxKeys(`wordbin:${f.wordBinId}:`);
    expect(queued).toHaveLength(f.emails.length);
    expect(queued.filter((k) => k.states[0] === 'sent')).toHaveLength(1);

    // The dead sender's claims go stale; a second worker delivers what is left and runs the digest
    // job again, which finds the window logged already.
    await t.client.query(`update mail_outbox set claimed_at = claimed_at - interval '11 minutes' where status = 'sending'`);
    await t.client.query(`update job_schedules set next_run_at = now() where name = 'word-bin-digests'`);
    const [{ at: secondStarted }] = await rows<{ at: Date }>('select now() as at');
    const second = startWorker();
    await until('each recipient mailed', 60, async () => (digests().length >= f.emails.length ? true : undefined));
    await until('the digest job run by the second worker', 30, async () => {
      const [r] = await rows<{ n: number }>(`select count(*)::int as n from jobs where queue = $1 and state = 'done' and finished_at > $2`, [
        DIGEST_QUEUE,
        secondStarted,
      ]);
      return r.n >= 1 ? true : undefined;
    });
    expect(second.exited, second.output()).toBe(false);

    expect(perRecipient(digests())).toEqual(Object.fromEntries(f.emails.map((e) => [e, 1])));
    expect(await rows('select id from word_bin_logs where word_bin_id = $1', [f.wordBinId])).toHaveLength(1);
    const keys = await outboxKeys(`wordbin:${f.wordBinId}:`);
    expect(keys.map((k) => k.key)).toEqual(queued.map((k) => k.key));
    expect(keys.every((k) => k.n === 1 && k.states[0] === 'sent')).toBe(true);
    second.child.kill('SIGKILL');
    await gone(second, 'the worker gone');
  }, 150_000);
});
