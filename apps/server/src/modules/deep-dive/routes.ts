import { getDeepDive } from '@listening/contract';
import type { Route } from '../../http/route.ts';
import type { Deps } from '../../types.ts';
import { deepDive } from './service.ts';

/** Main host: the deep dive (204 when the range has nothing on the rail). */
export function deepDiveRoutes(route: Route, { db }: Deps): void {
  route(getDeepDive, async ({ user, query, reply }) => (await deepDive(db, user, query)) ?? reply.status(204).send());
}
