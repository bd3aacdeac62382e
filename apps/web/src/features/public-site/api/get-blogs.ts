import { queryOptions, useQuery } from '@tanstack/react-query';
import { BlogList } from '@listening/contract';
import { api } from '../../../api/client.ts';

export const blogsQueryOptions = () => queryOptions({ queryKey: ['blog'], queryFn: () => api.get('blog', { schema: BlogList, anonymous: true }), staleTime: 5 * 60_000 });

export const useBlogs = () => useQuery(blogsQueryOptions());
