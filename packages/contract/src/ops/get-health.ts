import { z } from 'zod';
import { defineOperation } from '../operation.ts';

export const HealthStatus = z.object({ status: z.string() });

/** Readiness for load balancers: 503 while the demo corpus is still being generated. */
export const getHealth = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/healthz',
  summary: 'Readiness: ok, or starting while the demo corpus is generated',
  tags: ['ops'],
  access: 'public',
  response: HealthStatus,
  errors: [503],
});
