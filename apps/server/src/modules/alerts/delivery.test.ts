// Alert delivery over a real SMTP server on loopback: what an alert mail says, the log row, the
// notification and date_last_sent; mentions stored before the alert, rejected ones and those of
// clients without Notifications are not sent; every window reaches each recipient exactly once
// with two workers racing and with a worker killed in the middle of sending (a child process,
// then a second run). The same tests as the word-bin digest's (word-bin-digest.test.ts).
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type Db } from '../../db/connection.ts';
import { afterKillMidSend, sendTakingOverClaims, withTwoSenders } from '../../test/kill-test.ts';
import { createMailer } from '../../mail/mailer.ts';
import { loopbackSmtp, perRecipient } from '../../mail/test-smtp.ts';
import { readUnsubscribeToken } from '../../mail/unsubscribe.ts';
import { seedProject } from '../../ingest/testing.ts';
import { useMigratedDb } from '../../test/harness.ts';
import { deliverDueAlerts, SETTLE_MS } from './delivery.ts';

const opts = { publicUrl: 'http://localhost:8105', smtp: true };
const ago = (ms: number) => new Date(Date.now() - ms);

let seq = 0;

interface AlertFixture {
  clientId: number;
  projectId: number;
  rootBinId: number;
  alertId: number;
  emails: string[];
  userIds: number[];
  contactIds: number[];
}

/** A project whose client owns Notifications (unless `product: false`), contacts, and an alert made `createdAgo` ms ago. */
async function seedAlert(
  db: Db,
  o: { recipients?: number; interval?: number; createdAgo?: number; start?: Date; product?: boolean; sentimentId?: number; keyword?: string } = {},
): Promise<AlertFixture> {
  const tag = `${process.pid}-${++seq}`;
  const p = await seedProject(db, { name: `Alert client ${tag}` });
  if (o.product !== false) await db.insertInto('client_products').values({ client_id: p.clientId, product_code: 'KPNT10' }).execute();
  const created = ago(o.createdAgo ?? 3600_000);
  const alert = await db
    .insertInto('alerts')
    .values({
      client_id: p.clientId,
      project_id: p.projectId,
      name: 'Brand watch',
      interval_minutes: o.interval ?? 0,
      start_date: o.start ?? created,
      created_at: created,
      sentiment_id: o.sentimentId ?? 0,
      keyword: o.keyword ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const emails: string[] = [];
  const userIds: number[] = [];
  const contactIds: number[] = [];
  for (let i = 0; i < (o.recipients ?? 2); i++) {
    const email = `alerted${i}-${tag}@example.test`;
    const u = await db
      .insertInto('users')
      .values({ email, name: `Alerted ${i}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const c = await db.insertInto('client_contacts').values({ user_id: u.id, client_id: p.clientId }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('alert_recipients').values({ alert_id: alert.id, contact_id: c.id }).execute();
    emails.push(email);
    userIds.push(u.id);
    contactIds.push(c.id);
  }
  return { clientId: p.clientId, projectId: p.projectId, rootBinId: p.rootBinId, alertId: alert.id, emails, userIds, contactIds };
}

/** Stores posts as the project's mentions, stored at `storedAt`. */
async function addMentions(
  db: Db,
  f: AlertFixture,
  posts: { body: string; storedAt: Date; author?: string; streamId?: number; link?: string; rejected?: boolean; favourabilityId?: number }[],
) {
  for (const post of posts) {
    const a = await db
      .insertInto('authors')
      .values({
        stream_id: post.streamId ?? 7,
        external_id: `al-${post.author ?? 'Thandi'}`,
        name: post.author ?? 'Thandi',
        handle: (post.author ?? 'Thandi').toLowerCase(),
      })
      .onConflict((oc) => oc.columns(['stream_id', 'external_id']).doUpdateSet({ name: post.author ?? 'Thandi' }))
      .returning('id')
      .executeTakeFirstOrThrow();
    const clip = await db
      .insertInto('clips')
      .values({
        stream_id: post.streamId ?? 7,
        external_id: `alert-${f.alertId}-${++seq}`,
        author_id: a.id,
        body: post.body,
        posted_at: post.storedAt,
        link: post.link ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('bin_clips')
      .values({
        bin_id: f.rootBinId,
        project_id: f.projectId,
        clip_id: clip.id,
        stream_id: post.streamId ?? 7,
        posted_at: post.storedAt,
        author_id: a.id,
        created_at: post.storedAt,
        rejected: post.rejected ?? false,
        favourability_id: post.favourabilityId ?? 2,
      })
      .execute();
  }
}

const mine = (sent: { alertId: number }[], f: AlertFixture) => sent.filter((w) => w.alertId === f.alertId);

let db: Db;
useMigratedDb((d) => (db = d));

describe('alert delivery', () => {
  it('mails each recipient the new mentions with author, platform and link, logs the window, notifies and advances date_last_sent', async () => {
    const smtp = await loopbackSmtp();
    const mailer = createMailer(db, { smtpUrl: smtp.url, from: 'listening@example.test' });
    try {
      const f = await seedAlert(db, { recipients: 2, createdAgo: 3600_000 });
      await addMentions(db, f, [
        { body: 'Stored before the alert existed', storedAt: ago(2 * 3600_000) },
        { body: 'Acme is <b>great</b>', storedAt: ago(20 * 60_000), author: 'Sipho', link: 'https://x.com/sipho/status/1' },
        { body: 'Rejected as irrelevant', storedAt: ago(15 * 60_000), rejected: true },
        { body: 'Where is my order?', storedAt: ago(10 * 60_000), author: 'Lerato', streamId: 8, link: 'javascript:alert(1)' },
      ]);
      expect(mine(await deliverDueAlerts(db, opts), f)).toEqual([expect.objectContaining({ clips: 2, mails: 2 })]);
      await mailer.flush();
      expect(smtp.received.map((r) => r.to).sort()).toEqual([...f.emails].sort());
      const mail = smtp.received[0];
      expect(mail.subject).toMatch(/^Alert "Brand watch": 2 new mentions of Alert client /);
      expect(mail.body).toContain('Sipho (@sipho) on X');
      expect(mail.body).toContain('https://x.com/sipho/status/1');
      expect(mail.body).toContain('&lt;b&gt;great&lt;/b&gt;');
      expect(mail.body).not.toContain('javascript:alert');
      // Times on the client's clock (the fixture's client has the default zone), the zone said once.
      expect(mail.body).toContain('Times in Africa/Johannesburg.');
      expect(mail.body).not.toContain('Stored before the alert existed');
      expect(mail.body).not.toContain('Rejected as irrelevant');
      expect(mail.messageId).toMatch(/^<alert:/);
      // The unsubscribe link names this alert and its recipient.
      const token = mail.body.match(/\/unsubscribe#token=([\w.-]+)/)?.[1];
      const target = await readUnsubscribeToken(db, token!);
      expect(target).toEqual({ type: 3, id: f.alertId, contactId: f.contactIds[f.emails.indexOf(mail.to)] });

      const log = await db.selectFrom('alert_logs').selectAll().where('alert_id', '=', f.alertId).execute();
      expect(log).toHaveLength(1);
      expect(log[0].clip_count).toBe(2);
      const alert = await db.selectFrom('alerts').select('date_last_sent').where('id', '=', f.alertId).executeTakeFirstOrThrow();
      expect(alert.date_last_sent!.getTime()).toBe(log[0].date_to.getTime());
      const notes = await db.selectFrom('notifications').select(['user_id', 'description', 'link']).where('user_id', 'in', f.userIds).execute();
      expect(notes).toHaveLength(2);
      expect(notes[0].description).toMatch(/^Alert "Brand watch": 2 new mentions of /);
      expect(notes[0].link).toBe(`/client/${f.clientId}/project/${f.projectId}`);

      // Nothing new: nothing sent. One new mention: the next window holds only it.
      expect(mine(await deliverDueAlerts(db, opts), f)).toEqual([]);
      await addMentions(db, f, [{ body: 'Fresh mention', storedAt: new Date() }]);
      const later = new Date(Date.now() + SETTLE_MS + 1000);
      expect(mine(await deliverDueAlerts(db, { ...opts, now: later }), f)).toEqual([expect.objectContaining({ clips: 1 })]);
      await mailer.flush();
      expect(smtp.received).toHaveLength(4);
      expect(smtp.received[3].subject).toMatch(/^Alert "Brand watch": 1 new mention of /);
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it('sends only the mentions of its sentiment and containing its keyword, when it has them', async () => {
    const negative = await seedAlert(db, { sentimentId: 3, keyword: 'price rise' });
    await addMentions(db, negative, [
      { body: 'The Price  rise is a disgrace', storedAt: ago(20 * 60_000), favourabilityId: 3 },
      { body: 'The price rise is fine by me', storedAt: ago(19 * 60_000), favourabilityId: 1 },
      { body: 'Awful service again', storedAt: ago(18 * 60_000), favourabilityId: 3 },
      { body: 'Priceless: no price risen here (a.b)', storedAt: ago(17 * 60_000), favourabilityId: 3 },
    ]);
    expect(mine(await deliverDueAlerts(db, opts), negative)).toEqual([expect.objectContaining({ clips: 1 })]);
    // Pattern characters in a keyword are taken as written.
    const dotted = await seedAlert(db, { keyword: '(a.b)' });
    await addMentions(db, dotted, [
      { body: 'see (a.b) here', storedAt: ago(20 * 60_000) },
      { body: 'see (axb) here', storedAt: ago(19 * 60_000) },
    ]);
    expect(mine(await deliverDueAlerts(db, opts), dotted)).toEqual([expect.objectContaining({ clips: 1 })]);
  });

  it('waits for the interval, the start date, and a client that owns Notifications', async () => {
    const f = await seedAlert(db, { interval: 60, createdAgo: 30 * 60_000 });
    await addMentions(db, f, [{ body: 'brand', storedAt: ago(20 * 60_000) }]);
    expect(mine(await deliverDueAlerts(db, opts), f)).toEqual([]);
    expect(mine(await deliverDueAlerts(db, { ...opts, now: new Date(Date.now() + 31 * 60_000) }), f)).toHaveLength(1);

    const future = await seedAlert(db, { start: new Date(Date.now() + 3600_000) });
    await addMentions(db, future, [{ body: 'brand', storedAt: ago(60_000) }]);
    expect(mine(await deliverDueAlerts(db, opts), future)).toEqual([]);

    const unpaid = await seedAlert(db, { product: false });
    await addMentions(db, unpaid, [{ body: 'brand', storedAt: ago(60_000) }]);
    expect(mine(await deliverDueAlerts(db, opts), unpaid)).toEqual([]);
  });

  it('sends each window once to each recipient when two workers race', async () => {
    await withTwoSenders(db, async (smtp, flush) => {
      const f = await seedAlert(db, { recipients: 4 });
      await addMentions(db, f, [{ body: 'brand', storedAt: ago(60_000) }]);
      const [a, b] = await Promise.all([deliverDueAlerts(db, opts), deliverDueAlerts(db, opts)]);
      expect(mine([...a, ...b], f)).toHaveLength(1);
      await flush();
      expect(perRecipient(smtp.received.filter((r) => f.emails.includes(r.to)))).toEqual(Object.fromEntries(f.emails.map((e) => [e, 1])));
      expect(await db.selectFrom('alert_logs').select('id').where('alert_id', '=', f.alertId).execute()).toHaveLength(1);
    });
  });
});

const CHILD = fileURLToPath(new URL('../../test/alert-child.ts', import.meta.url));

describe('a worker killed mid-send', () => {
  it('every recipient still gets the window exactly once after a second run', async () => {
    const seed = async (db: Db) => {
      const f = await seedAlert(db, { recipients: 3 });
      await addMentions(db, f, [{ body: 'brand', storedAt: ago(60_000) }]);
      return f;
    };
    await afterKillMidSend('alert_kill', CHILD, seed, async ({ f, shared, smtp }) => {
      const h = await shared.open();
      expect(await h.db.selectFrom('alert_logs').select('id').where('alert_id', '=', f.alertId).execute()).toHaveLength(1);
      // The second run: the window is logged already, so no new window; its mails go once the dead sender's claims are stale.
      expect(await deliverDueAlerts(h.db, opts)).toEqual([]);
      await sendTakingOverClaims(h.db, smtp.url);
      expect(perRecipient(smtp.received)).toEqual(Object.fromEntries(f.emails.map((e) => [e, 1])));
      expect(await h.db.selectFrom('mail_outbox').select('status').distinct().execute()).toEqual([{ status: 'sent' }]);
      await h.close();
    });
  }, 60_000);
});
