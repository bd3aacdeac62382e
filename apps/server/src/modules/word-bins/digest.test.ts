// Word-bin digests over a real SMTP server on loopback: what a digest says, the log row, the
// notification and DateLastSent; every window reaches each recipient exactly once with two workers
// racing and with a worker killed in the middle of sending (a child process, then a second run).
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type Db } from '../../db/connection.ts';
import { afterKillMidSend, sendTakingOverClaims, withTwoSenders } from '../../test/kill-test.ts';
import { createMailer } from '../../mail/mailer.ts';
import { loopbackSmtp, perRecipient } from '../../mail/test-smtp.ts';
import { readUnsubscribeToken } from '../../mail/unsubscribe.ts';
import { useMigratedDb } from '../../test/harness.ts';
import { addMatches, seedWordBin } from '../../test/word-bin-fixture.ts';
import { deliverDueDigests, SETTLE_MS } from './digest.ts';

const opts = { publicUrl: 'http://localhost:8104', smtp: true };
const ago = (ms: number) => new Date(Date.now() - ms);

let db: Db;
useMigratedDb((d) => (db = d));

describe('word-bin digest delivery', () => {
  it('mails each recipient the window with author, platform, sentiment and link, logs it, notifies and advances DateLastSent', async () => {
    const smtp = await loopbackSmtp();
    const mailer = createMailer(db, { smtpUrl: smtp.url, from: 'listening@example.test' });
    try {
      const f = await seedWordBin(db, { recipients: 2 });
      await addMatches(db, f.wordBinId, [
        { body: 'Acme recall <b>again</b>', matchedAt: ago(20 * 60_000), author: 'Sipho', link: 'https://x.com/sipho/status/1' },
        { body: 'Is the recall over?', matchedAt: ago(10 * 60_000), author: 'Lerato', streamId: 8, link: 'javascript:alert(1)' },
      ]);
      const sent = (await deliverDueDigests(db, opts)).filter((w) => w.wordBinId === f.wordBinId);
      expect(sent).toEqual([expect.objectContaining({ clips: 2, mails: 2 })]);
      await mailer.flush();
      expect(smtp.received.map((r) => r.to).sort()).toEqual([...f.emails].sort());
      const mail = smtp.received[0];
      expect(mail.subject).toBe('Reaction list "Product recall": 2 new mentions');
      expect(mail.body).toContain('Sipho (@sipho) on X, Negative');
      expect(mail.body).toContain('https://x.com/sipho/status/1');
      expect(mail.body).toContain('&lt;b&gt;again&lt;/b&gt;');
      expect(mail.body).not.toContain('javascript:alert');
      // Times on the client's clock (the fixture's client has the default zone), the zone said once.
      expect(mail.body).toContain('Times in Africa/Johannesburg.');
      expect(mail.messageId).toMatch(/^<wordbin:/);
      // The unsubscribe link (mail/unsubscribe.ts) names this list and one of its recipients.
      const token = mail.body.match(/\/unsubscribe#token=([\w.-]+)/)?.[1];
      const target = await readUnsubscribeToken(db, token!);
      expect(target).toMatchObject({ type: 2, id: f.wordBinId });
      const recipient = await db
        .selectFrom('word_bin_recipients')
        .select('id')
        .where('word_bin_id', '=', f.wordBinId)
        .where('contact_id', '=', (target as { contactId: number }).contactId)
        .executeTakeFirst();
      expect(f.recipientIds).toContain(recipient?.id);

      const log = await db.selectFrom('word_bin_logs').selectAll().where('word_bin_id', '=', f.wordBinId).execute();
      expect(log).toHaveLength(1);
      expect(log[0].clip_count).toBe(2);
      const bin = await db.selectFrom('word_bins').select('date_last_sent').where('id', '=', f.wordBinId).executeTakeFirstOrThrow();
      expect(bin.date_last_sent!.getTime()).toBe(log[0].date_to.getTime());
      const notes = await db.selectFrom('notifications').select(['user_id', 'description', 'link']).where('user_id', 'in', f.userIds).execute();
      expect(notes).toHaveLength(2);
      expect(notes[0].description).toBe('Reaction list "Product recall" matched 2 new posts.');
      expect(notes[0].link).toBe(`/client/${f.clientId}/project/${f.projectId}/reaction-list/wordbin/${f.wordBinId}`);

      // Nothing new: nothing sent. One new match: the next window holds only it.
      expect((await deliverDueDigests(db, opts)).filter((w) => w.wordBinId === f.wordBinId)).toEqual([]);
      await addMatches(db, f.wordBinId, [{ body: 'Recall notice read', matchedAt: new Date() }]);
      const later = new Date(Date.now() + SETTLE_MS + 1000);
      expect((await deliverDueDigests(db, { ...opts, now: later })).filter((w) => w.wordBinId === f.wordBinId)).toEqual([
        expect.objectContaining({ clips: 1 }),
      ]);
      await mailer.flush();
      expect(smtp.received).toHaveLength(4);
      expect(smtp.received[3].subject).toBe('Reaction list "Product recall": 1 new mention');
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it('waits for the interval since the last send', async () => {
    const f = await seedWordBin(db, { interval: 60, start: ago(30 * 60_000) });
    await addMatches(db, f.wordBinId, [{ body: 'recall', matchedAt: ago(20 * 60_000) }]);
    expect((await deliverDueDigests(db, opts)).filter((w) => w.wordBinId === f.wordBinId)).toEqual([]);
    expect((await deliverDueDigests(db, { ...opts, now: new Date(Date.now() + 31 * 60_000) })).filter((w) => w.wordBinId === f.wordBinId)).toHaveLength(1);
  });

  it('sends each window once to each recipient when two workers race', async () => {
    await withTwoSenders(db, async (smtp, flush) => {
      const f = await seedWordBin(db, { recipients: 4 });
      await addMatches(db, f.wordBinId, [{ body: 'recall', matchedAt: ago(60_000) }]);
      const [a, b] = await Promise.all([deliverDueDigests(db, opts), deliverDueDigests(db, opts)]);
      expect([...a, ...b].filter((w) => w.wordBinId === f.wordBinId)).toHaveLength(1);
      await flush();
      const mine = smtp.received.filter((r) => f.emails.includes(r.to));
      expect(perRecipient(mine)).toEqual(Object.fromEntries(f.emails.map((e) => [e, 1])));
      expect(await db.selectFrom('word_bin_logs').select('id').where('word_bin_id', '=', f.wordBinId).execute()).toHaveLength(1);
    });
  });
});

const CHILD = fileURLToPath(new URL('../../test/digest-child.ts', import.meta.url));

describe('a worker killed mid-send', () => {
  it('every recipient still gets the window exactly once after a second run', async () => {
    const seed = async (db: Db) => {
      const f = await seedWordBin(db, { recipients: 3 });
      await addMatches(db, f.wordBinId, [{ body: 'recall', matchedAt: ago(60_000) }]);
      return f;
    };
    await afterKillMidSend('kill', CHILD, seed, async ({ f, shared, smtp }) => {
      const h = await shared.open();
      const logs = await h.db.selectFrom('word_bin_logs').select('id').where('word_bin_id', '=', f.wordBinId).execute();
      expect(logs).toHaveLength(1);
      // The second run: the window is logged already, so no new window; its mails are due again
      // once the dead sender's claims are stale (0 here; 10 minutes in production).
      expect(await deliverDueDigests(h.db, opts)).toEqual([]);
      await sendTakingOverClaims(h.db, smtp.url);
      expect(perRecipient(smtp.received)).toEqual(Object.fromEntries(f.emails.map((e) => [e, 1])));
      const states = await h.db.selectFrom('mail_outbox').select('status').distinct().execute();
      expect(states).toEqual([{ status: 'sent' }]);
      await h.close();
    });
  }, 60_000);
});
