import { useQuery } from '@tanstack/react-query';
import { getClientReportLog, type ReportRequest } from '@listening/contract';
import { opQuery } from '../../../api/op-query.ts';
import { listQuery, type ReportScope } from './keys.ts';

/** How often the log asks again while a file is still generating. */
export const GENERATING_POLL_MS = 2000;

const generating = (rows: readonly ReportRequest[] | undefined) => !!rows?.some((r) => !r.IsCompleted && !r.Error);

const logQuery = (scope: ReportScope) => opQuery(getClientReportLog, { params: { id: scope.clientId }, query: listQuery(scope) });

export const logKey = (scope: ReportScope) => logQuery(scope).queryKey;

/** Request Log: newest first; read again every 2 s while an entry shows 'Generating...'. */
export const useReportLog = (scope: ReportScope) =>
  useQuery({ ...logQuery(scope), refetchInterval: (query) => (generating(query.state.data) ? GENERATING_POLL_MS : false) });
