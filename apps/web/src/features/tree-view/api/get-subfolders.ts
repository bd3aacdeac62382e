import { queryOptions, useQuery } from '@tanstack/react-query';
import { listClientSubfolders } from '@listening/contract';
import { call } from '../../../api/client.ts';

export const subfoldersOptions = (clientId: number) =>
  queryOptions({ queryKey: [listClientSubfolders.path, clientId], queryFn: () => call(listClientSubfolders, { query: { clientId } }) });

/** The client's folders and subfolders (every project's sort and input bins). */
export const useSubfolders = (clientId: number) => useQuery(subfoldersOptions(clientId));
