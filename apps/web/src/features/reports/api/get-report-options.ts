import { getReportOptions } from '@listening/contract';
import { useOp } from '../../../api/op-query.ts';

/** Layouts, templates and frequencies: constants of the server, read once a session. */
export const useReportOptions = () => useOp(getReportOptions, {}, { staleTime: Infinity });
