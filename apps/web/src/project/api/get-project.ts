import { queryOptions, useQuery } from '@tanstack/react-query';
import { Project } from '@listening/contract';
import { api } from '../../../api/client.ts';

export const projectQueryOptions = (projectId: number) =>
  queryOptions({ queryKey: ['project', projectId], queryFn: () => api.get('project/get', { query: { projectId }, schema: Project }), staleTime: 60_000 });

/** The project of the route (000 §2: fetched when the route names a project). */
export const useProject = (projectId: number) => useQuery(projectQueryOptions(projectId));
