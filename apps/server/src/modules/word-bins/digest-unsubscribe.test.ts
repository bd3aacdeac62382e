// The unsubscribe link of a real reaction-list digest mail removes its recipient from the list
// (POST /api/unsubscribe; the other links' cases are in modules/alerts/alerts.test.ts).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addMatches, seedWordBin } from '../../test/word-bin-fixture.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { deliverDueDigests } from './digest.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

it("unsubscribes a reaction list's recipient through the link of a real digest mail", async () => {
  const f = await seedWordBin(t.db, { recipients: 2 });
  await addMatches(t.db, f.wordBinId, [{ body: 'recall', matchedAt: new Date(Date.now() - 60_000) }]);
  await deliverDueDigests(t.db, { publicUrl: 'http://localhost:8105', smtp: false });
  const mail = await t.db.selectFrom('mail_outbox').select('text').where('to', '=', f.emails[1]).executeTakeFirstOrThrow();
  const token = mail.text.match(/\/unsubscribe#token=([\w.-]+)/)![1];
  const res = await t.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { token } });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ Name: 'Product recall', NotificationType: 2, NotificationTypeName: 'Reaction List Alert', Email: f.emails[1] });
  const left = await t.db.selectFrom('word_bin_recipients').select('id').where('word_bin_id', '=', f.wordBinId).execute();
  expect(left.map((r) => r.id)).toEqual([f.recipientIds[0]]);
});
