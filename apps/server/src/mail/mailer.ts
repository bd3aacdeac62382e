// Mail is a queue: `send` writes the message to the outbox table and returns, and a small sender
// delivers pending rows over SMTP (SMTP_URL) with retries, so a slow or failing mail server never
// reaches the caller. Without SMTP_URL (the embedded default) a row is only kept, and an admin reads
// it in the app (/admin/outbox).
//
// Secrets (the token of a password-setup link) never reach the table: a mail names them in
// `secrets`, the stored copy has them replaced by [redacted], and the real message waits in this
// process's memory until it is delivered (SECRET_HOLD_MS at most; a secret's link is worth nothing
// later). A restart loses such a message: its row ends as failed and the user asks again. Rows
// without secrets are delivered by any process; a row is claimed with FOR UPDATE SKIP LOCKED, so
// several servers on one PostgreSQL never send it twice.
//
// A keyed mail's files are stored once and referred to (mail_attachments → report_files): a report
// sent to a hundred recipients is one stored file, read piece by piece as each mail is delivered.
// Finished rows (sent, failed, kept) are deleted after the retention (purgeOutbox), and with them
// their references; the files nothing refers to then go too (reports/files.ts).
import { Readable } from 'node:stream';
import nodemailer from 'nodemailer';
import type { Db } from '../db/connection.ts';
import { readFile } from '../reports/files.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Values that must not be stored (a link's token): redacted in the outbox copy, kept in the sent message. */
  secrets?: string[];
  /** Files the mail carries (an agreement's PDF), kept in the outbox with it. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The file, base64. */
  content: string;
}

/** A stored file (report_files) a mail carries by reference. */
export interface StoredAttachment {
  fileId: string;
  filename: string;
  contentType: string;
}

/** A mail written by a job in the transaction of its effect, at most once per key (a window and a recipient). */
export interface KeyedMail extends Omit<Mail, 'secrets'> {
  idempotencyKey: string;
  /** Stored files it carries, referred to rather than copied into the row. */
  files?: StoredAttachment[];
}

export interface Mailer {
  /** Queues the mail and returns; never fails because of SMTP. */
  send(mail: Mail): Promise<void>;
  /** Delivers every pending mail that is due, waiting for a delivery under way: the sender's one step, for tests too. */
  flush(): Promise<void>;
  /** Retries pending mail every intervalMs until the returned function is called. */
  start(opts?: { intervalMs?: number; onError?: (err: unknown) => void }): () => Promise<void>;
  /** Stops the sender and waits for a delivery under way. */
  close(): Promise<void>;
}

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'kept';

export const REDACTED = '[redacted]';
/** How long a mail with a secret is kept for delivery: the password-setup link's own lifetime. */
export const SECRET_HOLD_MS = 60 * 60_000;
export const MAIL_RETRY = { maxAttempts: 8, baseDelayMs: 30_000, maxDelayMs: 30 * 60_000 } as const;
/** A claim older than this (a server stopped mid-send) is given back to the queue. */
const STALE_CLAIM_MS = 10 * 60_000;
const BATCH = 20;

/**
 * Queues a keyed mail inside the caller's transaction, so the mail exists exactly when the effect
 * it reports does; a second call with the same key adds nothing. Returns whether it was queued.
 * Delivered by any process's sender (flush), with a Message-ID made from the key so that a copy
 * resent after a crash between the SMTP server's acceptance and our record of it is recognisable.
 */
export async function queueKeyedMail(db: Db, mail: KeyedMail, opts: { smtp: boolean }): Promise<boolean> {
  const row = await db
    .insertInto('mail_outbox')
    .values({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      status: opts.smtp ? 'pending' : 'kept',
      idempotency_key: mail.idempotencyKey,
      attachments: mail.attachments?.length ? JSON.stringify(mail.attachments) : null,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (row && mail.files?.length)
    await db
      .insertInto('mail_attachments')
      .values(mail.files.map((f, position) => ({ outbox_id: row.id, position, file_id: f.fileId, file_name: f.filename, content_type: f.contentType })))
      .execute();
  return !!row;
}

/** Days a finished outbox row is kept (OUTBOX_RETENTION_DAYS): long enough to answer "did it go out?". */
export const DEFAULT_OUTBOX_RETENTION_DAYS = 30;

/** Statuses a row does not leave: delivered, given up on, or kept without SMTP. */
export const FINISHED_STATUSES = ['sent', 'failed', 'kept'] as const;

/** Deletes finished rows older than `before` (by when sent, else when queued), their file references with them; returns how many. */
export async function purgeOutbox(db: Db, before: Date): Promise<number> {
  const rows = await db
    .deleteFrom('mail_outbox')
    .where('status', 'in', FINISHED_STATUSES)
    .where((eb) => eb(eb.fn.coalesce('sent_at', 'created_at'), '<', before))
    .returning('id')
    .execute();
  return rows.length;
}

/** The stored files of an outbox row, as nodemailer attachments read from storage as they are sent. */
async function storedAttachments(db: Db, outboxId: number) {
  const files = await db
    .selectFrom('mail_attachments')
    .select(['file_id', 'file_name', 'content_type'])
    .where('outbox_id', '=', outboxId)
    .orderBy('position')
    .execute();
  return files.map((f) => ({ filename: f.file_name, contentType: f.content_type, content: Readable.from(readFile(db, f.file_id)) }));
}

/** The Message-ID of a keyed mail: the same for every attempt. */
export const messageIdOf = (key: string, from: string) =>
  `<${key.replace(/[^A-Za-z0-9.:_-]/g, '_')}@${from.split('@')[1]?.replace(/[>\s]/g, '') || 'listening.local'}>`;

/** The text with every secret replaced by [redacted]. */
export function redact(text: string, secrets: readonly string[] = []): string {
  return secrets.filter(Boolean).reduce((s, secret) => s.split(secret).join(REDACTED), text);
}

/** The pause before the n-th retry (n ≥ 1): 30 s doubling, at most 30 min. */
export const retryDelayMs = (attempt: number) => Math.min(MAIL_RETRY.baseDelayMs * 2 ** Math.max(0, attempt - 1), MAIL_RETRY.maxDelayMs);

export function createMailer(db: Db, opts: { smtpUrl: string | null; from: string; staleClaimMs?: number }): Mailer {
  const staleClaimMs = opts.staleClaimMs ?? STALE_CLAIM_MS;
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  /** Mails with secrets, by outbox id, as they are to be sent. */
  const held = new Map<number, { mail: Mail; since: number }>();
  let onError: (err: unknown) => void = () => undefined;
  let chain: Promise<void> = Promise.resolve();
  let closed = false;
  let timer: ReturnType<typeof setInterval> | null = null;

  async function deliverOne(row: {
    id: number;
    to: string;
    subject: string;
    text: string;
    html: string | null;
    attempts: number;
    idempotency_key: string | null;
    attachments?: unknown;
  }): Promise<void> {
    const mail = held.get(row.id)?.mail ?? { to: row.to, subject: row.subject, text: row.text, html: row.html ?? undefined };
    const attempts = row.attempts + 1;
    try {
      const attachments = [
        ...(Array.isArray(row.attachments) ? (row.attachments as MailAttachment[]).map((a) => ({ ...a, encoding: 'base64' })) : []),
        ...(await storedAttachments(db, row.id)),
      ];
      await transport!.sendMail({
        from: opts.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(attachments.length ? { attachments } : {}),
        ...(row.idempotency_key ? { messageId: messageIdOf(row.idempotency_key, opts.from) } : {}),
      });
      held.delete(row.id);
      await db
        .updateTable('mail_outbox')
        .set({ status: 'sent', sent_at: new Date(), attempts, claimed_at: null, last_error: null })
        .where('id', '=', row.id)
        .execute();
    } catch (err) {
      const last = attempts >= MAIL_RETRY.maxAttempts;
      if (last) held.delete(row.id);
      await db
        .updateTable('mail_outbox')
        .set({
          status: last ? 'failed' : 'pending',
          attempts,
          claimed_at: null,
          next_attempt_at: new Date(Date.now() + retryDelayMs(attempts)),
          // The SMTP server's answer, never the message.
          last_error: (err instanceof Error ? err.message : String(err)).slice(0, 500),
        })
        .where('id', '=', row.id)
        .execute();
    }
  }

  async function deliverDue(): Promise<void> {
    if (!transport || closed) return;
    const now = Date.now();
    // Secrets held past their link's lifetime: the mail is no longer worth sending.
    for (const [id, h] of held) if (now - h.since > SECRET_HOLD_MS) held.delete(id);
    await db
      .updateTable('mail_outbox')
      .set({ status: 'pending', claimed_at: null })
      .where('status', '=', 'sending')
      .where('claimed_at', '<', new Date(now - staleClaimMs))
      .execute();
    for (;;) {
      const mine = [...held.keys()];
      const claimed = await db
        .updateTable('mail_outbox')
        .set({ status: 'sending', claimed_at: new Date() })
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('mail_outbox')
            .select('id')
            .where('status', '=', 'pending')
            .where('next_attempt_at', '<=', new Date())
            .where((w) => (mine.length ? w.or([w('has_secret', '=', false), w('id', 'in', mine)]) : w('has_secret', '=', false)))
            .orderBy('id')
            .limit(BATCH)
            .forUpdate()
            .skipLocked(),
        )
        .returning(['id', 'to', 'subject', 'text', 'html', 'attempts', 'idempotency_key', 'attachments'])
        .execute();
      if (claimed.length === 0) break;
      for (const row of claimed) await deliverOne(row);
      if (closed) break;
    }
    // Mails whose secret no process holds any more (a restart): they cannot be sent.
    const mine = [...held.keys()];
    let stale = db
      .updateTable('mail_outbox')
      .set({ status: 'failed', last_error: 'its link expired before it could be sent (the server restarted or SMTP was down)' })
      .where('status', '=', 'pending')
      .where('has_secret', '=', true)
      .where('created_at', '<', new Date(now - SECRET_HOLD_MS));
    if (mine.length) stale = stale.where('id', 'not in', mine);
    await stale.execute();
  }

  function flush(): Promise<void> {
    const run = chain.then(deliverDue);
    chain = run.catch((err) => onError(err));
    return run;
  }

  return {
    async send(mail) {
      const secrets = (mail.secrets ?? []).filter(Boolean);
      const row = await db
        .insertInto('mail_outbox')
        .values({
          to: mail.to,
          subject: mail.subject,
          text: redact(mail.text, secrets),
          html: mail.html === undefined ? null : redact(mail.html, secrets),
          status: transport ? 'pending' : 'kept',
          has_secret: !!transport && secrets.length > 0,
          attachments: mail.attachments?.length ? JSON.stringify(mail.attachments) : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!transport) return;
      if (secrets.length) held.set(row.id, { mail, since: Date.now() });
      // Delivered at once in the background; the caller has its answer already.
      flush().catch(() => undefined);
    },
    flush,
    start(o = {}) {
      if (o.onError) onError = o.onError;
      if (!transport) return async () => undefined;
      timer = setInterval(() => void flush().catch(() => undefined), o.intervalMs ?? 15_000);
      timer.unref?.();
      void flush().catch(() => undefined);
      return async () => {
        if (timer) clearInterval(timer);
        timer = null;
        await chain;
      };
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      timer = null;
      await chain;
      transport?.close();
    },
  };
}
