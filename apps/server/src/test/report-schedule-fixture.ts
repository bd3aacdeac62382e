// A scheduled report for the delivery tests (modules/reports/schedules.test.ts, jobs/worker-kill.test.ts):
// a project (ingest/testing.ts seedProject), a report of it, contacts of its client who are the
// report's recipients, and a daily schedule that came due a minute ago. Test support only.
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/connection.ts';
import { seedProject } from '../ingest/testing.ts';

/** A report with `recipients` contacts of its client and a daily schedule that came due a minute ago. */
export async function seedSchedule(db: Db, recipients = 3) {
  const tag = randomBytes(3).toString('hex');
  const p = await seedProject(db, { name: `Scheduled ${tag}` });
  const report = await db
    .insertInto('reports')
    .values({ client_id: p.clientId, project_id: p.projectId, name: 'Daily brand report', layout_id: 1, template_ids: [1], stream_ids: [7, 8, 9] })
    .returning('id')
    .executeTakeFirstOrThrow();
  const emails: string[] = [];
  for (let i = 0; i < recipients; i++) {
    const email = `report${i}-${tag}@example.test`;
    const u = await db
      .insertInto('users')
      .values({ email, name: `Reader ${i}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const c = await db.insertInto('client_contacts').values({ user_id: u.id, client_id: p.clientId }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('report_recipients').values({ report_id: report.id, contact_id: c.id }).execute();
    emails.push(email);
  }
  const schedule = await db
    .insertInto('report_schedules')
    .values({ report_id: report.id, date_next_send: new Date(Date.now() - 60_000), frequency_id: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { reportId: report.id, scheduleId: schedule.id, emails };
}
