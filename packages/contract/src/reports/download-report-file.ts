import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { GuidParams } from './model.ts';

/**
 * A generated report file as a download: the bytes, with their media type (PDF, or a spreadsheet
 * for layout 2 and clip listings) and the file's name in Content-Disposition. What the web app
 * downloads; report/download/{guid} answers the same file as base64 for the specification's callers.
 */
export const downloadReportFile = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/report/download/:guid/file',
  summary: 'A generated report file as a download (PDF, or a spreadsheet for layout 2 and clip listings)',
  tags: ['reports'],
  access: 'user',
  params: GuidParams,
  response: z.any().describe('the file: application/pdf, or an .xlsx workbook'),
  produces: 'application/octet-stream',
  errors: [409],
});
