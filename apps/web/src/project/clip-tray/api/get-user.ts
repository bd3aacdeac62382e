import { getUser } from '@listening/contract';
import { useOp } from '../../../api/op-query.ts';

/**
 * Whether the signed-in contact is an admin ('Identify duplicates'). Read through the
 * same cache entry as the session's user (keyed by the operation's path), so it costs no request
 * once the shell has loaded it.
 */
export function useIsAdmin(): boolean {
  const { data } = useOp(getUser, { query: {} }, { staleTime: 5 * 60_000 });
  return !!data?.IsAdmin;
}
