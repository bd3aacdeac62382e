// SQL of the competitor settings (projects and bins). The figures of the Sentiment, Content
// classification and Competitor tracking screens come from the runner (analytics/query.ts) and
// analytics/rollup-queries.ts, which read the hourly rollups, never raw clips.
import type { Db } from '../../db/connection.ts';

/** A project's competitors: live projects with a root bin, by name. */
export function competitorsOf(db: Db, projectId: number) {
  return db
    .selectFrom('competitors')
    .innerJoin('projects', 'projects.id', 'competitors.competitor_project_id')
    .select(['projects.id', 'projects.description', 'projects.bin_id'])
    .where('competitors.project_id', '=', projectId)
    .where('projects.is_deleted', '=', false)
    .where('projects.bin_id', 'is not', null)
    .orderBy('projects.description')
    .orderBy('projects.id')
    .execute();
}

/** The client's other live projects with a root bin: what may become a competitor. */
export function clientProjects(db: Db, clientId: number, exceptProjectId: number) {
  return db
    .selectFrom('projects')
    .select(['projects.id', 'projects.description', 'projects.bin_id'])
    .where('projects.client_id', '=', clientId)
    .where('projects.id', '<>', exceptProjectId)
    .where('projects.is_deleted', '=', false)
    .where('projects.bin_id', 'is not', null)
    .orderBy('projects.description')
    .orderBy('projects.id')
    .execute();
}

/** The live project whose root bin is `binId`, or undefined. */
export function projectOfRootBin(db: Db, binId: number) {
  return db
    .selectFrom('projects')
    .select(['id', 'client_id', 'description', 'bin_id'])
    .where('bin_id', '=', binId)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
}

export async function insertCompetitor(db: Db, projectId: number, competitorProjectId: number): Promise<void> {
  await db.insertInto('competitors').values({ project_id: projectId, competitor_project_id: competitorProjectId }).execute();
}

/** Takes a competitor off the project; answers whether it was one. */
export async function deleteCompetitor(db: Db, projectId: number, competitorProjectId: number): Promise<boolean> {
  const gone = await db
    .deleteFrom('competitors')
    .where('project_id', '=', projectId)
    .where('competitor_project_id', '=', competitorProjectId)
    .executeTakeFirst();
  return Number(gone.numDeletedRows) > 0;
}
