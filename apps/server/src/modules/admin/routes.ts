import { ErrorBody, OutboxList } from '@listening/contract';
import { requireAdmin } from '../../plugins/auth.ts';
import type { App, Deps } from '../../types.ts';

/** Admin-only views: the mail outbox (where mail lands when no SMTP_URL is set). */
export function adminRoutes(app: App, { db }: Deps): void {
  app.addHook('onRequest', requireAdmin);
  app.get('/api/admin/outbox', {
    schema: { tags: ['admin'], summary: 'Mail outbox, newest first', response: { 200: OutboxList, 401: ErrorBody, 403: ErrorBody } },
    handler: async () => {
      const rows = await db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(200).execute();
      return rows.map((m) => ({ Id: m.id, To: m.to, Subject: m.subject, Text: m.text, DateCreated: m.created_at.toISOString() }));
    },
  });
}
