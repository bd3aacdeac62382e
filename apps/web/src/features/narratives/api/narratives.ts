// Narrative Analysis's calls: the search (a POST: its query can be long), a large search's job,
// the project's saved queries, saving a narrative as a word bin, and the recent queries kept in
// this browser (docs/narratives.md).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deleteNarrativeQuery,
  findNarratives,
  getNarrativeQueries,
  getNarrativeResult,
  getWordBinContacts,
  saveNarrativeQuery,
  saveWordBin,
  updateNarrativeQuery,
  type NarrativeQueryChange,
  type NarrativeQueryInput,
  type OperationInput,
} from '@listening/contract';
import { call } from '../../../api/client.ts';
import { invalidateOp, opKey, opQuery, useOp } from '../../../api/op-query.ts';

export type FindNarrativesInput = OperationInput<typeof findNarratives>['body'];

/**
 * The search. A search answered by a running job (a new one, or a kept answer searched again under
 * the same id) forgets what was read of that job before, so its progress is asked afresh.
 */
export function useFindNarratives() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FindNarrativesInput) => call(findNarratives, { body }),
    onSuccess: (answer) => {
      if (answer.Job?.State === 'running') queryClient.removeQueries({ queryKey: opKey(getNarrativeResult, { params: { id: answer.Job.Id } }) });
    },
  });
}

/** How often the dialog asks a running search's job for its progress. */
const POLL_MS = 1000;

/** A large search's job, asked every second until it is done or failed. */
export const useNarrativeJob = (id: number | null) =>
  useQuery({
    ...opQuery(getNarrativeResult, { params: { id: id ?? 0 } }),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && q.state.data.State !== 'running' ? false : POLL_MS),
  });

export const useSavedQueries = (projectId: number) => useOp(getNarrativeQueries, { query: { projectId } });

/** The client's active contacts, whom a saved query's alert may tell (as a word bin's recipients are chosen). */
export const useContacts = (clientId: number, enabled: boolean) => useOp(getWordBinContacts, { query: { clientId } }, { enabled, staleTime: 60_000 });

function useSavedQueryChange<T, R>(fn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => invalidateOp(queryClient, getNarrativeQueries) });
}

export const useSaveQuery = () => useSavedQueryChange((body: NarrativeQueryInput) => call(saveNarrativeQuery, { body }));
export const useUpdateQuery = () =>
  useSavedQueryChange(({ id, body }: { id: number; body: NarrativeQueryChange }) => call(updateNarrativeQuery, { params: { id }, body }));
export const useDeleteQuery = () => useSavedQueryChange((id: number) => call(deleteNarrativeQuery, { params: { id } }));

export type WordBinBody = OperationInput<typeof saveWordBin>['body'];
/** Saves a narrative's phrases as a reaction or crisis list, through the word bins' own operation. */
export const useSaveAsWordBin = () => useMutation({ mutationFn: (body: WordBinBody) => call(saveWordBin, { body }) });

/** Queries remembered per project, newest first. */
export const RECENT_QUERIES = 8;
const key = (projectId: number) => `narratives.recent.${projectId}`;

export function recentQueries(projectId: number): string[] {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(key(projectId)) ?? '[]');
    return Array.isArray(v) ? v.filter((q): q is string => typeof q === 'string').slice(0, RECENT_QUERIES) : [];
  } catch {
    return [];
  }
}

export function rememberQuery(projectId: number, query: string): string[] {
  const next = [query, ...recentQueries(projectId).filter((q) => q !== query)].slice(0, RECENT_QUERIES);
  try {
    localStorage.setItem(key(projectId), JSON.stringify(next));
  } catch {
    // A browser that refuses storage only loses the list.
  }
  return next;
}
