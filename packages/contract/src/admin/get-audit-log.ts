import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { AuditLogPage } from './model.ts';

/** Most entries one page of the audit log holds. */
export const AUDIT_PAGE_MAX = 200;

export const AuditLogQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(AUDIT_PAGE_MAX, `limit is at most ${AUDIT_PAGE_MAX}`)
    .default(50),
  /** Entries older than this entry id (the previous page's Next); absent: the newest. */
  before: zId.optional(),
});

/** The audit log (act-as, project rename and delete, clip rejects, token grants, product changes), newest first. */
export const getAuditLog = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/admin/audit',
  summary: 'Audit log, newest first, a page at a time',
  tags: ['admin'],
  access: 'admin',
  query: AuditLogQuery,
  response: AuditLogPage,
});
