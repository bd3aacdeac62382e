import { defineOperation } from '../operation.ts';
import { Report, ReportInput } from './model.ts';

/** Save a report's options (a new report, or with Id a change to one). */
export const createReport = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/report/create',
  summary: "Save a report's options (a new report, or with Id a change to one)",
  tags: ['reports'],
  access: 'user',
  body: ReportInput,
  response: Report,
});
