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
import { digestClip, digestHtml, digestSubject, digestText, DIGEST_SHOWN, type DigestClip } from '../../mail/digest-mail.ts';
import { notifyRecipients, SETTLE_MS, type DeliveryOptions, type Recipient } from '../../mail/notify.ts';
import { signingKey } from '../../mail/signing.ts';
import { unsubscribeUrl } from '../../mail/unsubscribe.ts';
import { insertWindowLog, lockActiveBin, matchesInWindow, recipientsOf, setBinLastSent, startedBins } from './queries.ts';

export const DIGEST_QUEUE = 'word-bin-digest';
/** How often the digest job looks for due bins. */
export const DIGEST_EVERY_MS = 20_000;
export type DigestOptions = DeliveryOptions;
export { SETTLE_MS };

/** The detail route of a bin in the app (the notification's and the mail's link). */
export function wordBinPath(bin: { client_id: number; project_id: number; id: number; word_bin_type_id: number }): string {
  const section = bin.word_bin_type_id === 2 ? 'crisis-monitoring' : 'reaction-list';
  return `/client/${bin.client_id}/project/${bin.project_id}/${section}/wordbin/${bin.id}`;
}

export const kindOf = (typeId: number) => (typeId === 2 ? 'Crisis list' : 'Reaction list');

/** The matches of a bin in [from, to), oldest first, with what a digest shows of each. */
export async function windowClips(db: Db, wordBinId: number, from: Date, to: Date): Promise<DigestClip[]> {
  return (await matchesInWindow(db, wordBinId, from, to)).map(digestClip);
}

/** The link that removes one recipient from its bin: the product's one unsubscribe link (mail/unsubscribe.ts), type 2. */
export function unsubscribeLink(db: Db, publicUrl: string, recipient: { word_bin_id: number; contact_id: number }): Promise<string> {
  return unsubscribeUrl(db, publicUrl, { type: 2, id: recipient.word_bin_id, contactId: recipient.contact_id });
}

/** Ids of the bins due at `now`. */
export async function dueBins(db: Db, now: Date): Promise<number[]> {
  const rows = await startedBins(db, now);
  return rows.filter((r) => now.getTime() - (r.date_last_sent ?? r.start_date).getTime() >= r.notification_interval * 60_000).map((r) => r.id);
}

export interface WindowResult {
  wordBinId: number;
  logId: number;
  clips: number;
  mails: number;
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
    const log = await insertWindowLog(trx, { wordBinId: bin.id, from, to, clips: clips.length });
    if (!log) return null;
    const path = wordBinPath(bin);
    const appLink = `${opts.publicUrl.replace(/\/$/, '')}${path}`;
    const recipients = await recipientsOf(trx, [bin.id], bin.client_id);
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
    await setBinLastSent(trx, bin.id, to);
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
