import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteProject as deleteProjectOp, type Project } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { projectsQueryOptions } from './get-projects.ts';

/** Deleting a project sets the soft-delete flag of its root bin. */
export const deleteProject = (project: Project) => call(deleteProjectOp, { query: { id: project.BinId, isDeleted: 'true', clientId: project.ClientId } });

export function useDeleteProject(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectsQueryOptions(clientId).queryKey }),
  });
}
