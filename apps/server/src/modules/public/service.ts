// The public site (no session): the blog and the Contact Focal Points form, mailed to CONTACT_TO.
import { CONTACT_FORM_MESSAGES, CONTACT_LIMITS, type OperationResult, type ParsedInput } from '@listening/contract';
import type * as C from '@listening/contract';
import type { Db } from '../../db/connection.ts';
import type { Mailer } from '../../mail/mailer.ts';
import * as q from './queries.ts';

export async function blogs(db: Db): Promise<OperationResult<typeof C.getBlogs>> {
  const rows = await q.blogPosts(db);
  return rows.map((b) => ({ Id: b.id, Title: b.title, Summary: b.summary, Body: b.body, DatePublished: b.published_at.toISOString() }));
}

/**
 * The Contact Focal Points form: stored, then mailed to the focal-point address (CONTACT_TO). Spam
 * is held off without a third party: the route's per-IP limit (5 a minute), at most
 * CONTACT_LIMITS per address and per IP an hour (Success false, as the form shows it), and a
 * honeypot field whose robot-filled messages are answered as sent but neither stored nor mailed.
 */
export async function submitContact(
  db: Db,
  mailer: Mailer,
  contactTo: string,
  ip: string,
  f: ParsedInput<typeof C.submitContact>['body'],
): Promise<OperationResult<typeof C.submitContact>> {
  if (f.Website?.trim()) return { Success: true, Message: CONTACT_FORM_MESSAGES.sent };
  const email = f.EmailAddress.trim().toLowerCase();
  const recent = await q.recentMessages(db, email, ip, new Date(Date.now() - 3_600_000));
  if (recent.byEmail >= CONTACT_LIMITS.perEmailPerHour || recent.byIp >= CONTACT_LIMITS.perIpPerHour)
    return { Success: false, Message: CONTACT_FORM_MESSAGES.tooMany };
  const saved = await q.insertMessage(db, {
    full_name: f.Fullname,
    company_name: f.CompanyName,
    email,
    contact_number: f.ContactNumber,
    how: f.How,
    subject: f.Subject,
    message: f.Message,
    ip,
  });
  await mailer.send({
    to: contactTo,
    subject: `Contact form: ${f.Subject}`,
    text: `Message ${saved.id}\nFrom: ${f.Fullname} <${email}> (${f.CompanyName}, ${f.ContactNumber})\nHow they heard of us: ${f.How}\n\n${f.Message}`,
  });
  return { Success: true, Message: CONTACT_FORM_MESSAGES.sent };
}
