import { z } from 'zod';
import { ClientIdParams } from '../clients/get-client-products.ts';
import { defineOperation } from '../operation.ts';
import { Report, ReportListQuery } from './model.ts';

/** A client's saved reports, newest first. */
export const getClientReports = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/report/client/:clientId',
  summary: "A client's saved reports, newest first",
  tags: ['reports'],
  access: 'user',
  params: ClientIdParams,
  query: ReportListQuery,
  response: z.array(Report),
});
