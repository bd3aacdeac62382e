import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { Subscription } from './model.ts';

/** What the signed-in contact receives: scheduled reports, reaction and crisis lists, alerts. */
export const getSubscriptions = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/report/contact/notifications',
  summary: "The signed-in contact's subscriptions",
  tags: ['alerts'],
  access: 'user',
  response: z.array(Subscription),
});
