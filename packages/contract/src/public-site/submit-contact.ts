import { z } from 'zod';
import { defineOperation } from '../operation.ts';

/** The Contact Focal Points form: seven fields, all required. */
export const ContactForm = z.object({
  Fullname: z.string({ error: 'Fullname is required' }).trim().min(1, 'Fullname is required').max(200),
  CompanyName: z.string({ error: 'CompanyName is required' }).trim().min(1, 'CompanyName is required').max(200),
  EmailAddress: z.email({ error: 'EmailAddress must be an email address' }),
  ContactNumber: z.string({ error: 'ContactNumber is required' }).trim().min(1, 'ContactNumber is required').max(50),
  How: z.string({ error: 'How is required' }).trim().min(1, 'How is required').max(200),
  Subject: z.string({ error: 'Subject is required' }).trim().min(1, 'Subject is required').max(200),
  Message: z.string({ error: 'Message is required' }).trim().min(1, 'Message is required').max(5000),
});
export type ContactForm = z.infer<typeof ContactForm>;
/** Success with the message to show; Success false carries the reason in Message. */
export const ContactResult = z.object({ Success: z.boolean(), Message: z.string() });

export const submitContact = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/contact/submit',
  summary: 'Contact Focal Points form',
  tags: ['public'],
  access: 'public',
  body: ContactForm,
  response: ContactResult,
  rateLimit: 'form',
});
