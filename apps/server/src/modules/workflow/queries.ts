// The SQL of the workflow board. A ticket is a word_bin_clips row; its group is its
// workflow_tickets row's, or the workflow's default group when it has none.
import { WORKFLOW_TICKETS_PER_GROUP } from '@listening/contract';
import { activeContactsOf } from '../../access/contacts.ts';
import type { Db } from '../../db/connection.ts';

/** A word bin with what access needs (its client and project). */
export function wordBin(db: Db, wordBinId: number) {
  return db.selectFrom('word_bins').select(['id', 'client_id', 'project_id', 'description']).where('id', '=', wordBinId).executeTakeFirst();
}

/** A workflow with its word bin. */
export function workflowById(db: Db, workflowId: number) {
  return db.selectFrom('workflows').select(['id', 'word_bin_id', 'description']).where('id', '=', workflowId).executeTakeFirst();
}

export function workflowOfBin(db: Db, wordBinId: number) {
  return db.selectFrom('workflows').select(['id', 'word_bin_id', 'description']).where('word_bin_id', '=', wordBinId).executeTakeFirst();
}

/** Creates the bin's workflow unless another request just did; the new id, or undefined. */
export async function insertWorkflow(trx: Db, wordBinId: number, description: string): Promise<number | undefined> {
  const row = await trx
    .insertInto('workflows')
    .values({ word_bin_id: wordBinId, description })
    .onConflict((oc) => oc.column('word_bin_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

const groupColumns = [
  'workflow_groups.id',
  'workflow_groups.workflow_id',
  'workflow_groups.description',
  'workflow_groups.is_default',
  'workflow_groups.position',
] as const;

/** A live group with its workflow's word bin. */
/** Locks a workflow's row for the transaction, so two changes of its groups queue up. */
export function lockWorkflow(trx: Db, workflowId: number) {
  return trx.selectFrom('workflows').select('id').where('id', '=', workflowId).forUpdate().execute();
}

/** Every word bin (the demo's), by id. */
export function allWordBins(db: Db) {
  return db.selectFrom('word_bins').select(['id', 'description']).orderBy('id').execute();
}

export function liveGroup(db: Db, groupId: number) {
  return db
    .selectFrom('workflow_groups')
    .innerJoin('workflows', 'workflows.id', 'workflow_groups.workflow_id')
    .select([...groupColumns, 'workflows.word_bin_id'])
    .where('workflow_groups.id', '=', groupId)
    .where('workflow_groups.is_deleted', '=', false)
    .executeTakeFirst();
}

/** A workflow's live groups, left to right. */
export function liveGroups(db: Db, workflowId: number) {
  return db
    .selectFrom('workflow_groups')
    .select(groupColumns)
    .where('workflow_id', '=', workflowId)
    .where('is_deleted', '=', false)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function insertGroup(trx: Db, g: { workflowId: number; description: string; isDefault: boolean; position: number }) {
  return trx
    .insertInto('workflow_groups')
    .values({ workflow_id: g.workflowId, description: g.description, is_default: g.isDefault, position: g.position })
    .returning(groupColumns)
    .executeTakeFirstOrThrow();
}

export function renameGroup(db: Db, groupId: number, description: string) {
  return db.updateTable('workflow_groups').set({ description }).where('id', '=', groupId).returning(groupColumns).executeTakeFirstOrThrow();
}

/** Soft-deletes a group after sending its tickets back to the default group; call inside a transaction. */
export async function deleteGroup(trx: Db, groupId: number): Promise<void> {
  await trx.deleteFrom('workflow_tickets').where('group_id', '=', groupId).execute();
  await trx.updateTable('workflow_groups').set({ is_deleted: true }).where('id', '=', groupId).execute();
}

/**
 * Makes the group the default; call inside a transaction. The tickets that sat in the old default
 * only by having no row get one first, so they stay in their column and only new matches arrive
 * in the new default.
 */
export async function setDefaultGroup(trx: Db, workflow: { id: number; word_bin_id: number }, oldDefaultId: number | null, groupId: number) {
  if (oldDefaultId !== null) {
    await trx
      .insertInto('workflow_tickets')
      .columns(['word_bin_clip_id', 'group_id'])
      .expression((eb) =>
        eb
          .selectFrom('word_bin_clips')
          .select(['word_bin_clips.id', eb.val(oldDefaultId).as('group_id')])
          .where('word_bin_clips.word_bin_id', '=', workflow.word_bin_id)
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom('workflow_tickets').select('group_id').whereRef('workflow_tickets.word_bin_clip_id', '=', 'word_bin_clips.id'))),
          ),
      )
      .execute();
  }
  await trx.updateTable('workflow_groups').set({ is_default: false }).where('workflow_id', '=', workflow.id).where('is_default', '=', true).execute();
  await trx.updateTable('workflow_groups').set({ is_default: true }).where('id', '=', groupId).execute();
}

/** A ticket (a match) with its word bin. */
export function ticket(db: Db, workflowClipId: number) {
  return db.selectFrom('word_bin_clips').select(['id', 'word_bin_id']).where('id', '=', workflowClipId).executeTakeFirst();
}

export async function moveTicket(db: Db, workflowClipId: number, groupId: number): Promise<void> {
  await db
    .insertInto('workflow_tickets')
    .values({ word_bin_clip_id: workflowClipId, group_id: groupId })
    .onConflict((oc) => oc.column('word_bin_clip_id').doUpdateSet({ group_id: groupId, moved_at: new Date() }))
    .execute();
}

/** How many tickets each group holds (tickets without a row counted in the default group). */
export async function ticketCounts(db: Db, wordBinId: number, defaultGroupId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('word_bin_clips')
    .leftJoin('workflow_tickets', 'workflow_tickets.word_bin_clip_id', 'word_bin_clips.id')
    .select((eb) => ['workflow_tickets.group_id', eb.fn.countAll<number>().as('n')])
    .where('word_bin_clips.word_bin_id', '=', wordBinId)
    .groupBy('workflow_tickets.group_id')
    .execute();
  const counts = new Map<number, number>();
  for (const r of rows) {
    const group = r.group_id ?? defaultGroupId;
    counts.set(group, (counts.get(group) ?? 0) + Number(r.n));
  }
  return counts;
}

/**
 * A group's tickets, newest post first: the clip's text, author and stream. `posted` narrows them
 * to posts from..to (the clip fetch's window).
 */
export function groupTickets(
  db: Db,
  g: { wordBinId: number; groupId: number; isDefault: boolean },
  opts: { posted?: { from: Date; to: Date }; limit?: number } = {},
) {
  return db
    .selectFrom('word_bin_clips')
    .innerJoin('clips', 'clips.id', 'word_bin_clips.clip_id')
    .leftJoin('authors', 'authors.id', 'clips.author_id')
    .leftJoin('workflow_tickets', 'workflow_tickets.word_bin_clip_id', 'word_bin_clips.id')
    .select([
      'word_bin_clips.id',
      'word_bin_clips.clip_id',
      'clips.body',
      'clips.posted_at',
      'clips.stream_id',
      'clips.link',
      'clips.author_id',
      'authors.name as author_name',
      'authors.handle as author_handle',
    ])
    .where('word_bin_clips.word_bin_id', '=', g.wordBinId)
    .where((eb) =>
      g.isDefault
        ? eb.or([eb('workflow_tickets.group_id', '=', g.groupId), eb('workflow_tickets.group_id', 'is', null)])
        : eb('workflow_tickets.group_id', '=', g.groupId),
    )
    .$if(!!opts.posted, (qb) => qb.where('clips.posted_at', '>=', opts.posted!.from).where('clips.posted_at', '<', opts.posted!.to))
    .orderBy('clips.posted_at', 'desc')
    .orderBy('word_bin_clips.id', 'desc')
    .limit(opts.limit ?? WORKFLOW_TICKETS_PER_GROUP)
    .execute();
}

/** The board row (its background), if one was ever saved. */
export function board(db: Db, workflowId: number) {
  return db.selectFrom('boards').select(['id', 'background_type', 'updated_at']).where('id', '=', workflowId).executeTakeFirst();
}

export function boardBackground(db: Db, workflowId: number) {
  return db.selectFrom('boards').select(['background', 'background_type']).where('id', '=', workflowId).executeTakeFirst();
}

export async function saveBoardBackground(db: Db, workflowId: number, bytes: Uint8Array, type: string): Promise<void> {
  const now = new Date();
  await db
    .insertInto('boards')
    .values({ id: workflowId, background: bytes, background_type: type, updated_at: now })
    .onConflict((oc) => oc.column('id').doUpdateSet({ background: bytes, background_type: type, updated_at: now }))
    .execute();
}

/** The client's active contacts: who works its boards. */
export function clientMembers(db: Db, clientId: number) {
  return activeContactsOf(db, clientId)
    .select(['client_contacts.id', 'users.name', 'users.surname'])
    .orderBy('users.name')
    .orderBy('client_contacts.id')
    .execute();
}
