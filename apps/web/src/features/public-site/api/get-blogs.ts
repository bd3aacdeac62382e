import { useQuery } from '@tanstack/react-query';
import { getBlogs } from '@listening/contract';
import { opQuery } from '../../../api/op-query.ts';

export const blogsQueryOptions = () => opQuery(getBlogs, {}, { staleTime: 5 * 60_000 });

export const useBlogs = () => useQuery(blogsQueryOptions());
