// Narrative Analysis's call (a POST: its query can be long) and the project's recent queries,
// kept in this browser (docs/narratives.md).
import { useMutation } from '@tanstack/react-query';
import { findNarratives, type OperationInput } from '@listening/contract';
import { call } from '../../../api/client.ts';

export type FindNarrativesInput = OperationInput<typeof findNarratives>['body'];

export const useFindNarratives = () => useMutation({ mutationFn: (body: FindNarrativesInput) => call(findNarratives, { body }) });

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
