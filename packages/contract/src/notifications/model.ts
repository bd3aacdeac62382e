// Shapes of the bell's notifications, shared by the notification operations and the screens that
// show them. Field names are the wire's own.
import { z } from 'zod';

export const Notification = z.object({
  Id: z.number(),
  Description: z.string(),
  DateCreated: z.string(),
  DateSeen: z.string().nullable(),
  NotificationTypeId: z.number(),
});
export type Notification = z.infer<typeof Notification>;
export const NotificationList = z.array(Notification);
