// Where a start is, and what /healthz answers for it. main.ts holds the status; the answer is made
// from memory, never from the database, so a probe gets it at once from the process's first
// moments: first from main.ts's own listener while the app's modules load, then from the route
// (app.ts).
import type { DemoProgress, HealthStarting, HealthStatus } from '@listening/contract';

/**
 * `database` (opening, migrating) and `seeding` (the demo tenant): every API call answers 503.
 * `demo` (a first start's demo corpus, written newest day first): the API answers, /healthz still
 * says starting. `ready`: /healthz answers 200.
 */
export interface StartStatus {
  phase: 'database' | 'seeding' | 'demo' | 'ready';
  demo?: DemoProgress;
}

export const READY: StartStatus = { phase: 'ready' };

/** Whether the API may be called: the database is migrated and seeded. */
export const apiOpen = (s: StartStatus): boolean => s.phase === 'demo' || s.phase === 'ready';

export function healthAnswer(s: StartStatus): { code: 200; body: HealthStatus } | { code: 503; body: HealthStarting } {
  if (s.phase === 'ready') return { code: 200, body: { status: 'ok' } };
  return {
    code: 503,
    body: { statusCode: 503, error: 'Service Unavailable', message: 'starting', status: 'starting', phase: s.phase, ...(s.demo ? { demo: s.demo } : {}) },
  };
}
