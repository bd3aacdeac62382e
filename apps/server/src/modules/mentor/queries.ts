// SQL of the mentor area: platforms, tutorials with their step counts, steps, attachments, files
// and registrations.
import { sql } from 'kysely';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';

export const platforms = (db: Db) => db.selectFrom('mentor_platforms').select(['id', 'name']).orderBy('position').orderBy('id').execute();

export const platformExists = async (db: Db, id: number) => !!(await db.selectFrom('mentor_platforms').select('id').where('id', '=', id).executeTakeFirst());

/** Tutorials with their platform's name and step count; `active` keeps the active ones, `platformId` one platform's. */
export function tutorials(db: Db, opts: { active?: boolean; platformId?: number; id?: number } = {}) {
  return db
    .selectFrom('tutorials as t')
    .innerJoin('mentor_platforms as p', 'p.id', 't.platform_id')
    .select([
      't.id',
      't.platform_id',
      'p.name as platform_name',
      't.title',
      't.description',
      't.page_location',
      't.is_active',
      (eb) =>
        eb
          .selectFrom('tutorial_steps as s')
          .whereRef('s.tutorial_id', '=', 't.id')
          .select(sql<number>`count(*)::int`.as('n'))
          .as('step_count'),
    ])
    .$if(opts.active === true, (q) => q.where('t.is_active', '=', true))
    .$if(opts.platformId !== undefined, (q) => q.where('t.platform_id', '=', opts.platformId!))
    .$if(opts.id !== undefined, (q) => q.where('t.id', '=', opts.id!))
    .orderBy('p.position')
    .orderBy('t.position')
    .orderBy('t.id')
    .execute();
}

/** A tutorial's own fields, as the editor saves them. */
export type TutorialFields = Pick<Insertable<Database['tutorials']>, 'platform_id' | 'title' | 'description' | 'page_location' | 'is_active' | 'updated_at'>;

/** Files a new tutorial; answers its id. */
export const insertTutorial = async (db: Db, values: TutorialFields) =>
  (await db.insertInto('tutorials').values(values).returning('id').executeTakeFirstOrThrow()).id;

/** Saves a tutorial's fields; answers undefined when there is no such tutorial. */
export const updateTutorial = (db: Db, id: number, values: TutorialFields) =>
  db.updateTable('tutorials').set(values).where('id', '=', id).returning('id').executeTakeFirst();

/** Deletes a tutorial; answers its title, or undefined when there was none. */
export const deleteTutorial = (db: Db, id: number) => db.deleteFrom('tutorials').where('id', '=', id).returning(['id', 'title']).executeTakeFirst();

export const steps = (db: Db, tutorialId: number) =>
  db.selectFrom('tutorial_steps').selectAll().where('tutorial_id', '=', tutorialId).orderBy('step_number').execute();

export const stepCount = async (db: Db, tutorialId: number) =>
  (
    await db
      .selectFrom('tutorial_steps')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('tutorial_id', '=', tutorialId)
      .executeTakeFirstOrThrow()
  ).n;

/** Attachments of one kind with their file's media type. */
const attachmentRows = (db: Db, kind: 'document' | 'video') =>
  db
    .selectFrom('tutorial_attachments as a')
    .innerJoin('mentor_files as f', 'f.file_name', 'a.file_name')
    .select(['a.id', 'a.tutorial_id', 'a.kind', 'a.title', 'a.file_name', 'f.media_type'])
    .where('a.kind', '=', kind);

export const attachments = (db: Db, tutorialId: number, kind: 'document' | 'video') =>
  attachmentRows(db, kind).where('a.tutorial_id', '=', tutorialId).orderBy('a.position').orderBy('a.id').execute();

export const attachment = (db: Db, id: number, kind: 'document' | 'video') => attachmentRows(db, kind).where('a.id', '=', id).executeTakeFirst();

/** Replaces a tutorial's steps and attachments (inside the caller's transaction). */
export async function replaceContent(
  tx: Db,
  tutorialId: number,
  content: { steps: { title: string; body: string }[]; attachments: { kind: 'document' | 'video'; title: string; file_name: string }[] },
): Promise<void> {
  await tx.deleteFrom('tutorial_steps').where('tutorial_id', '=', tutorialId).execute();
  await tx.deleteFrom('tutorial_attachments').where('tutorial_id', '=', tutorialId).execute();
  await tx
    .insertInto('tutorial_steps')
    .values(content.steps.map((s, i) => ({ tutorial_id: tutorialId, step_number: i + 1, title: s.title, body: s.body })))
    .execute();
  if (content.attachments.length)
    await tx
      .insertInto('tutorial_attachments')
      .values(content.attachments.map((a, position) => ({ tutorial_id: tutorialId, ...a, position })))
      .execute();
  // A contact past the new last step stays on it.
  await tx
    .updateTable('tutorial_contacts')
    .set({ step_number: content.steps.length })
    .where('tutorial_id', '=', tutorialId)
    .where('step_number', '>', content.steps.length)
    .execute();
}

export const files = (db: Db) =>
  db.selectFrom('mentor_files').select(['file_name', 'media_type', 'size', 'created_at']).orderBy('created_at', 'desc').orderBy('file_name').execute();

/** A file's type and size, without its bytes. */
export const fileInfo = (db: Db, fileName: string) =>
  db.selectFrom('mentor_files').select(['media_type', 'size']).where('file_name', '=', fileName).executeTakeFirst();

/** `length` bytes of a file from byte `start` (0-based): only those leave the database. Undefined when the file is gone. */
export async function filePart(db: Db, fileName: string, start: number, length: number): Promise<Uint8Array | undefined> {
  const row = await db
    .selectFrom('mentor_files')
    .select(sql<Uint8Array>`substring(bytes from ${start + 1} for ${length})`.as('part'))
    .where('file_name', '=', fileName)
    .executeTakeFirst();
  return row?.part;
}

/** Which of the names are files of the mentor area, with their types. */
export const filesNamed = (db: Db, names: string[]) =>
  names.length ? db.selectFrom('mentor_files').select(['file_name', 'media_type']).where('file_name', 'in', names).execute() : Promise.resolve([]);

export const insertFile = (db: Db, row: { file_name: string; media_type: string; bytes: Uint8Array }) =>
  db
    .insertInto('mentor_files')
    .values({ ...row, size: row.bytes.length })
    .returning(['file_name', 'media_type', 'size', 'created_at'])
    .executeTakeFirstOrThrow();

const registrationColumns = [
  'r.id',
  'r.tutorial_id',
  't.title as tutorial_title',
  'r.user_id',
  'r.step_number',
  'r.registered_at',
  'r.completed_at',
  't.is_active',
] as const;

/** A user's registrations, with the tutorial's title and step count; `id` picks one. */
export const registrations = (db: Db, opts: { userId?: number; id?: number; tutorialId?: number }) =>
  db
    .selectFrom('tutorial_contacts as r')
    .innerJoin('tutorials as t', 't.id', 'r.tutorial_id')
    .select([
      ...registrationColumns,
      (eb) =>
        eb
          .selectFrom('tutorial_steps as s')
          .whereRef('s.tutorial_id', '=', 't.id')
          .select(sql<number>`count(*)::int`.as('n'))
          .as('step_count'),
    ])
    .$if(opts.userId !== undefined, (q) => q.where('r.user_id', '=', opts.userId!))
    .$if(opts.id !== undefined, (q) => q.where('r.id', '=', opts.id!))
    .$if(opts.tutorialId !== undefined, (q) => q.where('r.tutorial_id', '=', opts.tutorialId!))
    .orderBy('r.registered_at')
    .orderBy('r.id')
    .execute();

/** Registers a user once: a second call (or two at once) finds the first registration. */
export async function insertRegistration(db: Db, tutorialId: number, userId: number): Promise<void> {
  await db
    .insertInto('tutorial_contacts')
    .values({ tutorial_id: tutorialId, user_id: userId, step_number: 1 })
    .onConflict((oc) => oc.columns(['tutorial_id', 'user_id']).doNothing())
    .execute();
}

export const setStep = (db: Db, id: number, stepNumber: number) =>
  db.updateTable('tutorial_contacts').set({ step_number: stepNumber }).where('id', '=', id).execute();

/** Completes a registration at its last step; the first completion's time is kept. */
export const complete = (db: Db, id: number, lastStep: number) =>
  db
    .updateTable('tutorial_contacts')
    .set((eb) => ({ step_number: lastStep, completed_at: eb.fn.coalesce('completed_at', sql<Date>`now()`) }))
    .where('id', '=', id)
    .execute();
