// The board's reads and changes. A move is shown at once (the groups in the cache are changed
// before the server answers) and put back with an error toast when the server refuses it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createWorkflowGroup,
  deleteWorkflowGroup,
  getWordBinWorkflow,
  listWorkflowGroups,
  moveWorkflowClip,
  renameWorkflowGroup,
  setDefaultWorkflowGroup,
  type WorkflowGroup,
} from '@listening/contract';
import { call } from '../../../api/client.ts';
import { opKey, useOp } from '../../../api/op-query.ts';
import { toast } from '../../../ui/toast.ts';
import { moveTicketInGroups } from '../board-state.ts';

const groupsKey = (workflowId: number) => opKey(listWorkflowGroups, { query: { workflowId } });

/** The word bin's workflow (the server makes it with the word bin). */
export const useWordBinWorkflow = (wordBinId: number) => useOp(getWordBinWorkflow, { query: { wordBinId } });

export const useWorkflowGroups = (workflowId: number | undefined) =>
  useOp(listWorkflowGroups, { query: { workflowId: workflowId ?? 0 } }, { enabled: workflowId !== undefined });

/** A change of the board's groups; the groups are read again after it, whatever its outcome. */
function useGroupsChange<I>(workflowId: number, fn: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: groupsKey(workflowId) }) });
}

export const useAddGroup = (workflowId: number, wordBinId: number) =>
  useGroupsChange(workflowId, (name: string) => call(createWorkflowGroup, { query: { wordBinId, name } }));
export const useRenameGroup = (workflowId: number) =>
  useGroupsChange(workflowId, (v: { workflowGroupId: number; name: string }) => call(renameWorkflowGroup, { query: v }, { quiet: true }));
export const useDeleteGroup = (workflowId: number) => useGroupsChange(workflowId, (workFlowId: number) => call(deleteWorkflowGroup, { query: { workFlowId } }));
export const useSetDefaultGroup = (workflowId: number) =>
  useGroupsChange(workflowId, (workflowGroupId: number) => call(setDefaultWorkflowGroup, { query: { workflowId, workflowGroupId } }));

/** Moves a ticket to another group: shown at once, rolled back with a toast if the server refuses. */
export function useMoveTicket(workflowId: number) {
  const queryClient = useQueryClient();
  const key = groupsKey(workflowId);
  return useMutation({
    mutationFn: (v: { ticketId: number; groupId: number }) =>
      call(moveWorkflowClip, { query: { workflowClipId: v.ticketId, groupId: v.groupId } }, { quiet: true }),
    onMutate: async (v) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<WorkflowGroup[]>(key);
      if (before) queryClient.setQueryData(key, moveTicketInGroups(before, v.ticketId, v.groupId));
      return { before };
    },
    onError: (err, _v, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      toast.error(err.message, 'The ticket could not be moved');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
