import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rateMatchingClips, rejectMatchingClips, restoreMatchingClips, type OperationInput } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { invalidateTag } from '../../../api/op-query.ts';

export type MatchingBody = OperationInput<typeof rejectMatchingClips>['body'];
export type MatchingChange = { kind: 'rate'; newFavourabilityId: number } | { kind: 'reject' } | { kind: 'restore' };

/** 'Select all': rates, rejects or restores every post of the tray's filter as of its snapshot (the server caps it). */
export const changeMatching = (body: MatchingBody, change: MatchingChange) =>
  change.kind === 'rate'
    ? call(rateMatchingClips, { body: { ...body, newFavourabilityId: change.newFavourabilityId } })
    : call(change.kind === 'reject' ? rejectMatchingClips : restoreMatchingClips, { body });

/** Every figure the posts count in is refreshed afterwards, the tray's listing with them. */
export function useChangeMatching() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, change }: { body: MatchingBody; change: MatchingChange }) => changeMatching(body, change),
    onSuccess: () => void invalidateTag(queryClient, 'analytics'),
  });
}
