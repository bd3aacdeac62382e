import { getJobs } from '@listening/contract';
import type { Route } from '../../http/route.ts';
import type { Deps } from '../../types.ts';
import * as jobs from './service.ts';

/** The job runner's admin view. */
export function jobRoutes(route: Route, { db }: Deps): void {
  route(getJobs, () => jobs.jobs(db));
}
