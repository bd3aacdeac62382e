// Influencer discovery: authors added from top authors, kept one year, removed from
// the widget. Project types 1, 5, 6, 7, as top authors.
import { influencerDaysRemaining } from '@listening/contract';
import type { Db } from '../../db/connection.ts';
import type { ProjectRow } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { assertClientWritable, assertScreen, projectForUser, projectForWrite } from '../../access/index.ts';

const toInfluencer = (r: { id: number; author_id: number; author_name: string; stream_id: number; created_at: Date }, now = new Date()) => ({
  Id: r.id,
  AuthorId: Number(r.author_id),
  AuthorName: r.author_name,
  StreamId: r.stream_id,
  DateCreated: new Date(r.created_at).toISOString(),
  DaysRemaining: influencerDaysRemaining(new Date(r.created_at), now),
});

async function discoveryProject(db: Db, user: AuthUser, projectId: number, forWrite = false): Promise<ProjectRow> {
  const project = await (forWrite ? projectForWrite : projectForUser)(db, user, projectId);
  assertScreen(project, 'influencer-discovery');
  return project;
}

/** The project's entries that have days left, newest first. */
export async function listInfluencers(db: Db, user: AuthUser, projectId: number) {
  const project = await discoveryProject(db, user, projectId);
  const rows = await db
    .selectFrom('influencers')
    .selectAll()
    .where('project_id', '=', project.id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const now = new Date();
  return rows.map((r) => toInfluencer(r, now)).filter((i) => i.DaysRemaining > 0);
}

/** Adds an author who posted in the project; adding one twice answers the existing entry. */
export async function createInfluencer(db: Db, user: AuthUser, q: { projectId: number; authorId: number; authorName: string; streamId: number }) {
  const project = await discoveryProject(db, user, q.projectId, true);
  const author = await db
    .selectFrom('authors')
    .select('id')
    .where('id', '=', q.authorId)
    .where('stream_id', '=', q.streamId)
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('bin_clips').select('bin_clips.id').whereRef('bin_clips.author_id', '=', 'authors.id').where('bin_clips.project_id', '=', project.id)),
    )
    .executeTakeFirst();
  if (!author) throw notFound(`Author ${q.authorId} on stream ${q.streamId} has no posts in project ${q.projectId}`);
  await db
    .insertInto('influencers')
    .values({ project_id: project.id, author_id: q.authorId, author_name: q.authorName, stream_id: q.streamId })
    .onConflict((oc) => oc.columns(['project_id', 'author_id']).doNothing())
    .execute();
  const row = await db.selectFrom('influencers').selectAll().where('project_id', '=', project.id).where('author_id', '=', q.authorId).executeTakeFirstOrThrow();
  return toInfluencer(row);
}

export async function deleteInfluencer(db: Db, user: AuthUser, id: number): Promise<void> {
  const row = await db.selectFrom('influencers').select(['id', 'project_id']).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`Influencer ${id} not found`);
  const project = await projectForUser(db, user, row.project_id).catch(() => {
    throw notFound(`Influencer ${id} not found`);
  });
  await assertClientWritable(db, user, project.client_id);
  await db.deleteFrom('influencers').where('id', '=', id).execute();
}
