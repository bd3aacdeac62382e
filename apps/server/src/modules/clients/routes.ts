import { ClientIdParams, ClientList, DeleteBinQuery, ErrorBody, Project, ProjectIdParams, ProjectList, ProjectQuery, ProjectsQuery, ProductList, RenameBinQuery } from '@listening/contract';
import { z } from 'zod';
import { currentUser, requireAdmin, requireUser } from '../../plugins/auth.ts';
import type { App, Deps } from '../../types.ts';
import { assertClientAccess, clientProductCodes, projectForUser } from './access.ts';
import * as clients from './service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** Main host: clients and projects. */
export function clientRoutes(app: App, { db }: Deps): void {
  app.addHook('onRequest', requireUser);
  app.get('/api/client/getall', {
    schema: { tags: ['clients'], summary: 'Clients the user belongs to (admins: all)', response: { 200: ClientList, ...errors } },
    handler: (req) => clients.listClients(db, currentUser(req)),
  });
  app.get('/api/project/getall', {
    schema: { tags: ['projects'], summary: 'Projects of a client', querystring: ProjectsQuery, response: { 200: ProjectList, ...errors } },
    handler: (req) => clients.listProjects(db, currentUser(req), req.query.clientId),
  });
  app.get('/api/project/get', {
    schema: { tags: ['projects'], summary: 'One project', querystring: ProjectQuery, response: { 200: Project, ...errors } },
    handler: async (req) => {
      const project = await projectForUser(db, currentUser(req), req.query.projectId);
      return clients.toProject(project, await clients.clientTimeZone(db, project.client_id));
    },
  });
}

/** CRM host: client and project products. */
export function crmClientRoutes(app: App, { db }: Deps): void {
  app.addHook('onRequest', requireUser);
  app.post('/api/client/products/:clientId', {
    schema: { tags: ['clients'], summary: 'Product codes the client owns', params: ClientIdParams, response: { 200: ProductList, ...errors } },
    handler: async (req) => {
      await assertClientAccess(db, currentUser(req), req.params.clientId);
      return (await clientProductCodes(db, req.params.clientId)).map((ProductCode) => ({ ProductCode }));
    },
  });
  app.get('/api/project/:id/products', {
    schema: { tags: ['projects'], summary: "Product codes of the project's client", params: ProjectIdParams, response: { 200: ProductList, ...errors } },
    handler: async (req) => {
      const project = await projectForUser(db, currentUser(req), req.params.id);
      return (await clientProductCodes(db, project.client_id)).map((ProductCode) => ({ ProductCode }));
    },
  });
}

/** Keywords host: rename and soft-delete a project's bin (admins). */
export function keywordsBinRoutes(app: App, { db }: Deps): void {
  app.addHook('onRequest', requireAdmin);
  app.put('/api/bins/updatename', {
    schema: { tags: ['projects'], summary: 'Rename a project (its root bin)', querystring: RenameBinQuery, response: { 200: z.object({ ok: z.boolean() }), ...errors } },
    handler: async (req) => {
      await clients.renameBin(db, currentUser(req), req.query.binId, req.query.binName);
      return { ok: true };
    },
  });
  app.put('/api/bins/isdeleted', {
    schema: { tags: ['projects'], summary: 'Soft-delete a project (its root bin)', querystring: DeleteBinQuery, response: { 200: z.object({ ok: z.boolean() }), ...errors } },
    handler: async (req) => {
      await clients.setBinDeleted(db, currentUser(req), req.query.id, req.query.clientId, req.query.isDeleted);
      return { ok: true };
    },
  });
}
