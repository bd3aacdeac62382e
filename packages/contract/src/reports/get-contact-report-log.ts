import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { ReportListQuery, ReportRequest } from './model.ts';

/** The reports a contact requested, newest first. */
export const getContactReportLog = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/report/log/contact/:id',
  summary: 'The reports a contact requested, newest first',
  tags: ['reports'],
  access: 'user',
  params: z.object({ id: zId }),
  query: ReportListQuery,
  response: z.array(ReportRequest),
});
