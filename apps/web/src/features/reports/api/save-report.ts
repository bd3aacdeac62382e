import { createReport, deleteReport, type ReportInput } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { useReportMutation } from './keys.ts';

/** Report Options' save: a new report, or with Id the changed one. The form shows a refusal beside itself. */
export const useSaveReport = () => useReportMutation((body: ReportInput) => call(createReport, { body }, { quiet: true }));
export const useDeleteReport = () => useReportMutation((id: number) => call(deleteReport, { params: { id } }));
