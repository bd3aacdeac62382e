import { useMutation } from '@tanstack/react-query';
import { listingFileName } from '@listening/contract';
import { api, ApiError } from '../../../api/client.ts';
import { toast } from '../../../ui/toast.ts';

/** Downloads the listing report (000 §9: 'Listing Report - {project}.xlsx') through the one client. */
export async function exportListing(query: Record<string, string | number>, projectName: string): Promise<void> {
  const blob = await api.download('clip/listing/export', { query, quiet: true });
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
    mutationFn: ({ query, projectName }: { query: Record<string, string | number>; projectName: string }) => exportListing(query, projectName),
    onError: (e) => toast.error(e instanceof ApiError ? (e.serverMessage ?? e.statusText) : String(e), 'Export failed'),
  });
}
