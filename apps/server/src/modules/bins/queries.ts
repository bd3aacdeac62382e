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

// ---- sub-bins (sort bins and input bins) ------------------------------------------------------

/** Every live bin of a project (its root and sub-bins of every kind), for walking the tree. */
export function liveProjectBins(db: Db, projectId: number) {
  return db
    .selectFrom('bins')
    .select(['id', 'parent_id', 'name', 'bin_type_id', 'created_at', 'modified_at'])
    .where('project_id', '=', projectId)
    .where('is_deleted', '=', false)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** A live sort or input bin with its project (sub-bins always name their project). */
export function liveSubBin(db: Db, binId: number) {
  return db
    .selectFrom('bins')
    .select(['id', 'project_id', 'parent_id', 'name', 'bin_type_id'])
    .where('id', '=', binId)
    .where('is_deleted', '=', false)
    .where('bin_type_id', 'in', [2, 6])
    .where('project_id', 'is not', null)
    .executeTakeFirst();
}

/** Active rules of the bins, oldest first. */
export function rulesOfBins(db: Db, binIds: number[]) {
  if (binIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('bin_rules')
    .select(['id', 'bin_id', 'kind', 'expression', 'stream_id'])
    .where('bin_id', 'in', binIds)
    .where('is_active', '=', true)
    .orderBy('id')
    .execute();
}

export interface NewRule {
  kind: string;
  expression: string;
  streamId: number | null;
}

/** Creates a sub-bin with its rules; call inside a transaction. */
export async function insertSubBin(
  trx: Db,
  bin: { clientId: number; projectId: number; parentId: number; name: string; binTypeId: number },
  rules: NewRule[],
): Promise<number> {
  const row = await trx
    .insertInto('bins')
    .values({ client_id: bin.clientId, project_id: bin.projectId, parent_id: bin.parentId, name: bin.name, bin_type_id: bin.binTypeId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertRules(trx, row.id, rules);
  return row.id;
}

async function insertRules(trx: Db, binId: number, rules: NewRule[]): Promise<void> {
  if (rules.length === 0) return;
  await trx
    .insertInto('bin_rules')
    .values(rules.map((r) => ({ bin_id: binId, kind: r.kind, expression: r.expression, stream_id: r.streamId })))
    .execute();
}

/** Replaces a bin's rules; call inside a transaction. */
export async function replaceRules(trx: Db, binId: number, rules: NewRule[]): Promise<void> {
  await trx.deleteFrom('bin_rules').where('bin_id', '=', binId).execute();
  await insertRules(trx, binId, rules);
  await trx.updateTable('bins').set({ modified_at: new Date() }).where('id', '=', binId).execute();
}

export async function renameSubBin(db: Db, binId: number, name: string): Promise<void> {
  await db.updateTable('bins').set({ name, modified_at: new Date() }).where('id', '=', binId).execute();
}

/** Soft-deletes the bins (a bin and the bins inside it); call inside a transaction. */
export async function softDeleteBins(trx: Db, binIds: number[]): Promise<void> {
  await trx.updateTable('bins').set({ is_deleted: true, modified_at: new Date() }).where('id', 'in', binIds).execute();
}

/** Which of the clips (by stream and external id) the bin already holds. */
export async function clipsAlreadyInBin(db: Db, binId: number, keys: { streamId: number; externalId: string }[]): Promise<number> {
  if (keys.length === 0) return 0;
  const rows = await db
    .selectFrom('bin_clips')
    .innerJoin('clips', 'clips.id', 'bin_clips.clip_id')
    .select(['clips.stream_id', 'clips.external_id'])
    .where('bin_clips.bin_id', '=', binId)
    .where(
      'clips.external_id',
      'in',
      keys.map((k) => k.externalId),
    )
    .execute();
  const wanted = new Set(keys.map((k) => `${k.streamId}:${k.externalId}`));
  return rows.filter((r) => wanted.has(`${r.stream_id}:${r.external_id}`)).length;
}
