import { defineOperation } from '../operation.ts';
import { ReportScheduleResult, ScheduleUpdateInput } from './model.ts';

/** Change a schedule's next send and frequency. */
export const updateReportSchedule = defineOperation({
  host: 'main',
  method: 'PUT',
  path: '/api/report/schedule/update',
  summary: "Change a schedule's next send and frequency",
  tags: ['reports'],
  access: 'user',
  body: ScheduleUpdateInput,
  response: ReportScheduleResult,
});
