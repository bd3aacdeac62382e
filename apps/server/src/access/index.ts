// Who may see what: a user sees the clients they are an active contact of; admins see all.
// Every module that reads client data goes through these, so the rule lives once.
import type { Db } from '../db/connection.ts';
import type { ProjectRow } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import type { AuthUser } from '../plugins/auth.ts';

/** Ids of the clients the user may see, or 'all' for admins. */
export async function visibleClientIds(db: Db, user: AuthUser): Promise<number[] | 'all'> {
  if (user.isAdmin) return 'all';
  const rows = await db.selectFrom('client_contacts').select('client_id').where('user_id', '=', user.id).where('is_active', '=', true).execute();
  return rows.map((r) => r.client_id);
}

/** Throws 404 (never revealing that it exists) unless the user may see the client. */
export async function assertClientAccess(db: Db, user: AuthUser, clientId: number): Promise<void> {
  const client = await db.selectFrom('clients').select('id').where('id', '=', clientId).executeTakeFirst();
  if (!client) throw notFound(`Client ${clientId} not found`);
  if (user.isAdmin) return;
  const member = await db
    .selectFrom('client_contacts')
    .select('id')
    .where('user_id', '=', user.id)
    .where('client_id', '=', clientId)
    .where('is_active', '=', true)
    .executeTakeFirst();
  if (!member) throw notFound(`Client ${clientId} not found`);
}

/** The project, if the user may see it; otherwise 404 whether it exists or not. */
export async function projectForUser(db: Db, user: AuthUser, projectId: number): Promise<ProjectRow> {
  const project = await db.selectFrom('projects').selectAll().where('id', '=', projectId).where('is_deleted', '=', false).executeTakeFirst();
  if (!project) throw notFound(`Project ${projectId} not found`);
  await assertClientAccess(db, user, project.client_id).catch(() => {
    throw notFound(`Project ${projectId} not found`);
  });
  return project;
}

/** The project a bin belongs to, if the user may see it (for reads scoped by binId). */
export async function projectForBin(db: Db, user: AuthUser, binId: number): Promise<{ project: ProjectRow; binId: number }> {
  const bin = await db.selectFrom('bins').select(['id', 'project_id']).where('id', '=', binId).where('is_deleted', '=', false).executeTakeFirst();
  if (!bin || bin.project_id === null) throw notFound(`Bin ${binId} not found`);
  const project = await projectForUser(db, user, bin.project_id).catch(() => {
    throw notFound(`Bin ${binId} not found`);
  });
  return { project, binId };
}

/** The product codes a client owns. */
export async function clientProductCodes(db: Db, clientId: number): Promise<string[]> {
  const rows = await db.selectFrom('client_products').select('product_code').where('client_id', '=', clientId).execute();
  return rows.map((r) => r.product_code);
}
