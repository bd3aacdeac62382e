import { queryOptions, useQuery } from '@tanstack/react-query';
import { getProjects } from '@listening/contract';
import { call } from '../../../api/client.ts';

export const projectsQueryOptions = (clientId: number) =>
  queryOptions({ queryKey: [getProjects.path, clientId], queryFn: () => call(getProjects, { query: { clientId } }) });

export const useProjects = (clientId: number) => useQuery(projectsQueryOptions(clientId));
