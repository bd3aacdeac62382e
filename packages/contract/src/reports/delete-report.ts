import { defineOperation } from '../operation.ts';
import { ReportIdParams, ReportResult } from './model.ts';

/** Delete a saved report with its schedules. */
export const deleteReport = defineOperation({
  host: 'main',
  method: 'DELETE',
  path: '/api/report/:id',
  summary: 'Delete a saved report with its schedules',
  tags: ['reports'],
  access: 'user',
  params: ReportIdParams,
  response: ReportResult,
});
