// Word-bin digests on the job runner (docs/jobs.md, "Word-bin digests"). A recurring job finds every
// active bin whose interval has passed (Immediate: every tick) and, per bin, in one transaction:
// collects its matches of the window [DateLastSent, now), writes the window's word_bin_logs row
// (UNIQUE (word_bin_id, date_from): a window can be logged once), queues one mail per recipient
// in the outbox under the key (bin, window, recipient), raises each recipient's notification and
// advances DateLastSent. So the mails exist exactly when the window is logged, whatever dies when;
// the outbox sender then delivers each row once. An empty window sends nothing and keeps its
// start, so the first match after a quiet spell goes out at the next tick.
import { NOTIFICATION_TYPES } from '@listening/contract';
import { clientTimeZone } from '../../analytics/scope.ts';
import type { Db } from '../../db/connection.ts';
import { digestHtml, digestSubject, digestText, DIGEST_SHOWN, type DigestClip } from '../../mail/digest-mail.ts';
import { notifyRecipients, type Recipient } from '../../mail/notify.ts';
import { signingKey } from '../../mail/signing.ts';
import { unsubscribeUrl } from '../../mail/unsubscribe.ts';

export const DIGEST_QUEUE = 'word-bin-digest';
/** How often the digest job looks for due bins. */
export const DIGEST_EVERY_MS = 20_000;
/**
 * The window ends this long before now: a match is stamped when its ingestion transaction began
 * and becomes visible when it commits, so the newest moment is left for the next window.
 */
export const SETTLE_MS = 15_000;

export interface DigestOptions {
  /** The product's address, for links in the mail (PUBLIC_URL). */
  publicUrl: string;
  /** Whether an SMTP server delivers the outbox (else mails are kept for /admin/outbox). */
  smtp: boolean;
  now?: Date;
}

/** The detail route of a bin in the app (the notification's and the mail's link). */
export function wordBinPath(bin: { client_id: number; project_id: number; id: number; word_bin_type_id: number }): string {
  const section = bin.word_bin_type_id === 2 ? 'crisis-monitoring' : 'reaction-list';
  return `/client/${bin.client_id}/project/${bin.project_id}/${section}/wordbin/${bin.id}`;
}

export const kindOf = (typeId: number) => (typeId === 2 ? 'Crisis list' : 'Reaction list');

/** The matches of a bin in [from, to), oldest first, with what a digest shows of each. */
export async function windowClips(db: Db, wordBinId: number, from: Date, to: Date): Promise<DigestClip[]> {
  const rows = await db
    .selectFrom('word_bin_clips as m')
    .innerJoin('clips as c', 'c.id', 'm.clip_id')
    .leftJoin('authors as a', 'a.id', 'c.author_id')
    .leftJoin('clip_enrichment as e', 'e.clip_id', 'c.id')
    .select(['c.id', 'c.body', 'c.link', 'c.posted_at', 'c.stream_id', 'a.name', 'a.handle', 'e.classification_id'])
    .where('m.word_bin_id', '=', wordBinId)
    .where('m.matched_at', '>=', from)
    .where('m.matched_at', '<', to)
    .orderBy('m.matched_at')
    .orderBy('m.id')
    .execute();
  return rows.map((r) => ({
    clipId: Number(r.id),
    body: r.body,
    link: r.link,
    postedAt: r.posted_at,
    streamId: r.stream_id,
    authorName: r.name,
    authorHandle: r.handle,
    classificationId: r.classification_id,
  }));
}

/** A bin's recipients who may still receive it: active contacts of the bin's own client. */
export async function recipientsOf(db: Db, bin: { id: number; client_id: number }) {
  return db
    .selectFrom('word_bin_recipients as r')
    .innerJoin('client_contacts as cc', 'cc.id', 'r.contact_id')
    .innerJoin('users as u', 'u.id', 'cc.user_id')
    .select(['r.id', 'r.contact_id', 'u.id as user_id', 'u.email'])
    .where('r.word_bin_id', '=', bin.id)
    .where('cc.client_id', '=', bin.client_id)
    .where('cc.is_active', '=', true)
    .orderBy('r.id')
    .execute();
}

/** The link that removes one recipient from its bin: the product's one unsubscribe link (mail/unsubscribe.ts), type 2. */
export function unsubscribeLink(db: Db, publicUrl: string, recipient: { word_bin_id: number; contact_id: number }): Promise<string> {
  return unsubscribeUrl(db, publicUrl, { type: 2, id: recipient.word_bin_id, contactId: recipient.contact_id });
}

/** Ids of the bins due at `now`. */
export async function dueBins(db: Db, now: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('word_bins as b')
    .innerJoin('projects as p', 'p.id', 'b.project_id')
    .select(['b.id', 'b.date_last_sent', 'b.start_date', 'b.notification_interval'])
    .where('b.is_active', '=', true)
    .where('p.is_deleted', '=', false)
    .where('b.start_date', '<=', now)
    .where((w) => w(w.fn.coalesce('b.date_last_sent', 'b.start_date'), '<', w.ref('b.stop_date')))
    .execute();
  return rows.filter((r) => now.getTime() - (r.date_last_sent ?? r.start_date).getTime() >= r.notification_interval * 60_000).map((r) => r.id);
}

export interface WindowResult {
  wordBinId: number;
  logId: number;
  clips: number;
  mails: number;
}

/** An active word bin's row, locked for this transaction; undefined when inactive or held by another worker (who is working on it). */
export function lockActiveBin(trx: Db, wordBinId: number) {
  return trx.selectFrom('word_bins').selectAll().where('id', '=', wordBinId).where('is_active', '=', true).forUpdate().skipLocked().executeTakeFirst();
}

/** Sends one bin's due window, or nothing (not due, empty, or already sent by another worker). */
export async function deliverWindow(db: Db, wordBinId: number, opts: DigestOptions): Promise<WindowResult | null> {
  const now = opts.now ?? new Date();
  // Made or read before the transaction: on PGlite's one connection a read beside it would wait forever.
  await signingKey(db);
  return db.transaction().execute(async (trx) => {
    // Another worker on this bin holds the lock: it is sending this window.
    const bin = await lockActiveBin(trx, wordBinId);
    if (!bin) return null;
    const from = bin.date_last_sent ?? bin.start_date;
    const to = new Date(Math.min(now.getTime() - SETTLE_MS, bin.stop_date.getTime()));
    if (to <= from || now.getTime() - from.getTime() < bin.notification_interval * 60_000) return null;
    const clips = await windowClips(trx, bin.id, from, to);
    if (clips.length === 0) return null;
    const log = await trx
      .insertInto('word_bin_logs')
      .values({ word_bin_id: bin.id, date_from: from, date_to: to, clip_count: clips.length })
      .onConflict((oc) => oc.columns(['word_bin_id', 'date_from']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!log) return null;
    const path = wordBinPath(bin);
    const appLink = `${opts.publicUrl.replace(/\/$/, '')}${path}`;
    const recipients = await recipientsOf(trx, bin);
    const timeZone = await clientTimeZone(trx, bin.client_id);
    const told: Recipient[] = [];
    for (const r of recipients) {
      const mail = {
        listName: bin.description,
        kind: kindOf(bin.word_bin_type_id),
        clips: clips.slice(0, DIGEST_SHOWN),
        total: clips.length,
        from,
        to,
        timeZone,
        appLink,
        unsubscribeLink: await unsubscribeLink(db, opts.publicUrl, { word_bin_id: bin.id, contact_id: r.contact_id }),
      };
      const key = `wordbin:${bin.id}:${from.toISOString()}:${r.id}`;
      told.push({
        userId: r.user_id,
        mail: { to: r.email, subject: digestSubject(mail), text: digestText(mail), html: digestHtml(mail), idempotencyKey: key },
      });
    }
    const bell = {
      description: `${kindOf(bin.word_bin_type_id)} "${bin.description}" matched ${clips.length.toLocaleString('en-US')} new post${clips.length === 1 ? '' : 's'}.`,
      typeId: NOTIFICATION_TYPES.ReactionListAlert,
      projectId: bin.project_id,
      link: path,
    };
    const mails = await notifyRecipients(trx, told, bell, { smtp: opts.smtp });
    await trx.updateTable('word_bins').set({ date_last_sent: to }).where('id', '=', bin.id).execute();
    return { wordBinId: bin.id, logId: log.id, clips: clips.length, mails };
  });
}

/** The digest job: every due bin's window, one transaction each. */
export async function deliverDueDigests(db: Db, opts: DigestOptions): Promise<WindowResult[]> {
  const now = opts.now ?? new Date();
  const out: WindowResult[] = [];
  for (const id of await dueBins(db, now)) {
    const r = await deliverWindow(db, id, { ...opts, now });
    if (r) out.push(r);
  }
  return out;
}
