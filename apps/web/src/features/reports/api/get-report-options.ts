import { useQuery } from '@tanstack/react-query';
import { getReportOptions } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { REPORTS_KEY } from './keys.ts';

/** Layouts, templates and frequencies: constants of the server, read once a session. */
export const useReportOptions = () => useQuery({ queryKey: [REPORTS_KEY, 'options'], queryFn: () => call(getReportOptions, {}), staleTime: Infinity });
