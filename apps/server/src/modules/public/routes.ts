import { BlogList, ErrorBody } from '@listening/contract';
import { z } from 'zod';
import type { App, Deps } from '../../types.ts';

const ContactForm = z.object({
  Fullname: z.string({ error: 'Fullname is required' }).trim().min(1, 'Fullname is required').max(200),
  CompanyName: z.string({ error: 'CompanyName is required' }).trim().min(1, 'CompanyName is required').max(200),
  EmailAddress: z.email({ error: 'EmailAddress must be an email address' }),
  ContactNumber: z.string({ error: 'ContactNumber is required' }).trim().min(1, 'ContactNumber is required').max(50),
  How: z.string({ error: 'How is required' }).trim().min(1, 'How is required').max(200),
  Subject: z.string({ error: 'Subject is required' }).trim().min(1, 'Subject is required').max(200),
  Message: z.string({ error: 'Message is required' }).trim().min(1, 'Message is required').max(5000),
});

/** Public, unauthenticated: the blog and the contact form. */
export function publicRoutes(app: App, { db, mailer, config }: Deps): void {
  app.get('/api/blog', {
    schema: { tags: ['public'], summary: 'Published blog posts, newest first', response: { 200: BlogList } },
    handler: async () => {
      const rows = await db.selectFrom('blog_posts').selectAll().orderBy('published_at', 'desc').execute();
      return rows.map((b) => ({ Id: b.id, Title: b.title, Summary: b.summary, Body: b.body, DatePublished: b.published_at.toISOString() }));
    },
  });
  app.post('/api/contact/submit', {
    schema: { tags: ['public'], summary: 'Contact Focal Points form', body: ContactForm, response: { 200: z.object({ Success: z.boolean(), Message: z.string() }), 400: ErrorBody, 429: ErrorBody } },
    config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
    handler: async (req) => {
      const f = req.body;
      await mailer.send({
        to: config.contactTo,
        subject: `Contact form: ${f.Subject}`,
        text: `From: ${f.Fullname} <${f.EmailAddress}> (${f.CompanyName}, ${f.ContactNumber})\nHow they heard of us: ${f.How}\n\n${f.Message}`,
      });
      return { Success: true, Message: 'Thank you, your message has been sent. We will be in touch shortly.' };
    },
  });
}
