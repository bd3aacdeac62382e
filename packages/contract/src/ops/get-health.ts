import { z } from 'zod';
import { ErrorBody, defineOperation } from '../operation.ts';

/** While a first start writes the demo corpus (newest day first): the days stored so far, of all its days. */
export const DemoProgress = z.object({ daysLoaded: z.number().int(), days: z.number().int() });
export type DemoProgress = z.infer<typeof DemoProgress>;

/**
 * `phase` while starting: `database` (opening and migrating), `seeding` (the demo tenant), `demo`
 * (the demo corpus, with `demo`'s progress). Every other operation answers from `demo` on.
 */
export const HealthStatus = z.object({
  status: z.enum(['ok', 'starting']),
  phase: z.enum(['database', 'seeding', 'demo']).optional(),
  demo: DemoProgress.optional(),
});
export type HealthStatus = z.infer<typeof HealthStatus>;

/** The 503 answer while starting: an error body that also carries the status and its progress. */
export const HealthStarting = ErrorBody.extend(HealthStatus.shape);
export type HealthStarting = z.infer<typeof HealthStarting>;

/**
 * Readiness for load balancers and container probes, answered at once from the process's first
 * moments: 503 (HealthStarting) while the database is migrated and a first start's demo tenant and
 * corpus are written, 200 once ready.
 */
export const getHealth = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/healthz',
  summary: 'Readiness: ok, or 503 starting (with the demo corpus days written so far) while a first start prepares',
  tags: ['ops'],
  access: 'public',
  response: HealthStatus,
  errors: [503],
});
