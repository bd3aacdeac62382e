import { defineOperation } from '../operation.ts';
import { UnsubscribeDone, UnsubscribeQuery } from './model.ts';

/** Removes the signed-in contact from one thing's recipients (reportType: 1 report, 2 list, 3 alert). */
export const unsubscribeSubscription = defineOperation({
  host: 'main',
  method: 'DELETE',
  path: '/api/report/contact/notification/unsubscribe',
  summary: "Remove the signed-in contact from a report's, list's or alert's recipients",
  tags: ['alerts'],
  access: 'user',
  query: UnsubscribeQuery,
  response: UnsubscribeDone,
});
