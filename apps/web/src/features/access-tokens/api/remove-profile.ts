import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteProfile } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { invalidateAccessTokens, type AccessTokenProfile } from './get-access-tokens.ts';

/** Removes a profile (and its token) from the project: the connectors stop reading it. */
export function useRemoveProfile(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (p: AccessTokenProfile) =>
      call(deleteProfile, { query: { projectId, profileId: p.ProfileId, streamId: p.StreamId, ...(p.BinRuleId !== null ? { binRuleId: p.BinRuleId } : {}) } }),
    onSettled: () => invalidateAccessTokens(queryClient),
  });
}
