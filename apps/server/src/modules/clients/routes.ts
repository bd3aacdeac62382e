import { getClientProducts, getClientRetention, getClients, updateClientRetention } from '@listening/contract';
import type { Route } from '../../http/route.ts';
import type { Deps } from '../../types.ts';
import * as clients from './service.ts';

/** Clients the user belongs to (main host), the products a client owns (CRM host), and its post retention (admins). */
export function clientRoutes(route: Route, { db }: Deps): void {
  route(getClients, ({ user }) => clients.listClients(db, user));
  route(getClientProducts, ({ user, params }) => clients.clientProducts(db, user, params.clientId));
  route(getClientRetention, ({ params }) => clients.getRetention(db, params.clientId));
  route(updateClientRetention, ({ user, params, body }) => clients.updateRetention(db, user, params.clientId, body));
}
