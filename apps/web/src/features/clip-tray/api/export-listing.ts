import { useMutation } from '@tanstack/react-query';
import { listingFileName } from '@listening/contract';
import { ApiError, apiUrl, getToken } from '../../../api/client.ts';
import { toast } from '../../../ui/toast.ts';

/**
 * Downloads the listing report (000 §9: 'Listing Report - {project}.xlsx'). The shared client
 * parses text and JSON; a spreadsheet is a binary stream, so this one call reads it as a blob
 * with the client's address and token.
 */
export async function exportListing(query: Record<string, string | number>, projectName: string): Promise<void> {
  const token = getToken();
  const res = await fetch(apiUrl('main', 'clip/listing/export', query), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new ApiError(res.status, res.statusText || `HTTP ${res.status}`, text);
  }
  const blob = await res.blob();
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
