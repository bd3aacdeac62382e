import { z } from 'zod';
import { api } from '../../../api/client.ts';

/** The Contact Focal Points form (000 §2, §3): seven fields, all required. */
export interface ContactFormValues {
  Fullname: string;
  CompanyName: string;
  EmailAddress: string;
  ContactNumber: string;
  How: string;
  Subject: string;
  Message: string;
}

const ContactResult = z.object({ Success: z.boolean(), Message: z.string() });

export const submitContact = (values: ContactFormValues) => api.post('contact/submit', values, { schema: ContactResult, anonymous: true, quiet: true });
