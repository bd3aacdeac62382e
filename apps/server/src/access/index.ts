// Who may see what: a user sees the clients they are an active contact of; admins see all.
// Who may change what: the same, except that an In-Active client's data (its contract has ended)
// is read-only for its contacts; admins, the provider's staff, may still write it to fix data.
// Every module that reads client data goes through these, and every write through projectForWrite
// or assertClientWritable, so the rules live once (docs/security.md, "In-Active clients").
import { screenRefusal, screenShown, type ScreenKey } from '@listening/contract';
import type { Db } from '../db/connection.ts';
import type { ProjectRow } from '../db/schema.ts';
import { HttpError, forbidden, notFound } from '../errors.ts';
import type { AuthUser } from '../plugins/auth.ts';

const isNotFound = (err: unknown) => err instanceof HttpError && err.statusCode === 404;

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
  // The client's own 404 is re-worded for the project; any other failure (the database) is not a 404.
  await assertClientAccess(db, user, project.client_id).catch((err: unknown) => {
    throw isNotFound(err) ? notFound(`Project ${projectId} not found`) : err;
  });
  return project;
}

/** The answer to a non-admin's write of an in-active client's data. */
export const inactiveMessage = (clientName: string) => `${clientName} is In-Active: its data is read-only`;

/**
 * Throws 403 when the client is In-Active and the user is not an admin. Call it after the user's
 * access has been checked (a client the user may not see answers 404 first, so being in-active is
 * never revealed to another tenant).
 */
export async function assertClientWritable(db: Db, user: AuthUser, clientId: number): Promise<void> {
  if (user.isAdmin) return;
  const client = await db.selectFrom('clients').select(['name', 'is_active']).where('id', '=', clientId).executeTakeFirst();
  if (!client) throw notFound(`Client ${clientId} not found`);
  if (!client.is_active) throw forbidden(inactiveMessage(client.name));
}

/**
 * The project, for a change of its data (rating, rejecting, phrases, influencers, and any write to
 * come): 404 as projectForUser when the user may not see it, 403 when its client is In-Active and
 * the user is not an admin.
 */
export async function projectForWrite(db: Db, user: AuthUser, projectId: number): Promise<ProjectRow> {
  const project = await projectForUser(db, user, projectId);
  await assertClientWritable(db, user, project.client_id);
  return project;
}

/** The project a bin belongs to, if the user may see it (for reads scoped by binId). */
export async function projectForBin(db: Db, user: AuthUser, binId: number): Promise<{ project: ProjectRow; binId: number }> {
  const bin = await db.selectFrom('bins').select(['id', 'project_id']).where('id', '=', binId).where('is_deleted', '=', false).executeTakeFirst();
  if (!bin || bin.project_id === null) throw notFound(`Bin ${binId} not found`);
  const project = await projectForUser(db, user, bin.project_id).catch((err: unknown) => {
    throw isNotFound(err) ? notFound(`Bin ${binId} not found`) : err;
  });
  return { project, binId };
}

/** The product codes a client owns. */
export async function clientProductCodes(db: Db, clientId: number): Promise<string[]> {
  const rows = await db.selectFrom('client_products').select('product_code').where('client_id', '=', clientId).execute();
  return rows.map((r) => r.product_code);
}

/**
 * 403 when the screen (or dashboard panel) is not shown to the project's type: the side menu's
 * rule, from the one screen catalogue (packages/contract/src/screens.ts), so a hidden item and a
 * refused read always agree.
 */
export function assertScreen(project: Pick<ProjectRow, 'project_type_id'>, key: ScreenKey): void {
  if (!screenShown(key, project.project_type_id)) throw forbidden(screenRefusal(key, project.project_type_id));
}

/** Which of these client contact ids are active contacts of the client: whom its lists, alerts and saved queries may tell. */
export async function activeContactIdsOf(db: Db, clientId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('client_contacts')
    .select('id')
    .where('client_id', '=', clientId)
    .where('is_active', '=', true)
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.id));
}
