// Per-account login lockout (docs/security.md, "Rate limits and lockout"). Beside the per-address
// rate limit, failed logins are counted per account: LOCKOUT.threshold failures within
// LOCKOUT.windowMs lock the account's logins for a delay that starts at one minute and doubles
// with each further lock, capped at fifteen minutes. A lock always ends, so an attacker cannot
// lock a victim out for good (only slow them down, and each lock costs the attacker more guesses);
// a successful login or a password reset clears the count, and a day without failures forgets the
// past locks. Accounts are keyed by the normalised email whether or not a user has it, so a lock
// tells nothing about which addresses exist.
import type { Db } from '../../db/connection.ts';
import * as q from './queries.ts';

export const LOCKOUT = {
  threshold: 5,
  windowMs: 15 * 60_000,
  baseDelayMs: 60_000,
  maxDelayMs: 15 * 60_000,
  /** Past locks are forgotten after this long without a failure. */
  forgetAfterMs: 24 * 3_600_000,
} as const;

export const lockoutKey = (email: string) => email.trim().toLowerCase();

/** How long the n-th lock in a row lasts (n ≥ 1): 1, 2, 4, 8, then 15 minutes. */
export function lockDelayMs(n: number): number {
  return Math.min(LOCKOUT.baseDelayMs * 2 ** Math.max(0, n - 1), LOCKOUT.maxDelayMs);
}

/** Milliseconds the account is still locked for; 0 when it is not. */
export async function lockedFor(db: Db, email: string, now = new Date()): Promise<number> {
  const row = await q.lockoutOf(db, lockoutKey(email));
  const until = row?.locked_until?.getTime() ?? 0;
  return Math.max(0, until - now.getTime());
}

/** Counts a failed login; answers how long the account is now locked for (0: not locked). */
export async function recordFailure(db: Db, email: string, now = new Date()): Promise<number> {
  const key = lockoutKey(email);
  const lockedUntil = await db.transaction().execute(async (trx) => {
    const row = await q.lockedLockoutRow(trx, key, now);
    let { failures, lock_count: lockCount, window_started_at: windowStart, locked_until: until } = row;
    if (now.getTime() - row.last_failure_at.getTime() > LOCKOUT.forgetAfterMs) lockCount = 0;
    if (now.getTime() - windowStart.getTime() > LOCKOUT.windowMs) {
      failures = 0;
      windowStart = now;
    }
    failures++;
    if (failures >= LOCKOUT.threshold) {
      lockCount++;
      until = new Date(now.getTime() + lockDelayMs(lockCount));
      failures = 0;
      windowStart = now;
    }
    await q.saveLockout(trx, key, { failures, lock_count: lockCount, window_started_at: windowStart, locked_until: until, last_failure_at: now });
    return until;
  });
  // Now and then, rows long quiet (often addresses nobody has) are dropped.
  if (Math.random() < 0.02) {
    const old = new Date(now.getTime() - LOCKOUT.forgetAfterMs);
    await q.dropQuietLockouts(db, old, now);
  }
  return Math.max(0, (lockedUntil?.getTime() ?? 0) - now.getTime());
}

/** A successful login or a new password: the account starts afresh. */
export async function clearFailures(db: Db, email: string): Promise<void> {
  await q.clearLockout(db, lockoutKey(email));
}
