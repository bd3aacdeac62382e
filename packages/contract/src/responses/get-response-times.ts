import { defineOperation } from '../operation.ts';
import { ResponseTimes, ResponseTimesQuery } from './model.ts';

/** Response-time figures of the scope, in total, per network and per week: the dashboard's Insights, and the reports' figures. */
export const getResponseTimes = defineOperation({
  host: 'main',
  method: 'GET',
  path: '/api/responses/times',
  summary: 'Median and 90th-percentile first-response time and the share answered within the wait, in total, per network and per week',
  tags: ['responses'],
  access: 'user',
  query: ResponseTimesQuery,
  response: ResponseTimes,
});
