import { getAuditLog, getCollectionStats, getOutbox } from '@listening/contract';
import type { Route } from '../../http/route.ts';
import type { Deps } from '../../types.ts';
import * as admin from './service.ts';

/** Admin-only views: the mail outbox, the audit log and what the connectors collected. */
export function adminRoutes(route: Route, { db }: Deps): void {
  route(getOutbox, () => admin.outbox(db));
  route(getAuditLog, ({ query }) => admin.auditLog(db, query));
  route(getCollectionStats, () => admin.collection(db));
}
