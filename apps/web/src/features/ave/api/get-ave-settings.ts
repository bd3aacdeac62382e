import { useQuery } from '@tanstack/react-query';
import { getAveSettings } from '@listening/contract';
import { opQuery } from '../../../api/op-query.ts';

export const aveSettingsQueryOptions = (projectId: number) => opQuery(getAveSettings, { query: { projectId } });

/** How AVE is computed for the project: the client's CPM per stream and a worked example. */
export const useAveSettings = (projectId: number) => useQuery(aveSettingsQueryOptions(projectId));
