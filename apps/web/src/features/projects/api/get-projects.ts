import { useQuery } from '@tanstack/react-query';
import { getProjects } from '@listening/contract';
import { opQuery } from '../../../api/op-query.ts';

export const projectsQueryOptions = (clientId: number) => opQuery(getProjects, { query: { clientId } });

export const useProjects = (clientId: number) => useQuery(projectsQueryOptions(clientId));
