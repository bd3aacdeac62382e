import { getProfileFollowers } from '@listening/contract';
import type { Route } from '../../http/route.ts';
import type { Deps } from '../../types.ts';
import * as followers from './service.ts';

/** Main host: Follower Growth (performance measurement), every project type. */
export function followerRoutes(route: Route, { db }: Deps): void {
  route(getProfileFollowers, ({ user, query }) => followers.followerGrowth(db, user, query));
}
