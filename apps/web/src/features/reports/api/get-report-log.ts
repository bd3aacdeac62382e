import { useQuery } from '@tanstack/react-query';
import { getClientReportLog, type ReportRequest } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { REPORTS_KEY, listQuery, type ReportScope } from './keys.ts';

/** How often the log asks again while a file is still generating. */
export const GENERATING_POLL_MS = 2000;

const generating = (rows: readonly ReportRequest[] | undefined) => !!rows?.some((r) => !r.IsCompleted && !r.Error);

export const logKey = (scope: ReportScope) => [REPORTS_KEY, 'log', scope];

/** Request Log: newest first; read again every 2 s while an entry shows 'Generating...'. */
export const useReportLog = (scope: ReportScope) =>
  useQuery({
    queryKey: logKey(scope),
    queryFn: () => call(getClientReportLog, { params: { id: scope.clientId }, query: listQuery(scope) }),
    refetchInterval: (query) => (generating(query.state.data) ? GENERATING_POLL_MS : false),
  });
