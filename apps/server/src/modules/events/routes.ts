import { getEvents } from '@listening/contract';
import type { Route } from '../../http/route.ts';
import { sessionStillOpen } from '../../plugins/auth.ts';
import type { Deps } from '../../types.ts';
import { eventHub } from './service.ts';

/** The signed-in user's live events (server-sent): the bell's count moves without a reload, until the session ends. */
export function eventRoutes(route: Route, { db, config }: Deps): void {
  const idleMs = config.sessionIdleHours * 3_600_000;
  route(getEvents, async ({ user, query, reply }) => {
    await eventHub(db).open(reply, {
      userId: user.id,
      seconds: query.seconds,
      stillOpen: () => sessionStillOpen(db, user.sessionId, idleMs),
      checkMs: config.eventsSessionCheckMs,
    });
    return reply;
  });
}
