// Rate limits of generating (generate, listing, regenerate) and sending reports: at most
// REPORT_RATE_LIMITS per user and per client in a sliding window. Each call is counted after its
// access checks (so another tenant's calls spend nothing of a client's allowance) and recorded in
// report_rate_events; one beyond a limit answers 429 naming it, with Retry-After.
import { REPORT_MESSAGES, REPORT_RATE_LIMITS } from '@listening/contract';
import type { Db } from '../../db/connection.ts';
import { HttpError } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import * as q from './queries.ts';

/** 429: too many generations or sends in the window, naming the limit; Retry-After says when one is allowed again. */
export class ReportRateLimited extends HttpError {
  constructor(
    action: q.RateAction,
    per: 'user' | 'client',
    limit: number,
    readonly retryAfterSeconds: number,
  ) {
    super(429, REPORT_MESSAGES.tooMany(action, per, limit, Math.ceil(retryAfterSeconds / 60)));
  }
}

/**
 * Counts a generation or a send against the caller's and the client's limits in the sliding
 * window and records it, or refuses it (429) recording nothing.
 */
export async function spend(db: Db, user: AuthUser, clientId: number, action: q.RateAction, now = new Date()): Promise<void> {
  const windowMs = REPORT_RATE_LIMITS.windowMinutes * 60_000;
  const since = new Date(now.getTime() - windowMs);
  await db.transaction().execute(async (trx) => {
    await q.lockRateEvents(trx, user.id, clientId);
    for (const per of ['user', 'client'] as const) {
      const limit = REPORT_RATE_LIMITS[`${action}Per${per === 'user' ? 'User' : 'Client'}`];
      const events = await q.rateEvents(trx, action, per === 'user' ? { userId: user.id } : { clientId }, since);
      if (events.length < limit) continue;
      // Allowed again when enough of the window's events have aged out to leave one below the limit.
      const freeAt = events[events.length - limit].getTime() + windowMs;
      throw new ReportRateLimited(action, per, limit, Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)));
    }
    await q.insertRateEvent(trx, { action, user_id: user.id, client_id: clientId, created_at: now });
  });
}
