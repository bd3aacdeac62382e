import { useMutation, useQueryClient } from '@tanstack/react-query';
import { generateReport, generateReportListing, regenerateReport, type ReportRequest, type ReportWindowInput } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { logKey } from './get-report-log.ts';
import type { ReportScope } from './keys.ts';

/**
 * The answer of generate and regenerate is the request itself, 'Generating...': it goes into the
 * Request Log at once, and the log's own polling follows it until the file is ready.
 */
function useLogRequest<I>(scope: ReportScope, fn: (input: I) => Promise<{ Request: ReportRequest; Message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: ({ Request }) =>
      queryClient.setQueryData<ReportRequest[]>(logKey(scope), (rows) => [Request, ...(rows ?? []).filter((r) => r.Guid !== Request.Guid)]),
  });
}

/** Generate: the report's document, or (listing) the spreadsheet of its clips. */
export const useGenerateReport = (scope: ReportScope) =>
  useLogRequest(scope, ({ listing, ...body }: ReportWindowInput & { listing: boolean }) =>
    call(listing ? generateReportListing : generateReport, { body }, { quiet: true }),
  );

/** Regenerate: the same window made again. */
export const useRegenerateReport = (scope: ReportScope) => useLogRequest(scope, (guid: string) => call(regenerateReport, { params: { guid } }));
