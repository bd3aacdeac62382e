import { defineOperation } from '../operation.ts';
import { ReportOptions } from './model.ts';

/** The report options: layouts, templates per layout, frequencies. */
export const getReportOptions = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/report/options/all',
  summary: 'The report options: layouts, templates per layout, frequencies',
  tags: ['reports'],
  access: 'user',
  response: ReportOptions,
});
