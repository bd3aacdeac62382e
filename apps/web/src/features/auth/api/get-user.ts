import { useQuery } from '@tanstack/react-query';
import { getUser as getUserOp } from '@listening/contract';
import { opQuery } from '../../../api/op-query.ts';
import { useSessionToken } from './session.ts';

/** The session's user: one cache entry for every reader of it (api/op-query.ts). */
export const userQueryOptions = () => opQuery(getUserOp, { query: {} }, { staleTime: 5 * 60_000 });

/** The signed-in contact; the private shell sends any failure to load it to /login. */
export function useUser() {
  const token = useSessionToken();
  return useQuery({ ...userQueryOptions(), enabled: !!token });
}
