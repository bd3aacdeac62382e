// Telling a set of people about one event: a keyed mail each through the outbox, then the bell
// (one in-app notification per user). Written inside the caller's transaction, so the mails and
// notifications exist exactly when the effect they report does (a digest's window, an alert's
// window, a crisis spike, a token that stopped working); a second call for the same event queues
// no mail twice (the keys) and, with `bell: 'mailed'`, rings no bell twice either.
// ringBell alone is the one writer of a notice in the bell (a report's file, a product request,
// a connector that stopped), so every notice also reaches the users' open screens.
import type { Db } from '../db/connection.ts';
import { queueKeyedMail, type KeyedMail } from './mailer.ts';
import { notificationsRaised } from '../events/bus.ts';

/** What a delivery job (alerts, word-bin digests, crisis spikes) needs to tell people. */
export interface DeliveryOptions {
  /** The product's address, for links in the mail (PUBLIC_URL). */
  publicUrl: string;
  /** Whether an SMTP server delivers the outbox (else mails are kept for /admin/outbox). */
  smtp: boolean;
  now?: Date;
}

/**
 * A delivery window ends this long before now: a mention is stamped when its ingestion
 * transaction began and becomes visible when it commits, so the newest moment is left for the
 * next window.
 */
export const SETTLE_MS = 15_000;

/** One person to tell: their user (for the bell) and their mail, keyed by event and person. */
export interface Recipient {
  userId: number;
  mail: KeyedMail;
}

/** The in-app notification every recipient's bell shows. */
export interface Bell {
  description: string;
  /** The notification's behaviour type (docs/spec/000_a68d9a07050fe88c.txt, Notification). */
  typeId: number;
  projectId: number | null;
  /** Where a click on it leads (none: it only marks itself seen). */
  link?: string | null;
}

/**
 * Queues each recipient's mail, then rings the bell of each user once: every recipient's
 * (`bell: 'all'`, the default) or only those whose mail was queued now (`'mailed'`: an event
 * told again rings no bell twice). Returns how many mails were queued now.
 */
export async function notifyRecipients(
  db: Db,
  recipients: readonly Recipient[],
  bell: Bell,
  opts: { smtp: boolean; bell?: 'all' | 'mailed' },
): Promise<number> {
  const rung = new Set<number>();
  let mails = 0;
  for (const r of recipients) {
    const queued = await queueKeyedMail(db, r.mail, { smtp: opts.smtp });
    if (queued) mails++;
    if (queued || opts.bell !== 'mailed') rung.add(r.userId);
  }
  await ringBell(db, [...rung], bell);
  return mails;
}

/** Rings each user's bell once with the notice, and tells their open screens (events/bus.ts). */
export async function ringBell(db: Db, userIds: readonly number[], bell: Bell): Promise<void> {
  const users = [...new Set(userIds)];
  if (users.length === 0) return;
  await db
    .insertInto('notifications')
    .values(
      users.map((user_id) => ({
        user_id,
        description: bell.description,
        notification_type_id: bell.typeId,
        project_id: bell.projectId,
        link: bell.link ?? null,
      })),
    )
    .execute();
  await notificationsRaised(db, users);
}
