import { queryOptions, useQuery } from '@tanstack/react-query';
import { User } from '@listening/contract';
import { api } from '../../../api/client.ts';
import { useSessionToken } from './session.ts';

export const getUser = () => api.get('user/get', { schema: User });

export const userQueryOptions = () => queryOptions({ queryKey: ['user'], queryFn: getUser, staleTime: 5 * 60_000 });

/** The signed-in contact; loading it fails over to /login through the client's 401 rule. */
export function useUser() {
  const token = useSessionToken();
  return useQuery({ ...userQueryOptions(), enabled: !!token });
}
