// A worker process for the delivery test's kill (word-bin-digest.test.ts): runs the digest job
// once and delivers the outbox, on the database named by its arguments, then exits. The test
// kills it in the middle.
//   node --import tsx apps/server/src/test/digest-child.ts <smtpUrl> pglite <dir>
//   node --import tsx apps/server/src/test/digest-child.ts <smtpUrl> pg <url> <schema>
import { createMailer } from '../mail/mailer.ts';
import { deliverDueDigests } from '../modules/word-bins/digest.ts';
import { openChildDb } from './child-db.ts';

const [smtpUrl, engine, where, schema] = process.argv.slice(2);
const { db, close } = await openChildDb(engine, where, schema);
const mailer = createMailer(db, { smtpUrl, from: 'listening@example.test' });
const sent = await deliverDueDigests(db, { publicUrl: 'http://localhost:8104', smtp: true });
process.stdout.write(`windows ${sent.length}\n`);
await mailer.flush();
await mailer.close();
await close();
