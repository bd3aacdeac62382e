import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAveSettings } from '@listening/contract';
import { call } from '../../../api/client.ts';

export const aveSettingsQueryOptions = (projectId: number) =>
  queryOptions({ queryKey: [getAveSettings.path, projectId], queryFn: () => call(getAveSettings, { query: { projectId } }) });

/** How AVE is computed for the project: the client's CPM per stream and a worked example. */
export const useAveSettings = (projectId: number) => useQuery(aveSettingsQueryOptions(projectId));
