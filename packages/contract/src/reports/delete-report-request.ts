import { defineOperation } from '../operation.ts';
import { GuidParams, ReportResult } from './model.ts';

/** Delete a request log entry and its file. */
export const deleteReportRequest = defineOperation({
  host: 'main',
  method: 'DELETE',
  path: '/api/report/log/:guid',
  summary: 'Delete a request log entry and its file',
  tags: ['reports'],
  access: 'user',
  params: GuidParams,
  response: ReportResult,
});
