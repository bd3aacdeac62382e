import { defineOperation } from '../operation.ts';
import { GuidParams, ReportDownload } from './model.ts';

/**
 * A generated report file as base64 in JSON (PDF, or a spreadsheet for layout 2 and clip listings),
 * the answer the specification's call catalogue names. Up to REPORT_BASE64_MAX_BYTES (413 beyond):
 * the web app downloads the bytes themselves with downloadReportFile.
 */
export const downloadReport = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/report/download/:guid',
  summary: 'A generated report file as base64 (PDF, or a spreadsheet for layout 2 and clip listings)',
  tags: ['reports'],
  access: 'user',
  params: GuidParams,
  response: ReportDownload,
  errors: [409, 413],
});
