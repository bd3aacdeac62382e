// What the Request Log does with one generated file besides regenerating it: send, delete.
import { deleteReportRequest, sendReport } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { useReportMutation } from './keys.ts';

export const useSendReport = () => useReportMutation((guid: string) => call(sendReport, { params: { guid } }));
export const useDeleteReportRequest = () => useReportMutation((guid: string) => call(deleteReportRequest, { params: { guid } }));
