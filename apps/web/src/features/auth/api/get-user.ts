import { queryOptions, useQuery } from '@tanstack/react-query';
import { getUser as getUserOp } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { useSessionToken } from './session.ts';

export const getUser = () => call(getUserOp, { query: {} });

export const userQueryOptions = () => queryOptions({ queryKey: [getUserOp.path], queryFn: getUser, staleTime: 5 * 60_000 });

/** The signed-in contact; the private shell sends any failure to load it to /login. */
export function useUser() {
  const token = useSessionToken();
  return useQuery({ ...userQueryOptions(), enabled: !!token });
}
