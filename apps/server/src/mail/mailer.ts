// Mail goes over SMTP when SMTP_URL is set; every message is also kept in the outbox table, so
// with no SMTP (the embedded default) an admin reads it in the app.
import nodemailer from 'nodemailer';
import type { Db } from '../db/connection.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function createMailer(db: Db, opts: { smtpUrl: string | null; from: string }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(mail) {
      const row = await db
        .insertInto('mail_outbox')
        .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!transport) return;
      await transport.sendMail({ from: opts.from, ...mail });
      await db.updateTable('mail_outbox').set({ sent_at: new Date() }).where('id', '=', row.id).execute();
    },
  };
}
