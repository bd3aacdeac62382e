import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { ReportListQuery, ReportRequest } from './model.ts';

/** A client's report request log, newest first. */
export const getClientReportLog = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/report/log/client/:id',
  summary: "A client's report request log, newest first",
  tags: ['reports'],
  access: 'user',
  params: z.object({ id: zId }),
  query: ReportListQuery,
  response: z.array(ReportRequest),
});
