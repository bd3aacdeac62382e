// SQL of the dashboard that is not a figure: its figures come from the runner (analytics/query.ts)
// and the shared rankings (analytics/top-authors.ts, analytics/top-posts.ts).
import type { Db } from '../../db/connection.ts';

/** The live bins of a project with their parents, for the sort-bin tree. */
export function projectBins(db: Db, projectId: number) {
  return db
    .selectFrom('bins')
    .select(['id', 'name', 'parent_id', 'bin_type_id'])
    .where('project_id', '=', projectId)
    .where('is_deleted', '=', false)
    .orderBy('name')
    .execute();
}
