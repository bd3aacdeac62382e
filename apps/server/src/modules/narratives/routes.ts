import { findNarratives } from '@listening/contract';
import type { Route } from '../../http/route.ts';
import type { Deps } from '../../types.ts';
import * as narratives from './service.ts';

/** Main host: Narrative Analysis (docs/narratives.md). */
export function narrativeRoutes(route: Route, { db }: Deps): void {
  route(findNarratives, ({ user, body }) => narratives.find(db, user, body));
}
