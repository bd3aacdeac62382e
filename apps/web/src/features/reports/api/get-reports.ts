import { getClientReports } from '@listening/contract';
import { useOp } from '../../../api/op-query.ts';
import { listQuery, type ReportScope } from './keys.ts';

/** Saved Reports: the project's reports of this kind, newest first. */
export const useReports = (scope: ReportScope) => useOp(getClientReports, { params: { clientId: scope.clientId }, query: listQuery(scope) });
