import { useQuery } from '@tanstack/react-query';
import { getClientReports } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { REPORTS_KEY, listQuery, type ReportScope } from './keys.ts';

/** Saved Reports: the project's reports of this kind, newest first. */
export const useReports = (scope: ReportScope) =>
  useQuery({
    queryKey: [REPORTS_KEY, 'reports', scope],
    queryFn: () => call(getClientReports, { params: { clientId: scope.clientId }, query: listQuery(scope) }),
  });
