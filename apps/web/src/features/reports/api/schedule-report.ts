import { deleteReportSchedule, scheduleReport, updateReportSchedule, type ScheduleInput, type ScheduleUpdateInput } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { useReportMutation } from './keys.ts';

/** Add Schedule's save: a new schedule, or with Id a change of one in the Schedule List. */
export const useSaveSchedule = () =>
  useReportMutation((input: ScheduleInput | ScheduleUpdateInput) =>
    'Id' in input ? call(updateReportSchedule, { body: input }, { quiet: true }) : call(scheduleReport, { body: input }, { quiet: true }),
  );
export const useDeleteSchedule = () => useReportMutation((id: number) => call(deleteReportSchedule, { params: { id } }));
