import { useQuery } from '@tanstack/react-query';
import { getClients } from '@listening/contract';
import { opQuery } from '../../../api/op-query.ts';

export const clientsQueryOptions = () => opQuery(getClients, {}, { staleTime: 60_000 });

/** The clients the user belongs to (admins: all); the server decides. */
export const useClients = (enabled = true) => useQuery({ ...clientsQueryOptions(), enabled });
