// The token-check job (docs/access-tokens.md): every hour, each linked profile's token whose last
// check is older than CHECK_EVERY_MS (or that expires within the refresh margin) is checked with
// its network on the durable runner: refreshed when it can be, marked invalid when the network
// refuses it, and when it turns invalid the project's contacts get an in-app notification and a
// mail through the outbox (once per grant: oauth/linked-profiles.ts). A network that cannot be
// reached changes nothing; the next run tries again. In-Active clients' and deleted projects'
// tokens are left alone (their connectors do not run either).
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { checkProfile, type TokenDeps } from '../oauth/linked-profiles.ts';

export const TOKEN_CHECK_QUEUE = 'token-check';
export const TOKEN_CHECK_EVERY_MS = 3600_000;
/** A token is re-checked at most this often (the check calls the network). */
export const CHECK_EVERY_MS = 6 * 3600_000;
/** Tokens expiring within this are checked (and so refreshed) whatever their last check. */
const EXPIRY_MARGIN_MS = 3600_000;

export interface TokenCheckReport {
  checked: number;
  refreshed: number;
  invalid: number;
  turnedInvalid: number;
  /** Profiles the network could not be asked about this time. */
  unreachable: number;
}

export async function checkTokens(db: Db, deps: TokenDeps, opts: { now?: Date; signal?: AbortSignal } = {}): Promise<TokenCheckReport> {
  const now = opts.now ?? new Date();
  const report: TokenCheckReport = { checked: 0, refreshed: 0, invalid: 0, turnedInvalid: 0, unreachable: 0 };
  // Without a key no stored token can be read (PostgreSQL without TOKEN_KEY): nothing to check.
  if (!deps.keys) return report;
  const due = await db
    .selectFrom('profiles')
    .innerJoin('projects', 'projects.id', 'profiles.project_id')
    .innerJoin('clients', 'clients.id', 'projects.client_id')
    .select('profiles.id')
    .where('profiles.access_token_enc', 'is not', null)
    .where('projects.is_deleted', '=', false)
    .where('clients.is_active', '=', true)
    .where((eb) =>
      eb.or([
        eb('profiles.token_checked_at', 'is', null),
        eb('profiles.token_checked_at', '<', new Date(now.getTime() - CHECK_EVERY_MS)),
        eb('profiles.token_expires_at', '<', new Date(now.getTime() + EXPIRY_MARGIN_MS)),
      ]),
    )
    // An invalid token stays invalid until it is granted again: asking again only costs quota.
    .where(sql<boolean>`coalesce(profiles.token_valid, true)`)
    .orderBy('profiles.id')
    .execute();
  for (const { id } of due) {
    if (opts.signal?.aborted) break;
    try {
      const r = await checkProfile(db, deps, id, now);
      if (!r) continue;
      report.checked++;
      if (r.refreshed) report.refreshed++;
      if (!r.valid) report.invalid++;
      if (r.turnedInvalid) report.turnedInvalid++;
    } catch {
      report.unreachable++;
    }
  }
  return report;
}
