import { z } from 'zod';
import { ClientIdParams } from '../clients/get-client-products.ts';
import { defineOperation } from '../operation.ts';
import { ReportListQuery, ReportSchedule } from './model.ts';

/** A client's report schedules, next send first. */
export const getClientReportSchedules = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/report/schedule/:clientId',
  summary: "A client's report schedules, next send first",
  tags: ['reports'],
  access: 'user',
  params: ClientIdParams,
  query: ReportListQuery,
  response: z.array(ReportSchedule),
});
