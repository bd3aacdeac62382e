// The return pages' one call: the network's answer (code and state, or error) handed to the server,
// which exchanges the code, links the accounts and answers what to show. It goes with this
// browser's session and the nonce kept when the grant started: only the user and browser that
// started a grant complete it (an admin's link: the browser that opened it, by its cookie).
import { useQuery } from '@tanstack/react-query';
import { grantErrorMessage, MESSAGES, saveProfile, type GrantResult } from '@listening/contract';
import { z } from 'zod';
import { ApiError, call } from '../../../api/client.ts';
import { opKey } from '../../../api/op-query.ts';
import { takeGrantNonce } from '../grant-nonces.ts';

/**
 * The return address's query as it arrives; anything not a string is dropped, so the page still
 * says what went wrong. Its error_description is not read: anyone can write a return address,
 * so the page says what the error code means in its own words (grantErrorMessage).
 */
const text = z.string().optional().catch(undefined);
export const grantReturnSchema = z.object({ code: text, state: text, error: text });
export type GrantReturnSearch = z.infer<typeof grantReturnSchema>;

export interface GrantFailure {
  message: string;
  /** The Instagram case with its own text and tutorial link (docs/spec/000_a68d9a07050fe88c.txt section 8). */
  noInstagramBusiness: boolean;
}

/** Without a state there is no grant to complete: the page was opened by hand, or the network dropped it. */
const NO_STATE = 'The network did not send back the information this page needs. Start again from Access Token Management.';

/** What the network brought back, as the server takes it (the browser's nonce is added when sent). */
const returned = ({ state, code, error }: GrantReturnSearch) => ({ state: state ?? '', ...(code ? { code } : {}), ...(error ? { error } : {}) });

async function complete(search: GrantReturnSearch): Promise<GrantResult> {
  const { state, error } = search;
  if (!state) throw new Error(error ? grantErrorMessage(error) : NO_STATE);
  const browserNonce = takeGrantNonce(state);
  const body = { ...returned(search), ...(browserNonce ? { browserNonce } : {}) };
  // The page shows the failure itself, under the specification's heading.
  return call(saveProfile, { body }, { quiet: true, session: true });
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
    queryKey: opKey(saveProfile, { body: returned(search) }, 'grant-return'),
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
