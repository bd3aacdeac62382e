import { z } from 'zod';
import { defineOperation } from '../operation.ts';

// Each message is shown to the visitor as it is ('Please …', which the server does not prefix
// with the field's name), naming the field as the form labels it.
const required = (label: string, max: number, missing: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, `Please shorten the ${label.toLowerCase()} (at most ${max} characters)`);

/** The Contact Focal Points form: seven fields, all required. */
export const ContactForm = z.object({
  Fullname: required('Full name', 200, 'Please enter your full name'),
  CompanyName: required('Company name', 200, 'Please enter your company name'),
  EmailAddress: z.email({ error: 'Please enter a valid email address' }).max(254, 'Please enter a valid email address'),
  ContactNumber: required('Contact number', 50, 'Please enter a contact number'),
  How: required('How you heard about us', 200, 'Please tell us how you heard about us'),
  Subject: required('Subject', 200, 'Please enter a subject'),
  Message: required('Message', 5000, 'Please enter your message'),
  /**
   * The honeypot: a field people never see (hidden from view and from screen readers); a robot
   * that fills every field fills it too, and its message is dropped without a word.
   */
  Website: z.string().max(500).optional(),
});
export type ContactForm = z.infer<typeof ContactForm>;
/** Sends per address and per sender IP within an hour before the form answers Success false. */
export const CONTACT_LIMITS = { perEmailPerHour: 3, perIpPerHour: 10 } as const;
export const CONTACT_FORM_MESSAGES = {
  sent: 'Thank you, your message has been sent. We will be in touch shortly.',
  tooMany: 'You have sent us several messages in the last hour. Please wait a while before sending another.',
} as const;

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
