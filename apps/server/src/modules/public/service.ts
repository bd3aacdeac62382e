// The public site (no session): the blog and the Contact Focal Points form, mailed to CONTACT_TO.
import type { OperationResult, ParsedInput } from '@listening/contract';
import type * as C from '@listening/contract';
import type { Db } from '../../db/connection.ts';
import type { Mailer } from '../../mail/mailer.ts';
import * as q from './queries.ts';

export async function blogs(db: Db): Promise<OperationResult<typeof C.getBlogs>> {
  const rows = await q.blogPosts(db);
  return rows.map((b) => ({ Id: b.id, Title: b.title, Summary: b.summary, Body: b.body, DatePublished: b.published_at.toISOString() }));
}

export async function submitContact(
  mailer: Mailer,
  contactTo: string,
  f: ParsedInput<typeof C.submitContact>['body'],
): Promise<OperationResult<typeof C.submitContact>> {
  await mailer.send({
    to: contactTo,
    subject: `Contact form: ${f.Subject}`,
    text: `From: ${f.Fullname} <${f.EmailAddress}> (${f.CompanyName}, ${f.ContactNumber})\nHow they heard of us: ${f.How}\n\n${f.Message}`,
  });
  return { Success: true, Message: 'Thank you, your message has been sent. We will be in touch shortly.' };
}
