import { useQuery } from '@tanstack/react-query';
import { User } from '@listening/contract';
import { api } from '../../../api/client.ts';

/**
 * Whether the signed-in contact is an admin ('Identify duplicates', 000 §6). Read through the
 * same cache entry as the session's user, so it costs no request once the shell has loaded it.
 */
export function useIsAdmin(): boolean {
  const { data } = useQuery({ queryKey: ['user'], queryFn: () => api.get('user/get', { schema: User }), staleTime: 5 * 60_000 });
  return !!data?.IsAdmin;
}
