// The word-bin calls of the screens: reads as queries, changes as mutations that refresh the lists.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

export type WordBinBody = OperationInput<typeof saveWordBin>['body'];
export type WordBinMatchBody = OperationInput<typeof countWordBinMatches>['body'];

/** Every key below starts with this, so one invalidation refreshes all word-bin reads. */
const KEY = 'word-bins';

export const wordBinsQuery = (clientId: number, projectId: number, wordBinTypeId: number) =>
  queryOptions({
    queryKey: [KEY, 'list', clientId, projectId, wordBinTypeId],
    queryFn: () => call(getWordBins, { query: { clientId, projectId, wordBinTypeId } }),
  });

export const useWordBins = (clientId: number, projectId: number, wordBinTypeId: number, enabled = true) =>
  useQuery({ ...wordBinsQuery(clientId, projectId, wordBinTypeId), enabled });
export const useWordBin = (id: number) =>
  useQuery({ queryKey: [KEY, 'one', id], queryFn: () => call(getWordBin, { query: { id } }, { quiet: true }), retry: false });
export const useWordBinLogs = (id: number, enabled: boolean) =>
  useQuery({ queryKey: [KEY, 'logs', id], queryFn: () => call(getWordBinLogs, { query: { id } }), enabled });
export const useWordBinGroups = (clientId: number, enabled = true) =>
  useQuery({ queryKey: [KEY, 'groups', clientId], queryFn: () => call(getWordBinGroups, { query: { clientId } }), enabled });
export const useGroupWordBins = (groupId: number | null) =>
  useQuery({ queryKey: [KEY, 'group', groupId], queryFn: () => call(getGroupWordBins, { params: { id: groupId! } }), enabled: groupId !== null });
export const useWordBinContacts = (clientId: number, enabled = true) =>
  useQuery({ queryKey: [KEY, 'contacts', clientId], queryFn: () => call(getWordBinContacts, { query: { clientId } }), enabled, staleTime: 60_000 });

/** What the form's keywords would have matched in the last 7 days; quiet: the form says it itself. */
export const useWordBinMatchCount = (body: WordBinMatchBody, enabled: boolean) =>
  useQuery({
    queryKey: [KEY, 'matchcount', body],
    queryFn: () => call(countWordBinMatches, { body }, { quiet: true }),
    enabled,
    staleTime: 60_000,
    retry: false,
    placeholderData: (previous) => previous,
  });

function useWordBinMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY] }) });
}

// Forms show a failure beside themselves (quiet); the detail screen's delete answers with the spec's own toast.
export const useSaveWordBin = () => useWordBinMutation((body: WordBinBody) => call(saveWordBin, { body }, { quiet: true }));
export const useUpdateWordBin = () => useWordBinMutation((body: WordBinBody) => call(updateWordBin, { body }, { quiet: true }));
export const useDeleteWordBin = () => useWordBinMutation((id: number) => call(deleteWordBin, { query: { id } }, { quiet: true }));
export const useCreateGroup = () => useWordBinMutation((p: { clientId: number; name: string }) => call(createWordBinGroup, { params: p }));
export const useDeleteGroup = () => useWordBinMutation((id: number) => call(deleteWordBinGroup, { query: { id } }));
export const useAddToGroup = () => useWordBinMutation((p: { wordBinId: number; groupId: number }) => call(addWordBinToGroup, { params: p }));
