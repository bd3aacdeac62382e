import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { ReportListQuery, ReportSchedule } from './model.ts';

/** The report schedules of every client the caller may see, next send first. */
export const getAllReportSchedules = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/report/schedule/all',
  summary: 'The report schedules of every client the caller may see, next send first',
  tags: ['reports'],
  access: 'user',
  query: ReportListQuery,
  response: z.array(ReportSchedule),
});
