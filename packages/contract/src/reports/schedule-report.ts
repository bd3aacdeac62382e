import { defineOperation } from '../operation.ts';
import { ReportScheduleResult, ScheduleInput } from './model.ts';

/** Schedule a report to its recipients from DateNextSend, repeated by its frequency. */
export const scheduleReport = defineOperation({
  host: 'main',
  method: 'POST',
  path: '/api/report/schedule',
  summary: 'Schedule a report to its recipients from DateNextSend, repeated by its frequency',
  tags: ['reports'],
  access: 'user',
  body: ScheduleInput,
  response: ReportScheduleResult,
});
