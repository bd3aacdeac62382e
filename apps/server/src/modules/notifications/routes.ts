import { DeleteNotificationQuery, ErrorBody, NotificationList, SeenBody } from '@listening/contract';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import type { App, Deps } from '../../types.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

/** The bell: a user's own notifications only. */
export function notificationRoutes(app: App, { db }: Deps): void {
  app.addHook('onRequest', requireUser);
  app.get('/api/notification/get/contact', {
    schema: { tags: ['notifications'], summary: "The signed-in contact's notifications, newest first", response: { 200: NotificationList, ...errors } },
    handler: async (req) => {
      const rows = await db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', currentUser(req).id)
        .orderBy('created_at', 'desc')
        .limit(100)
        .execute();
      return rows.map((n) => ({
        Id: n.id,
        Description: n.description,
        DateCreated: n.created_at.toISOString(),
        DateSeen: n.seen_at ? n.seen_at.toISOString() : null,
        NotificationTypeId: n.notification_type_id,
      }));
    },
  });
  app.put('/api/notification/seen', {
    schema: { tags: ['notifications'], summary: 'Mark notifications seen', body: SeenBody, response: { 200: z.object({ updated: z.number() }), ...errors } },
    handler: async (req) => {
      const res = await db
        .updateTable('notifications')
        .set({ seen_at: new Date() })
        .where('user_id', '=', currentUser(req).id)
        .where('id', 'in', req.body.ids)
        .where('seen_at', 'is', null)
        .executeTakeFirst();
      return { updated: Number(res.numUpdatedRows) };
    },
  });
  app.delete('/api/notification/delete', {
    schema: { tags: ['notifications'], summary: 'Delete a notification', querystring: DeleteNotificationQuery, response: { 200: z.object({ ok: z.boolean() }), ...errors } },
    handler: async (req) => {
      const res = await db.deleteFrom('notifications').where('id', '=', req.query.id).where('user_id', '=', currentUser(req).id).executeTakeFirst();
      if (Number(res.numDeletedRows) === 0) throw notFound(`Notification ${req.query.id} not found`);
      return { ok: true };
    },
  });
}
