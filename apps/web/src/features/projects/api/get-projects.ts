import { queryOptions, useQuery } from '@tanstack/react-query';
import { ProjectList } from '@listening/contract';
import { api } from '../../../api/client.ts';

export const projectsQueryOptions = (clientId: number) =>
  queryOptions({ queryKey: ['projects', clientId], queryFn: () => api.get('project/getall', { query: { clientId }, schema: ProjectList }) });

export const useProjects = (clientId: number) => useQuery(projectsQueryOptions(clientId));
