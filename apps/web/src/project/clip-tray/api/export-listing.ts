import { useMutation } from '@tanstack/react-query';
import { exportListing as exportListingOp, listingFileName, type OperationInput } from '@listening/contract';
import { ApiError, download } from '../../../api/client.ts';
import { toast } from '../../../ui/toast.ts';

export type ExportListingQuery = OperationInput<typeof exportListingOp>['query'];

/** Downloads the listing report ('Listing Report - {project}.xlsx') through the one client. */
export async function exportListing(query: ExportListingQuery, projectName: string): Promise<void> {
  const blob = await download(exportListingOp, { query }, { quiet: true });
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = listingFileName(projectName);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export function useExportListing() {
  return useMutation({
    mutationFn: ({ query, projectName }: { query: ExportListingQuery; projectName: string }) => exportListing(query, projectName),
    onError: (e) => toast.error(e instanceof ApiError ? (e.serverMessage ?? e.statusText) : String(e), 'Export failed'),
  });
}
