import { getBrandAssociationLookup, getClassificationLookup, getFavourabilityLookup, getLookups, getStreamLookup } from '@listening/contract';
import type { Route } from '../../http/route.ts';
import type { Deps } from '../../types.ts';
import * as lookups from './service.ts';

/** Core lookups (streams, favourability, brand association, classification): constants of the contract. */
export function coreRoutes(route: Route, _deps: Deps): void {
  route(getStreamLookup, async () => lookups.streams);
  route(getFavourabilityLookup, async () => lookups.favourability);
  route(getBrandAssociationLookup, async () => lookups.brandAssociations);
  route(getClassificationLookup, async () => lookups.classifications);
  route(getLookups, async () => lookups.all);
}
