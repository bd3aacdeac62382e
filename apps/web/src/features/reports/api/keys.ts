// Every report read's key starts with REPORTS_KEY, so a change refreshes the dialog's lists at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportKind } from '@listening/contract';

export const REPORTS_KEY = 'reports';

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
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: [REPORTS_KEY] }) });
}
