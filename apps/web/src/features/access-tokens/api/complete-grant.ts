// The return pages' one call: the network's answer (code and state, or error) handed to the server,
// which exchanges the code, links the accounts and answers what to show.
import { useQuery } from '@tanstack/react-query';
import { MESSAGES, saveProfile, type GrantResult } from '@listening/contract';
import { z } from 'zod';
import { ApiError, call } from '../../../api/client.ts';

/** The return address's query as it arrives; anything not a string is dropped, so the page still says what went wrong. */
const text = z.string().optional().catch(undefined);
export const grantReturnSchema = z.object({ code: text, state: text, error: text, error_description: text });
export type GrantReturnSearch = z.infer<typeof grantReturnSchema>;

export interface GrantFailure {
  message: string;
  /** The Instagram case with its own text and tutorial link (000 section 8). */
  noInstagramBusiness: boolean;
}

/** Without a state there is no grant to complete: the page was opened by hand, or the network dropped it. */
const NO_STATE = 'The network did not send back the information this page needs. Start again from Access Token Management.';

async function complete(search: GrantReturnSearch): Promise<GrantResult> {
  const { state, code, error, error_description } = search;
  if (!state) throw new Error(error_description ?? error ?? NO_STATE);
  const body = { state, ...(code ? { code } : {}), ...(error ? { error } : {}), ...(error_description ? { error_description } : {}) };
  // The page shows the failure itself, under the specification's heading.
  return call(saveProfile, { body }, { quiet: true });
}

export function failureOf(error: unknown): GrantFailure {
  const message = error instanceof ApiError ? (error.serverMessage ?? error.statusText) : error instanceof Error ? error.message : String(error);
  return { message, noInstagramBusiness: message === MESSAGES.noInstagramBusiness };
}

/**
 * Completes the grant once. The state is single-use, so the call must never repeat: no retry, no
 * refetch, and one cache entry per answer (React's double effects share it).
 */
export function useCompleteGrant(search: GrantReturnSearch) {
  const query = useQuery({
    queryKey: ['grant-return', search],
    queryFn: () => complete(search),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchOnMount: false,
  });
  return { ...query, failure: query.error ? failureOf(query.error) : null };
}
