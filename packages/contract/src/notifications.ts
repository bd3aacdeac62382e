import { z } from 'zod';
import { zId } from './common.ts';

export const Notification = z.object({
  Id: z.number(),
  Description: z.string(),
  DateCreated: z.string(),
  DateSeen: z.string().nullable(),
  NotificationTypeId: z.number(),
});
export type Notification = z.infer<typeof Notification>;
export const NotificationList = z.array(Notification);
/** PUT notification/seen takes the ids in the body. */
export const SeenBody = z.object({ ids: z.array(z.number().int().positive()).min(1, 'ids must name at least one notification') });
export const DeleteNotificationQuery = z.object({ id: zId });

export const BlogPost = z.object({ Id: z.number(), Title: z.string(), Summary: z.string(), Body: z.string(), DatePublished: z.string() });
export const BlogList = z.array(BlogPost);

export const OutboxMessage = z.object({ Id: z.number(), To: z.string(), Subject: z.string(), Text: z.string(), DateCreated: z.string() });
export const OutboxList = z.array(OutboxMessage);
