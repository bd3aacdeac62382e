import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClientList } from '@listening/contract';
import { api } from '../../../api/client.ts';

export const clientsQueryOptions = () => queryOptions({ queryKey: ['clients'], queryFn: () => api.get('client/getall', { schema: ClientList }), staleTime: 60_000 });

/** The clients the user belongs to (admins: all); the server decides. */
export const useClients = (enabled = true) => useQuery({ ...clientsQueryOptions(), enabled });
