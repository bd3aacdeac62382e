// A worker process for the alert delivery test's kill (alert-delivery.test.ts): runs the alert job
// once and delivers the outbox, on the database named by its arguments, then exits. The test
// kills it in the middle.
//   node --import tsx apps/server/src/test/alert-child.ts <smtpUrl> pglite <dir>
//   node --import tsx apps/server/src/test/alert-child.ts <smtpUrl> pg <url> <schema>
import { createMailer } from '../mail/mailer.ts';
import { deliverDueAlerts } from '../modules/alerts/delivery.ts';
import { openChildDb } from './child-db.ts';

const [smtpUrl, engine, where, schema] = process.argv.slice(2);
const { db, close } = await openChildDb(engine, where, schema);
const mailer = createMailer(db, { smtpUrl, from: 'listening@example.test' });
const sent = await deliverDueAlerts(db, { publicUrl: 'http://localhost:8105', smtp: true });
process.stdout.write(`windows ${sent.length}\n`);
await mailer.flush();
await mailer.close();
await close();
