// The word-bin calls of the screens: reads as queries, changes as mutations that refresh the lists.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addWordBinToGroup,
  countWordBinMatches,
  createWordBinGroup,
  deleteWordBin,
  deleteWordBinGroup,
  getGroupWordBins,
  getWordBin,
  getWordBinContacts,
  getWordBinGroups,
  getWordBinLogs,
  getWordBins,
  saveWordBin,
  updateWordBin,
  type OperationInput,
} from '@listening/contract';
import { call } from '../../../api/client.ts';
import { invalidateOp, opQuery, useOp } from '../../../api/op-query.ts';

export type WordBinBody = OperationInput<typeof saveWordBin>['body'];
export type WordBinMatchBody = OperationInput<typeof countWordBinMatches>['body'];

/** The word-bin reads a change may alter, refreshed together after every change. */
const WORD_BIN_READS = [getWordBins, getWordBin, getWordBinLogs, getWordBinGroups, getGroupWordBins, getWordBinContacts, countWordBinMatches];

export const wordBinsQuery = (clientId: number, projectId: number, wordBinTypeId: number) =>
  opQuery(getWordBins, { query: { clientId, projectId, wordBinTypeId } });

export const useWordBins = (clientId: number, projectId: number, wordBinTypeId: number, enabled = true) =>
  useQuery({ ...wordBinsQuery(clientId, projectId, wordBinTypeId), enabled });
export const useWordBin = (id: number) => useQuery({ ...opQuery(getWordBin, { query: { id } }, { call: { quiet: true } }), retry: false });
export const useWordBinLogs = (id: number, enabled: boolean) => useOp(getWordBinLogs, { query: { id } }, { enabled });
export const useWordBinGroups = (clientId: number, enabled = true) => useOp(getWordBinGroups, { query: { clientId } }, { enabled });
export const useGroupWordBins = (groupId: number | null) => useOp(getGroupWordBins, { params: { id: groupId ?? 0 } }, { enabled: groupId !== null });
export const useWordBinContacts = (clientId: number, enabled = true) => useOp(getWordBinContacts, { query: { clientId } }, { enabled, staleTime: 60_000 });

/** What the form's keywords would have matched in the last 7 days; quiet: the form says it itself. */
export const useWordBinMatchCount = (body: WordBinMatchBody, enabled: boolean) =>
  useQuery({
    ...opQuery(countWordBinMatches, { body }, { staleTime: 60_000, call: { quiet: true } }),
    enabled,
    retry: false,
    placeholderData: (previous) => previous,
  });

function useWordBinMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => invalidateOp(queryClient, ...WORD_BIN_READS) });
}

// Forms show a failure beside themselves (quiet); the detail screen's delete answers with the spec's own toast.
export const useSaveWordBin = () => useWordBinMutation((body: WordBinBody) => call(saveWordBin, { body }, { quiet: true }));
export const useUpdateWordBin = () => useWordBinMutation((body: WordBinBody) => call(updateWordBin, { body }, { quiet: true }));
export const useDeleteWordBin = () => useWordBinMutation((id: number) => call(deleteWordBin, { query: { id } }, { quiet: true }));
export const useCreateGroup = () => useWordBinMutation((p: { clientId: number; name: string }) => call(createWordBinGroup, { params: p }));
export const useDeleteGroup = () => useWordBinMutation((id: number) => call(deleteWordBinGroup, { query: { id } }));
export const useAddToGroup = () => useWordBinMutation((p: { wordBinId: number; groupId: number }) => call(addWordBinToGroup, { params: p }));
