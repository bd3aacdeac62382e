import { queryOptions, useQuery } from '@tanstack/react-query';
import { getClients } from '@listening/contract';
import { call } from '../../../api/client.ts';

export const clientsQueryOptions = () => queryOptions({ queryKey: [getClients.path], queryFn: () => call(getClients, {}), staleTime: 60_000 });

/** The clients the user belongs to (admins: all); the server decides. */
export const useClients = (enabled = true) => useQuery({ ...clientsQueryOptions(), enabled });
