import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { ReportListQuery, ReportRequest } from './model.ts';

/** The report request log of every client the caller may see, newest first. */
export const getAllReportLog = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/report/log/all',
  summary: 'The report request log of every client the caller may see, newest first',
  tags: ['reports'],
  access: 'user',
  query: ReportListQuery,
  response: z.array(ReportRequest),
});
