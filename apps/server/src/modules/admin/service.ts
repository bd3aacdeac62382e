// Admin-only views: the mail outbox (where mail lands when no SMTP_URL is set).
import type { OperationResult } from '@listening/contract';
import type * as C from '@listening/contract';
import type { Db } from '../../db/connection.ts';
import * as q from './queries.ts';

/** How many mails the outbox view shows at most. */
const OUTBOX_LIMIT = 200;

export async function outbox(db: Db): Promise<OperationResult<typeof C.getOutbox>> {
  const rows = await q.outbox(db, OUTBOX_LIMIT);
  return rows.map((m) => ({ Id: m.id, To: m.to, Subject: m.subject, Text: m.text, DateCreated: m.created_at.toISOString() }));
}
