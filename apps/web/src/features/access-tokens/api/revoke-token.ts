import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revokeAccessToken } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { invalidateAccessTokens, type AccessTokenProfile } from './get-access-tokens.ts';

/** Revokes a Granted profile's token (after the confirmation); the profile stays, Not Granted. */
export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (p: AccessTokenProfile) => call(revokeAccessToken, { body: { profileId: p.ProfileId, streamId: p.StreamId } }),
    onSettled: () => invalidateAccessTokens(queryClient),
  });
}
