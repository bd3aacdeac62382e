import { z } from 'zod';
import { MAX_ID } from '../common.ts';
import { defineOperation } from '../operation.ts';

/** PUT notification/seen takes the ids in the body. */
export const SeenBody = z.object({
  ids: z
    .array(z.number().int().positive().max(MAX_ID, 'ids must be notification ids'))
    .min(1, 'ids must name at least one notification')
    .max(1000, 'ids names more than 1000 notifications'),
});
/** How many of the named notifications were unseen and are now seen (another user's count for nothing). */
export const SeenResponse = z.object({ updated: z.number() });

export const markNotificationsSeen = defineOperation({
  host: 'main',
  method: 'PUT',
  path: '/api/notification/seen',
  summary: 'Mark notifications seen',
  tags: ['notifications'],
  access: 'user',
  body: SeenBody,
  response: SeenResponse,
});
