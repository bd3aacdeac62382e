import { queryOptions, useQuery } from '@tanstack/react-query';
import { getProject } from '@listening/contract';
import { call } from '../../api/client.ts';

export const projectQueryOptions = (projectId: number) =>
  queryOptions({ queryKey: [getProject.path, projectId], queryFn: () => call(getProject, { query: { projectId } }), staleTime: 60_000 });

/** The project of the route (fetched when the route names a project). */
export const useProject = (projectId: number) => useQuery(projectQueryOptions(projectId));
