import { useQuery } from '@tanstack/react-query';
import { listClientSubfolders } from '@listening/contract';
import { opQuery } from '../../../api/op-query.ts';

export const subfoldersOptions = (clientId: number) => opQuery(listClientSubfolders, { query: { clientId } });

/** The client's folders and subfolders (every project's sort and input bins). */
export const useSubfolders = (clientId: number) => useQuery(subfoldersOptions(clientId));
