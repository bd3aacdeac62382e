import { listClientSubfolders } from '@listening/contract';
import type { Route } from '../../http/route.ts';
import type { Deps } from '../../types.ts';
import { clientSubfolders } from './service.ts';

/** Main host: the tree view's folders and subfolders of a client. */
export function treeViewRoutes(route: Route, { db }: Deps): void {
  route(listClientSubfolders, ({ user, query }) => clientSubfolders(db, user, query.clientId));
}
