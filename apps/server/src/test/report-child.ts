// A worker process for the scheduled-report kill test (report-schedules.test.ts): sends the due
// schedules, generates every scheduled request not yet sent (as the generation job would, again
// after a crash) and delivers the outbox, on the database named by its arguments, then exits.
// The test kills it in the middle.
//   node --import tsx apps/server/src/test/report-child.ts <smtpUrl> pglite <dir>
//   node --import tsx apps/server/src/test/report-child.ts <smtpUrl> pg <url> <schema>
import { createMailer } from '../mail/mailer.ts';
import { generateRequest } from '../modules/reports/generate.ts';
import { sendDueSchedules } from '../modules/reports/schedules.ts';
import { openChildDb } from './child-db.ts';

const [smtpUrl, engine, where, schema] = process.argv.slice(2);
const { db, close } = await openChildDb(engine, where, schema);
const mailer = createMailer(db, { smtpUrl, from: 'listening@example.test', staleClaimMs: 0 });
await sendDueSchedules(db);
const pending = await db.selectFrom('report_requests').select('guid').where('schedule_id', 'is not', null).where('sent_at', 'is', null).execute();
for (const { guid } of pending) await generateRequest(db, guid, { publicUrl: 'http://localhost:8103', smtp: true });
process.stdout.write(`requests ${pending.length}\n`);
await mailer.flush();
await mailer.close();
await close();
