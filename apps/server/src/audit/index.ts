// The audit log (docs/security.md, "Act-as and the audit log"): who, acting as whom, did what, to
// what, when and from which address. Services call `audit` in the same transaction as the change
// they record, so a change and its entry are written together or not at all. Admins read the log
// at /admin/audit (GET /api/admin/audit).
import type { AuditAction } from '@listening/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Every action the log records: the contract's list, which the audit screen labels. */
export type { AuditAction };

/** The caller as the session resolved it (plugins/auth.ts AuthUser); null for the server's own work. */
export interface AuditActor {
  id: number;
  /** Set in an act-as session: the admin behind it, who is then the one recorded as acting. */
  actingAdminId: number | null;
  ip?: string | null;
}

export interface AuditEntry {
  actor: AuditActor | null;
  action: AuditAction;
  /** What the action was done to: `kind:id` (project:12, user:5, client:3, profile:9). */
  target: string;
  /** A few facts worth keeping (old and new name, counts); never a secret. */
  detail?: Record<string, unknown>;
}

/** Ids kept in one entry's detail at most; the count is always kept. */
export const AUDIT_MAX_IDS = 100;

/** Writes one entry; pass the transaction of the change it records. */
export async function audit(db: Kysely<Database>, { actor, action, target, detail }: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      // The person at the keyboard: the admin while acting as someone, else the user.
      actor_id: actor ? (actor.actingAdminId ?? actor.id) : null,
      acting_as_id: actor && actor.actingAdminId !== null ? actor.id : null,
      action,
      target,
      detail: detail ? JSON.stringify(detail) : null,
      ip: actor?.ip ?? null,
    })
    .execute();
}

/** A list of ids cut to AUDIT_MAX_IDS, for a detail. */
export function someIds(ids: readonly number[]): { ids: number[]; count: number; truncated?: true } {
  return ids.length > AUDIT_MAX_IDS ? { ids: ids.slice(0, AUDIT_MAX_IDS), count: ids.length, truncated: true } : { ids: [...ids], count: ids.length };
}

/**
 * An access token granted to the product (a network profile linked, a key issued). No grant exists
 * yet; whatever grants one calls this in the same transaction.
 */
export function auditTokenGrant(db: Kysely<Database>, actor: AuditActor | null, t: { kind: string; id: number; network?: string; scopes?: string[] }) {
  return audit(db, { actor, action: 'token.grant', target: `${t.kind}:${t.id}`, detail: { network: t.network, scopes: t.scopes } });
}

/** An access token revoked or unlinked; `reason` says why (user, expired, refused by the network). */
export function auditTokenRevoke(db: Kysely<Database>, actor: AuditActor | null, t: { kind: string; id: number; network?: string; reason?: string }) {
  return audit(db, { actor, action: 'token.revoke', target: `${t.kind}:${t.id}`, detail: { network: t.network, reason: t.reason } });
}

/** A client's products changed (product codes added and removed). No such change exists yet. */
export function auditProductChange(db: Kysely<Database>, actor: AuditActor | null, c: { clientId: number; added: string[]; removed: string[] }) {
  return audit(db, { actor, action: 'product.change', target: `client:${c.clientId}`, detail: { added: c.added, removed: c.removed } });
}
