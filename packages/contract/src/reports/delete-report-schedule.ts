import { defineOperation } from '../operation.ts';
import { ReportIdParams, ReportResult } from './model.ts';

/** Delete a report schedule. */
export const deleteReportSchedule = defineOperation({
  host: 'main',
  method: 'DELETE',
  path: '/api/report/schedule/:id',
  summary: 'Delete a report schedule',
  tags: ['reports'],
  access: 'user',
  params: ReportIdParams,
  response: ReportResult,
});
