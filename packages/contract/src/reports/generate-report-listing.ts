import { defineOperation } from '../operation.ts';
import { ReportRequestResult, ReportWindowInput } from './model.ts';

/** Request a report's clip listing (a spreadsheet) for a window; answers at once. */
export const generateReportListing = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/report/listing/generate',
  summary: "Request a report's clip listing (a spreadsheet) for a window; answers at once",
  tags: ['reports'],
  access: 'user',
  body: ReportWindowInput,
  response: ReportRequestResult,
  errors: [429],
});
