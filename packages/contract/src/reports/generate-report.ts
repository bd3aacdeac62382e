import { defineOperation } from '../operation.ts';
import { ReportRequestResult, ReportWindowInput } from './model.ts';

/** Request a report for a window; answers at once, the file is made in the background. */
export const generateReport = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/report/generate',
  summary: 'Request a report for a window; answers at once, the file is made in the background',
  tags: ['reports'],
  access: 'user',
  body: ReportWindowInput,
  response: ReportRequestResult,
  errors: [429],
});
