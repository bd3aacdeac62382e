import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { EventStreamQuery } from './model.ts';

/**
 * Server-sent events: `notification` (NotificationEvent) on open and when the user's notifications
 * change; comments as heartbeats. The stream ends when its session does (logout, revoke, expiry);
 * 429 when the user already holds EVENT_STREAMS_PER_USER streams.
 */
export const getEvents = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/events',
  summary: "The signed-in user's live events (text/event-stream)",
  tags: ['events'],
  access: 'user',
  query: EventStreamQuery,
  response: z.any().describe('text/event-stream'),
  produces: 'text/event-stream',
  errors: [429],
});
