import { requestProduct } from '@listening/contract';
import type { Route } from '../../http/route.ts';
import type { Deps } from '../../types.ts';
import * as requests from './service.ts';

/** Main host: 'Add' in the product-details dialog of a locked item. */
export function productRequestRoutes(route: Route, { db, mailer }: Deps): void {
  route(requestProduct, ({ user, body }) => requests.requestProduct(db, mailer, user, body));
}
