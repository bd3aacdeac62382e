// Downloading a generated file: report/download/{guid}/file answers the file's bytes, with its
// media type and its name in Content-Disposition; the browser saves it through a temporary object URL.
import { downloadReportFile as downloadReportFileOp } from '@listening/contract';
import { download } from '../../../api/client.ts';

/** Hands the file to the browser's save under its name. */
function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The save has taken the bytes once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Fetches and saves a request's file; failures throw (the caller shows their text). Answers the file's name. */
export async function downloadReportFile(guid: string): Promise<{ fileName: string }> {
  const file = await download(downloadReportFileOp, { params: { guid } }, { quiet: true });
  const fileName = file instanceof File ? file.name : `report-${guid}`;
  saveFile(file, fileName);
  return { fileName };
}
