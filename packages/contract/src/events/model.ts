// Live events (server-sent). The web app reads the stream with fetch and its Authorization
// header, so the session token never goes in a URL (an EventSource could only send it there).
import { z } from 'zod';

export const EVENT_STREAM_SECONDS = { default: 300, max: 3600 } as const;
/** Live streams one user may hold open at once on one server process (a tab each); one more answers 429. */
export const EVENT_STREAMS_PER_USER = 5;
export const EventStreamQuery = z.object({
  /** How long the stream stays open before the server ends it (the client then reopens it): bounded so that proxies and restarts never strand a reader. */
  seconds: z
    .string()
    .regex(/^\d{1,4}$/, 'seconds must be a whole number of seconds')
    .transform(Number)
    .refine((n) => n <= EVENT_STREAM_SECONDS.max, `seconds must be at most ${EVENT_STREAM_SECONDS.max}`)
    .default(EVENT_STREAM_SECONDS.default),
});
/** The `notification` event's data: the user's unseen count and newest notification id, sent on open and whenever they change. */
export const NotificationEvent = z.object({ unseen: z.number(), latestId: z.number().nullable() });
export type NotificationEvent = z.infer<typeof NotificationEvent>;
