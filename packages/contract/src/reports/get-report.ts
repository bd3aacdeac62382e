import { defineOperation } from '../operation.ts';
import { Report, ReportIdParams } from './model.ts';

/** One saved report. */
export const getReport = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/report/:id',
  summary: 'One saved report',
  tags: ['reports'],
  access: 'user',
  params: ReportIdParams,
  response: Report,
});
