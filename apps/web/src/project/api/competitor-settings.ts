// A project's competitors as an admin manages them (the project's cog and the Competitor tracking
// screen): the list and the candidates, add and remove. Shared, so that both places use one cache.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addCompetitor, getCompetitorSettings, removeCompetitor, type CompetitorSettings } from '@listening/contract';
import { call } from '../../api/client.ts';
import { invalidateTag, opQuery } from '../../api/op-query.ts';

export const competitorSettingsOptions = (projectId: number) => opQuery(getCompetitorSettings, { query: { projectId } });

export const useCompetitorSettings = (projectId: number) => useQuery(competitorSettingsOptions(projectId));

/** Add (binId) or remove a competitor; the answer is the new list, and the donut is read again. */
export function useChangeCompetitor(projectId: number, change: 'add' | 'remove') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (binId: number) =>
      change === 'add' ? call(addCompetitor, { body: { projectId, binId } }) : call(removeCompetitor, { query: { projectId, binId } }),
    onSuccess: (settings: CompetitorSettings) => {
      queryClient.setQueryData(competitorSettingsOptions(projectId).queryKey, settings);
      void invalidateTag(queryClient, 'analytics');
    },
  });
}
