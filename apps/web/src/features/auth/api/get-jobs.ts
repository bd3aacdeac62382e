import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJobs } from '@listening/contract';
import { call } from '../../../api/client.ts';

export const jobsQueryOptions = () => queryOptions({ queryKey: [getJobs.path], queryFn: () => call(getJobs, {}) });

/** The job queues (admins only, on the server), refreshed while the screen is open. */
export const useJobs = (enabled: boolean) => useQuery({ ...jobsQueryOptions(), enabled, refetchInterval: 10_000 });
