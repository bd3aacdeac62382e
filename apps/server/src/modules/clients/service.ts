import { PROJECT_TYPE_LABELS, type Client, type Project } from '@listening/contract';
import type { Db } from '../../db/connection.ts';
import type { ProjectRow } from '../../db/schema.ts';
import { forbidden, notFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { assertClientAccess, visibleClientIds } from './access.ts';

export async function listClients(db: Db, user: AuthUser): Promise<Client[]> {
  const ids = await visibleClientIds(db, user);
  if (ids !== 'all' && ids.length === 0) return [];
  const rows = await db
    .selectFrom('clients')
    .select(['id', 'name', 'is_active'])
    .$if(ids !== 'all', (q) => q.where('id', 'in', ids as number[]))
    .orderBy('name')
    .execute();
  return rows.map((r) => ({ Id: r.id, Name: r.name, IsActive: r.is_active }));
}

const isoDate = (d: Date | null) => (d ? d.toISOString() : null);

export function toProject(p: ProjectRow, timeZone: string): Project {
  return {
    Id: p.id,
    ClientId: p.client_id,
    Description: p.description,
    ProjectType: PROJECT_TYPE_LABELS[p.project_type_id] ?? `Type ${p.project_type_id}`,
    ProjectTypeId: p.project_type_id,
    ProjectSubTypeId: p.project_sub_type_id,
    StreamId: p.stream_ids.join(','),
    StartDate: p.start_date.toISOString(),
    StopDate: isoDate(p.stop_date),
    BinId: p.bin_id ?? 0,
    TimeZone: timeZone,
  };
}

export async function listProjects(db: Db, user: AuthUser, clientId: number): Promise<Project[]> {
  await assertClientAccess(db, user, clientId);
  const timeZone = await clientTimeZone(db, clientId);
  const rows = await db.selectFrom('projects').selectAll().where('client_id', '=', clientId).where('is_deleted', '=', false).orderBy('description').execute();
  return rows.map((p) => toProject(p, timeZone));
}

export async function clientTimeZone(db: Db, clientId: number): Promise<string> {
  const c = await db.selectFrom('clients').select('time_zone').where('id', '=', clientId).executeTakeFirstOrThrow();
  return c.time_zone;
}

/** Renames a project through its root bin (keywords host: bins/updatename). */
export async function renameBin(db: Db, user: AuthUser, binId: number, name: string): Promise<void> {
  if (!user.isAdmin) throw forbidden('Only administrators may rename projects');
  const bin = await db.selectFrom('bins').select(['id', 'project_id']).where('id', '=', binId).where('is_deleted', '=', false).executeTakeFirst();
  if (!bin) throw notFound(`Bin ${binId} not found`);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('bins').set({ name, modified_at: new Date() }).where('id', '=', binId).execute();
    await trx.updateTable('projects').set({ description: name }).where('bin_id', '=', binId).execute();
  });
}

/** Soft-deletes a project by its root bin id (keywords host: bins/isdeleted). */
export async function setBinDeleted(db: Db, user: AuthUser, binId: number, clientId: number, isDeleted: boolean): Promise<void> {
  if (!user.isAdmin) throw forbidden('Only administrators may delete projects');
  const bin = await db.selectFrom('bins').select(['id', 'client_id']).where('id', '=', binId).executeTakeFirst();
  if (!bin || bin.client_id !== clientId) throw notFound(`Bin ${binId} not found for client ${clientId}`);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('bins').set({ is_deleted: isDeleted, modified_at: new Date() }).where('id', '=', binId).execute();
    await trx.updateTable('projects').set({ is_deleted: isDeleted }).where('bin_id', '=', binId).execute();
  });
}
