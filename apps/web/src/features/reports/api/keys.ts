// The report dialog's lists and what refreshes them: every change refreshes all of them at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getClientReportLog, getClientReportSchedules, getClientReports, type ReportKind } from '@listening/contract';
import { invalidateOp } from '../../../api/op-query.ts';

/** The dialog's lists: one client's reports of one project's Stats or Trend Analysis. */
export interface ReportScope {
  clientId: number;
  projectId: number;
  kind: ReportKind;
}

export const listQuery = (scope: ReportScope) => ({ projectId: scope.projectId, kind: scope.kind });

/** A mutation that refreshes every report list when it succeeds. */
export function useReportMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => invalidateOp(queryClient, getClientReports, getClientReportSchedules, getClientReportLog) });
}
