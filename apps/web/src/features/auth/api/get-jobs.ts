import { useQuery } from '@tanstack/react-query';
import { getJobs } from '@listening/contract';
import { opQuery } from '../../../api/op-query.ts';

export const jobsQueryOptions = () => opQuery(getJobs, {});

/** The job queues (admins only, on the server), refreshed while the screen is open. */
export const useJobs = (enabled: boolean) => useQuery({ ...jobsQueryOptions(), enabled, refetchInterval: 10_000 });
