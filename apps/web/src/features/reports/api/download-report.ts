// Downloading a generated file: report/download answers base64 with a file name and media type;
// the browser saves it through a temporary object URL.
import { downloadReport, type ReportDownload } from '@listening/contract';
import { call } from '../../../api/client.ts';

export function base64ToBlob(data: string, contentType: string): Blob {
  const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: contentType });
}

/** Hands the file to the browser's save. */
export function saveFile(file: ReportDownload): void {
  const url = URL.createObjectURL(base64ToBlob(file.Data, file.ContentType));
  const a = document.createElement('a');
  a.href = url;
  a.download = file.FileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The save has taken the bytes once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Fetches and saves a request's file; failures throw (the caller shows their text). */
export async function downloadReportFile(guid: string): Promise<ReportDownload> {
  const file = await call(downloadReport, { params: { guid } }, { quiet: true });
  saveFile(file);
  return file;
}
