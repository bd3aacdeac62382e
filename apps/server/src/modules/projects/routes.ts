import { getProject, getProjectProducts, getProjects } from '@listening/contract';
import type { Route } from '../../http/route.ts';
import type { Deps } from '../../types.ts';
import * as projects from './service.ts';

/** A client's projects (main host) and the products of a project's client (CRM host). */
export function projectRoutes(route: Route, { db }: Deps): void {
  route(getProjects, ({ user, query }) => projects.listProjects(db, user, query.clientId));
  route(getProject, ({ user, query }) => projects.getProject(db, user, query.projectId));
  route(getProjectProducts, ({ user, params }) => projects.projectProducts(db, user, params.id));
}
