import { useMutation, useQueryClient } from '@tanstack/react-query';
import { renameProject as renameProjectOp, type Project } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { projectsQueryOptions } from './get-projects.ts';

/** A project is renamed through its root bin on the keywords host. */
export const renameProject = (project: Project, name: string) => call(renameProjectOp, { query: { binId: project.BinId, binName: name } });

export function useRenameProject(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ project, name }: { project: Project; name: string }) => renameProject(project, name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectsQueryOptions(clientId).queryKey }),
  });
}
