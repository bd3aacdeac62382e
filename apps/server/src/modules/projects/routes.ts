import { getCollectionStatus, getProject, getProjectProducts, getProjects } from '@listening/contract';
import type { Route } from '../../http/route.ts';
import type { Deps } from '../../types.ts';
import * as projects from './service.ts';

/** A client's projects (main host), the products of a project's client (CRM host), and what collects a project's posts. */
export function projectRoutes(route: Route, { db, config }: Deps): void {
  route(getProjects, ({ user, query }) => projects.listProjects(db, user, query.clientId));
  route(getProject, ({ user, query }) => projects.getProject(db, user, query.projectId));
  route(getProjectProducts, ({ user, params }) => projects.projectProducts(db, user, params.id));
  route(getCollectionStatus, ({ user, query }) => projects.projectCollection(db, config, user, query.projectId));
}
