import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { Report, ReportListQuery } from './model.ts';

/** The saved reports of every client the caller may see, newest first. */
export const getAllReports = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/report/all',
  summary: 'The saved reports of every client the caller may see, newest first',
  tags: ['reports'],
  access: 'user',
  query: ReportListQuery,
  response: z.array(Report),
});
