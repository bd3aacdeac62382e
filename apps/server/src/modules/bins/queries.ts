// The SQL of the bins module: a project's root bin and the project it names.
import type { Db } from '../../db/connection.ts';

/** A live (not deleted) bin, with its name and client. */
export function liveBin(db: Db, binId: number) {
  return db.selectFrom('bins').select(['id', 'client_id', 'name']).where('id', '=', binId).where('is_deleted', '=', false).executeTakeFirst();
}

/** A bin, deleted or not, with its client. */
export function binOfAnyState(db: Db, binId: number) {
  return db.selectFrom('bins').select(['id', 'client_id', 'name']).where('id', '=', binId).executeTakeFirst();
}

/** The project whose root the bin is (its id for the audit log). */
export function projectOfBin(db: Db, binId: number) {
  return db.selectFrom('projects').select('id').where('bin_id', '=', binId).executeTakeFirst();
}

/** Renames the bin and the project whose root it is; call inside a transaction (the service's). */
export async function renameBinAndProject(trx: Db, binId: number, name: string): Promise<void> {
  await trx.updateTable('bins').set({ name, modified_at: new Date() }).where('id', '=', binId).execute();
  await trx.updateTable('projects').set({ description: name }).where('bin_id', '=', binId).execute();
}

/** Sets the soft-delete flag of the bin and of the project whose root it is; call inside a transaction. */
export async function setBinAndProjectDeleted(trx: Db, binId: number, isDeleted: boolean): Promise<void> {
  await trx.updateTable('bins').set({ is_deleted: isDeleted, modified_at: new Date() }).where('id', '=', binId).execute();
  await trx.updateTable('projects').set({ is_deleted: isDeleted }).where('bin_id', '=', binId).execute();
}
