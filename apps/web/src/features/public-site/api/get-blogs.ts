import { queryOptions, useQuery } from '@tanstack/react-query';
import { getBlogs } from '@listening/contract';
import { call } from '../../../api/client.ts';

export const blogsQueryOptions = () => queryOptions({ queryKey: [getBlogs.path], queryFn: () => call(getBlogs, {}), staleTime: 5 * 60_000 });

export const useBlogs = () => useQuery(blogsQueryOptions());
