// The token check (docs/spec/000_a68d9a07050fe88c.txt sections 4 and 8), made by the server with the network: its answer is one of
// the specification's toasts (success 'Never', a warning with the expiry, validity and grant
// date, or the network's error), shown for 30 seconds.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { checkAccessToken, type TokenCheck } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { CHECK_TOAST_MS } from '../status.ts';
import { invalidateAccessTokens, type AccessTokenProfile } from './get-access-tokens.ts';

const COLOR: Record<TokenCheck['Kind'], string> = { success: 'teal', warning: 'yellow', error: 'red' };

/** The toast of a check: the server's message under the profile's name, in the kind's colour. */
export const checkToast = (name: string, check: TokenCheck) => ({
  color: COLOR[check.Kind],
  title: name,
  message: check.Message,
  autoClose: CHECK_TOAST_MS,
});

export function useCheckToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (p: AccessTokenProfile) => call(checkAccessToken, { body: { profileId: p.ProfileId } }),
    onSuccess: (check, p) => notifications.show(checkToast(p.Name, check)),
    // The check records its result: a token the network rejected turns Invalid in the list.
    onSettled: () => invalidateAccessTokens(queryClient),
  });
}
