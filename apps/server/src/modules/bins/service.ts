// A project's root bin on the keywords host: renaming it renames the project, deleting it
// soft-deletes the project. Administrators only (the operations say so; checked here again).
// Both are written to the audit log with the change, in one transaction. An In-Active client's
// projects are read-only except to admins (access/): checked too, should these open to contacts.
import type { OperationResult } from '@listening/contract';
import type * as C from '@listening/contract';
import { assertClientWritable } from '../../access/index.ts';
import { audit } from '../../audit/index.ts';
import type { Db } from '../../db/connection.ts';
import { forbidden, notFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import * as q from './queries.ts';

/** Renames a project through its root bin (bins/updatename). */
export async function renameBin(db: Db, user: AuthUser, binId: number, name: string): Promise<OperationResult<typeof C.renameProject>> {
  if (!user.isAdmin) throw forbidden('Only administrators may rename projects');
  const bin = await q.liveBin(db, binId);
  if (!bin) throw notFound(`Bin ${binId} not found`);
  await assertClientWritable(db, user, bin.client_id);
  await db.transaction().execute(async (trx) => {
    await q.renameBinAndProject(trx, binId, name);
    const project = await q.projectOfBin(trx, binId);
    await audit(trx, {
      actor: user,
      action: 'project.rename',
      target: project ? `project:${project.id}` : `bin:${binId}`,
      detail: { binId, from: bin.name, to: name },
    });
  });
  return { ok: true };
}

/** Soft-deletes (or restores) a project by its root bin id, which must be the client's (bins/isdeleted). */
export async function setBinDeleted(
  db: Db,
  user: AuthUser,
  binId: number,
  clientId: number,
  isDeleted: boolean,
): Promise<OperationResult<typeof C.deleteProject>> {
  if (!user.isAdmin) throw forbidden('Only administrators may delete projects');
  const bin = await q.binOfAnyState(db, binId);
  if (!bin || bin.client_id !== clientId) throw notFound(`Bin ${binId} not found for client ${clientId}`);
  await assertClientWritable(db, user, clientId);
  await db.transaction().execute(async (trx) => {
    await q.setBinAndProjectDeleted(trx, binId, isDeleted);
    const project = await q.projectOfBin(trx, binId);
    await audit(trx, {
      actor: user,
      action: isDeleted ? 'project.delete' : 'project.restore',
      target: project ? `project:${project.id}` : `bin:${binId}`,
      detail: { binId, clientId, name: bin.name },
    });
  });
  return { ok: true };
}
