import { useInfiniteQuery } from '@tanstack/react-query';
import { getAuditLog } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { opKey } from '../../../api/op-query.ts';

/** Entries per page of the audit screen. */
export const AUDIT_PAGE_SIZE = 50;

/** The audit log, newest first, a page at a time (admins only, on the server). */
export const useAuditLog = (enabled: boolean) =>
  useInfiniteQuery({
    queryKey: opKey(getAuditLog, { query: { limit: AUDIT_PAGE_SIZE } }),
    queryFn: ({ pageParam }) => call(getAuditLog, { query: { limit: AUDIT_PAGE_SIZE, ...(pageParam ? { before: pageParam } : {}) } }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.Next ?? undefined,
    enabled,
  });
