import { getPostListing } from '@listening/contract';
import type { Route } from '../../http/route.ts';
import type { Deps } from '../../types.ts';
import * as listing from './service.ts';

/** Main host: Post Listing, the project's mentions feed. */
export function listingRoutes(route: Route, { db }: Deps): void {
  route(getPostListing, ({ user, query }) => listing.postListing(db, user, query));
}
