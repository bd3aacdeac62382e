// A worker process for the alert delivery test's kill (alert-delivery.test.ts): runs the alert job
// once and delivers the outbox, on the database named by its arguments, then exits. The test
// kills it in the middle.
//   node --import tsx apps/server/src/test/alert-child.ts <smtpUrl> pglite <dir>
//   node --import tsx apps/server/src/test/alert-child.ts <smtpUrl> pg <url> <schema>
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { openDb, type Db } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import { createMailer } from '../mail/mailer.ts';
import { deliverDueAlerts } from '../modules/alerts/delivery.ts';

const [smtpUrl, engine, where, schema] = process.argv.slice(2);
let db: Db;
let close: () => Promise<void>;
if (engine === 'pg') {
  db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: where, max: 2, options: `-c search_path=${schema}` }) }) });
  close = () => db.destroy();
} else {
  const h = await openDb({ databaseUrl: null, dataDir: where });
  db = h.db;
  close = h.close;
}
const mailer = createMailer(db, { smtpUrl, from: 'listening@example.test' });
const sent = await deliverDueAlerts(db, { publicUrl: 'http://localhost:8105', smtp: true });
process.stdout.write(`windows ${sent.length}\n`);
await mailer.flush();
await mailer.close();
await close();
