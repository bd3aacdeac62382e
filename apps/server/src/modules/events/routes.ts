import { getEvents } from '@listening/contract';
import type { Route } from '../../http/route.ts';
import type { Deps } from '../../types.ts';
import { eventHub } from './service.ts';

/** The signed-in user's live events (server-sent): the bell's count moves without a reload. */
export function eventRoutes(route: Route, { db }: Deps): void {
  route(getEvents, async ({ user, query, reply }) => {
    await eventHub(db).open(user.id, reply, query.seconds);
    return reply;
  });
}
