import { defineOperation } from '../operation.ts';
import { GuidParams, ReportRequestResult } from './model.ts';

/** Make a request's file again from the current data, same window. */
export const regenerateReport = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/report/regenerate/:guid',
  summary: "Make a request's file again from the current data, same window",
  tags: ['reports'],
  access: 'user',
  params: GuidParams,
  response: ReportRequestResult,
  errors: [429],
});
