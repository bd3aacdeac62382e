import { deleteProject, renameProject } from '@listening/contract';
import type { Route } from '../../http/route.ts';
import type { Deps } from '../../types.ts';
import * as bins from './service.ts';

/** Keywords host: rename and soft-delete a project through its root bin (admins). */
export function binRoutes(route: Route, { db }: Deps): void {
  route(renameProject, ({ user, query }) => bins.renameBin(db, user, query.binId, query.binName));
  route(deleteProject, ({ user, query }) => bins.setBinDeleted(db, user, query.id, query.clientId, query.isDeleted));
}
