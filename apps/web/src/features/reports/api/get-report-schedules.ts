import { getClientReportSchedules } from '@listening/contract';
import { useOp } from '../../../api/op-query.ts';
import { listQuery, type ReportScope } from './keys.ts';

/** Schedule List: the next send first. */
export const useReportSchedules = (scope: ReportScope) => useOp(getClientReportSchedules, { params: { clientId: scope.clientId }, query: listQuery(scope) });
