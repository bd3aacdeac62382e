import { getAveSettings, updateCpm } from '@listening/contract';
import type { Route } from '../../http/route.ts';
import type { Deps } from '../../types.ts';
import * as ave from './service.ts';

/** Ave calc's: how AVE is computed for a project, and a client's CPM table (admins change it). */
export function aveRoutes(route: Route, { db }: Deps): void {
  route(getAveSettings, ({ user, query }) => ave.getAveSettings(db, user, query.projectId));
  route(updateCpm, ({ user, body }) => ave.updateCpm(db, user, body));
}
