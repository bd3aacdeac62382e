import { z } from 'zod';
import { zId } from '../common.ts';
import { defineOperation } from '../operation.ts';
import { ReportListQuery, ReportRequest } from './model.ts';

/** A project's report request log, newest first. */
export const getProjectReportLog = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/report/log/project/:id',
  summary: "A project's report request log, newest first",
  tags: ['reports'],
  access: 'user',
  params: z.object({ id: zId }),
  query: ReportListQuery,
  response: z.array(ReportRequest),
});
