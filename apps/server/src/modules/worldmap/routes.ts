import { getWorldMapCluster, getWorldMapCountries } from '@listening/contract';
import type { Route } from '../../http/route.ts';
import type { Deps } from '../../types.ts';
import * as worldMap from './service.ts';

/** Main host: the world map's countries and places. */
export function worldMapRoutes(route: Route, { db }: Deps): void {
  route(getWorldMapCountries, ({ user, query }) => worldMap.countries(db, user, query));
  route(getWorldMapCluster, ({ user, query }) => worldMap.cluster(db, user, query));
}
