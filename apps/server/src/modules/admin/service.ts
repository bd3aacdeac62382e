// Admin-only views: the mail outbox (where mail lands when no SMTP_URL is set, and the queue's
// state when it is) and the audit log.
import type { OperationResult, ParsedInput } from '@listening/contract';
import type * as C from '@listening/contract';
import type { Db } from '../../db/connection.ts';
import * as q from './queries.ts';

/** How many mails the outbox view shows at most. */
const OUTBOX_LIMIT = 200;

export async function outbox(db: Db): Promise<OperationResult<typeof C.getOutbox>> {
  const rows = await q.outbox(db, OUTBOX_LIMIT);
  return rows.map((m) => ({ Id: m.id, To: m.to, Subject: m.subject, Text: m.text, DateCreated: m.created_at.toISOString(), Status: m.status }));
}

/** A page of the audit log, newest first; Next pages on to older entries. */
export async function auditLog(db: Db, query: ParsedInput<typeof C.getAuditLog>['query']): Promise<OperationResult<typeof C.getAuditLog>> {
  // One more row than asked tells whether an older page exists.
  const rows = await q.auditLog(db, query.limit + 1, query.before);
  const page = rows.slice(0, query.limit);
  return {
    Entries: page.map((r) => ({
      Id: Number(r.id),
      DateCreated: r.created_at.toISOString(),
      ActorId: r.actor_id,
      Actor: r.actor_email,
      ActingAsId: r.acting_as_id,
      ActingAs: r.acting_email,
      Action: r.action,
      Target: r.target,
      Detail: (r.detail as Record<string, unknown> | null) ?? null,
      Address: r.ip,
    })),
    Next: rows.length > query.limit ? Number(page[page.length - 1].id) : null,
  };
}
