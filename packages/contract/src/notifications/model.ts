// Shapes of the bell's notifications, shared by the notification operations and the screens that
// show them. Field names are the wire's own.
import { z } from 'zod';

export const Notification = z.object({
  Id: z.number(),
  Description: z.string(),
  DateCreated: z.string(),
  DateSeen: z.string().nullable(),
  NotificationTypeId: z.number(),
  /** The project it concerns and its client, named so the bell can say so and open it; null when it concerns none (or no longer one the user may see). */
  ClientId: z.number().nullable(),
  ClientName: z.string().nullable(),
  ProjectId: z.number().nullable(),
  ProjectName: z.string().nullable(),
  /** A path in the app the notification opens instead (the provider's own messages: '/admin/collection'). */
  Link: z.string().nullable(),
});
export type Notification = z.infer<typeof Notification>;
export const NotificationList = z.array(Notification);
