// SQL of Narrative Analysis: the posts of a scope with what a narrative's figures need, the saved
// queries with their recipients, the kept answers of large searches and the narratives told.
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { binClipsWithText } from '../../analytics/clip-rows.ts';
import { clipsInScope, type Scope } from '../../analytics/scope.ts';

/** The scope's latest `limit` posts (before `before`, when paging): text, account, reach, AVE, rating and brand association. */
export function postsInScope(db: Db, s: Scope, limit: number, before?: { postedAt: Date; id: number }) {
  return binClipsWithText(db)
    .select([
      'bin_clips.id',
      'bin_clips.stream_id',
      'bin_clips.author_id',
      'authors.name as author_name',
      'authors.handle as author_handle',
      'authors.followers',
      'clips.body',
      'bin_clips.posted_at',
      'bin_clips.ave',
      'bin_clips.favourability_id',
      'bin_clips.brand_association_id',
    ])
    .$call(clipsInScope(s))
    .$if(before !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('bin_clips.posted_at', '<', before!.postedAt),
          eb.and([eb('bin_clips.posted_at', '=', before!.postedAt), eb('bin_clips.id', '<', before!.id)]),
        ]),
      ),
    )
    .orderBy('bin_clips.posted_at', 'desc')
    .orderBy('bin_clips.id', 'desc')
    .limit(limit)
    .execute();
}
export type NarrativeRow = Awaited<ReturnType<typeof postsInScope>>[number];

/** How many posts the scope has. */
export async function countInScope(db: Db, s: Scope): Promise<number> {
  const row = await db
    .selectFrom('bin_clips')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .$call(clipsInScope(s))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---- saved queries ----------------------------------------------------------------------------

export interface QueryFields {
  name: string;
  query: string;
  streamIds: number[];
  rangeKind: string;
  alertMinPosts: number | null;
  alertGrowth: number;
}

const queryColumns = ['id', 'project_id', 'name', 'query', 'stream_ids', 'range_kind', 'alert_min_posts', 'alert_growth', 'created_by', 'created_at'] as const;

export const savedQueries = (db: Db, projectId: number) =>
  db.selectFrom('narrative_queries').select(queryColumns).where('project_id', '=', projectId).orderBy('name').execute();

export const savedQuery = (db: Db, id: number) => db.selectFrom('narrative_queries').select(queryColumns).where('id', '=', id).executeTakeFirst();
export type SavedQueryRow = NonNullable<Awaited<ReturnType<typeof savedQuery>>>;

export async function nameTaken(db: Db, projectId: number, name: string, exceptId: number | null): Promise<boolean> {
  const row = await db
    .selectFrom('narrative_queries')
    .select('id')
    .where('project_id', '=', projectId)
    .where(sql<string>`lower(name)`, '=', name.toLocaleLowerCase())
    .$if(exceptId !== null, (qb) => qb.where('id', '<>', exceptId!))
    .executeTakeFirst();
  return row !== undefined;
}

const fieldValues = (f: QueryFields) => ({
  name: f.name,
  query: f.query,
  stream_ids: f.streamIds,
  range_kind: f.rangeKind,
  alert_min_posts: f.alertMinPosts,
  alert_growth: f.alertGrowth,
});

/** Inserts or replaces a saved query and its recipients in one transaction; answers its id. */
export async function writeSavedQuery(
  db: Db,
  target: { id: number } | { projectId: number; userId: number },
  f: QueryFields,
  recipientIds: number[],
): Promise<number> {
  return db.transaction().execute(async (tx) => {
    let id: number;
    if ('id' in target) {
      await tx.updateTable('narrative_queries').set(fieldValues(f)).where('id', '=', target.id).execute();
      await tx.deleteFrom('narrative_query_recipients').where('query_id', '=', target.id).execute();
      id = target.id;
    } else {
      const row = await tx
        .insertInto('narrative_queries')
        .values({ project_id: target.projectId, created_by: target.userId, ...fieldValues(f) })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    }
    if (recipientIds.length)
      await tx
        .insertInto('narrative_query_recipients')
        .values(recipientIds.map((contact_id) => ({ query_id: id, contact_id })))
        .execute();
    return id;
  });
}

export const deleteSavedQuery = (db: Db, id: number) => db.deleteFrom('narrative_queries').where('id', '=', id).execute();

/** The recipients of the queries, with their contact's person. */
export function recipientsOf(db: Db, queryIds: number[]) {
  if (queryIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('narrative_query_recipients as r')
    .innerJoin('client_contacts as cc', 'cc.id', 'r.contact_id')
    .innerJoin('users as u', 'u.id', 'cc.user_id')
    .select(['r.query_id', 'r.contact_id', 'cc.is_active', 'u.id as user_id', 'u.name', 'u.surname', 'u.email'])
    .where('r.query_id', 'in', queryIds)
    .orderBy('u.name')
    .orderBy('u.surname')
    .execute();
}

// ---- kept answers of large searches ----------------------------------------------------------

/** The search's row, made if it is new (its key is unique, so racing calls share one row). */
export async function searchRow(db: Db, projectId: number, searchKey: string, request: unknown) {
  await db
    .insertInto('narrative_results')
    .values({ project_id: projectId, search_key: searchKey, request: JSON.stringify(request) })
    .onConflict((oc) => oc.column('search_key').doNothing())
    .execute();
  return db.selectFrom('narrative_results').selectAll().where('search_key', '=', searchKey).executeTakeFirstOrThrow();
}

export const resultRow = (db: Db, id: number) => db.selectFrom('narrative_results').selectAll().where('id', '=', id).executeTakeFirst();
export type ResultRow = NonNullable<Awaited<ReturnType<typeof resultRow>>>;

export const setProgress = (db: Db, id: number, progress: number) =>
  db.updateTable('narrative_results').set({ progress }).where('id', '=', id).where('state', '=', 'running').execute();

export const finishResult = (db: Db, id: number, answer: unknown) =>
  db
    .updateTable('narrative_results')
    .set({ state: 'done', progress: 1, answer: JSON.stringify(answer), finished_at: new Date(), error: null })
    .where('id', '=', id)
    .where('state', '=', 'running')
    .execute();

export const failResult = (db: Db, id: number, error: string) =>
  db.updateTable('narrative_results').set({ state: 'failed', error, finished_at: new Date() }).where('id', '=', id).where('state', '=', 'running').execute();

/** A failed search asked again starts over (a new created_at: a new job key). */
export const restartResult = (db: Db, id: number) =>
  db
    .updateTable('narrative_results')
    .set({ state: 'running', progress: 0, error: null, finished_at: null, created_at: new Date() })
    .where('id', '=', id)
    .where('state', '=', 'failed')
    .execute();

/** A kept answer grown stale starts over (a new created_at: a new job key); its old answer stays until the new one. */
export const refreshResult = (db: Db, id: number) =>
  db
    .updateTable('narrative_results')
    .set({ state: 'running', progress: 0, error: null, finished_at: null, created_at: new Date() })
    .where('id', '=', id)
    .where('state', '=', 'done')
    .execute();

// ---- the alert on a new narrative --------------------------------------------------------------

export const projectRow = (db: Db, id: number) => db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Saved queries with an alert, of live projects. */
export function alertingQueries(db: Db) {
  return db
    .selectFrom('narrative_queries as nq')
    .innerJoin('projects as p', 'p.id', 'nq.project_id')
    .select([
      'nq.id',
      'nq.project_id',
      'nq.name',
      'nq.query',
      'nq.stream_ids',
      'nq.range_kind',
      'nq.alert_min_posts',
      'nq.alert_growth',
      'p.client_id',
      'p.bin_id',
      'p.description',
    ])
    .where('nq.alert_min_posts', 'is not', null)
    .where('p.is_deleted', '=', false)
    .where('p.bin_id', 'is not', null)
    .orderBy('nq.id')
    .execute();
}

/** The phrases of the narratives a query has told about. */
export const toldPhrases = (db: Db, queryId: number) =>
  db.selectFrom('narrative_alerts').select(['narrative_key', 'phrases']).where('query_id', '=', queryId).execute();

/** Claims a narrative for telling: false when another run told it already (in the caller's transaction). */
export async function claimNarrative(db: Db, queryId: number, key: string, phrases: string[], posts: number): Promise<boolean> {
  const row = await db
    .insertInto('narrative_alerts')
    .values({ query_id: queryId, narrative_key: key, phrases, posts })
    .onConflict((oc) => oc.columns(['query_id', 'narrative_key']).doNothing())
    .returning('query_id')
    .executeTakeFirst();
  return row !== undefined;
}
