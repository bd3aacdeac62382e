import { deleteNarrativeQuery, findNarratives, getNarrativeQueries, getNarrativeResult, saveNarrativeQuery, updateNarrativeQuery } from '@listening/contract';
import type { Route } from '../../http/route.ts';
import type { Deps } from '../../types.ts';
import * as saved from './saved-queries.ts';
import { getResult } from './search-job.ts';
import * as narratives from './service.ts';

/** Main host: Narrative Analysis, its large searches and saved queries (docs/narratives.md). */
export function narrativeRoutes(route: Route, { db }: Deps): void {
  route(findNarratives, ({ user, body }) => narratives.find(db, user, body));
  route(getNarrativeResult, ({ user, params }) => getResult(db, user, params.id));
  route(getNarrativeQueries, ({ user, query }) => saved.list(db, user, query.projectId));
  route(saveNarrativeQuery, ({ user, body }) => saved.save(db, user, body));
  route(updateNarrativeQuery, ({ user, params, body }) => saved.update(db, user, params.id, body));
  route(deleteNarrativeQuery, ({ user, params }) => saved.remove(db, user, params.id));
}
