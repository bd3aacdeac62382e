import { useQuery } from '@tanstack/react-query';
import { getProject } from '@listening/contract';
import { opQuery } from '../../api/op-query.ts';

export const projectQueryOptions = (projectId: number) => opQuery(getProject, { query: { projectId } }, { staleTime: 60_000 });

/** The project of the route (fetched when the route names a project). */
export const useProject = (projectId: number) => useQuery(projectQueryOptions(projectId));
