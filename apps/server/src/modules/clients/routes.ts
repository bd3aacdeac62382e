import { getClientProducts, getClients } from '@listening/contract';
import type { Route } from '../../http/route.ts';
import type { Deps } from '../../types.ts';
import * as clients from './service.ts';

/** Clients the user belongs to (main host) and the products a client owns (CRM host). */
export function clientRoutes(route: Route, { db }: Deps): void {
  route(getClients, ({ user }) => clients.listClients(db, user));
  route(getClientProducts, ({ user, params }) => clients.clientProducts(db, user, params.clientId));
}
