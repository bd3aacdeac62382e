import { defineOperation } from '../operation.ts';
import { GuidParams, ReportSendResult } from './model.ts';

/** Email a generated report to the report's recipients. */
export const sendReport = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/report/send/:guid',
  summary: "Email a generated report to the report's recipients",
  tags: ['reports'],
  access: 'user',
  params: GuidParams,
  response: ReportSendResult,
  errors: [409, 429],
});
