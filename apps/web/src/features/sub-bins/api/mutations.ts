// The changes of sub-bin management. Each refreshes the list it changed and every analytic read
// (the dashboard's sort-bin tree and counts), since bins and their posts feed those.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  addBinPost as addBinPostOp,
  createSubBin as createSubBinOp,
  deleteSubBin as deleteSubBinOp,
  renameSubBin as renameSubBinOp,
  updateBinRules as updateBinRulesOp,
  uploadBinPosts as uploadBinPostsOp,
  listSubBins,
  type OperationInput,
} from '@listening/contract';
import { call } from '../../../api/client.ts';
import { invalidateOp, invalidateTag } from '../../../api/op-query.ts';

export type NewSubBin = OperationInput<typeof createSubBinOp>['body'];
export type NewPost = OperationInput<typeof addBinPostOp>['body'];
export type BinRules = OperationInput<typeof updateBinRulesOp>['body'];

function useBinMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all([invalidateOp(queryClient, listSubBins), invalidateTag(queryClient, 'analytics')]),
  });
}

// The screen shows a failure's message beside the form (quiet: no toast as well).
export const useCreateSubBin = () => useBinMutation((body: NewSubBin) => call(createSubBinOp, { body }, { quiet: true }));
export const useRenameSubBin = () => useBinMutation((body: { binId: number; name: string }) => call(renameSubBinOp, { body }, { quiet: true }));
export const useUpdateBinRules = () => useBinMutation((body: BinRules) => call(updateBinRulesOp, { body }, { quiet: true }));
export const useDeleteSubBin = () => useBinMutation((binId: number) => call(deleteSubBinOp, { query: { binId } }));
export const useAddBinPost = () => useBinMutation((body: NewPost) => call(addBinPostOp, { body }, { quiet: true }));
export const useUploadBinPosts = () => useBinMutation((body: { binId: number; csv: string }) => call(uploadBinPostsOp, { body }, { quiet: true }));
