import { useQuery } from '@tanstack/react-query';
import { getClientReportSchedules } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { REPORTS_KEY, listQuery, type ReportScope } from './keys.ts';

/** Schedule List: the next send first. */
export const useReportSchedules = (scope: ReportScope) =>
  useQuery({
    queryKey: [REPORTS_KEY, 'schedules', scope],
    queryFn: () => call(getClientReportSchedules, { params: { clientId: scope.clientId }, query: listQuery(scope) }),
  });
