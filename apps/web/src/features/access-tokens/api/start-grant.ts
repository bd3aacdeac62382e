// Step 3's link: the provider's authorisation address, made by the server with a signed,
// single-use, short-lived state bound to the project, the network and (on a re-grant) the profile,
// and to this user and browser: the nonce it answers is kept here for the return page.
import { useQuery } from '@tanstack/react-query';
import { startGrant } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { opKey } from '../../../api/op-query.ts';
import { keepGrantNonce } from '../grant-nonces.ts';

export interface GrantTarget {
  projectId: number;
  streamId: number;
  profileId: number | null;
}

const body = (t: GrantTarget) => ({ projectId: t.projectId, streamId: t.streamId, ...(t.profileId !== null ? { profileId: t.profileId } : {}) });

/** The key's stand-in while there is no target (the read waits meanwhile). */
const NO_TARGET: GrantTarget = { projectId: 0, streamId: 0, profileId: null };

/** A state lives 10 minutes on the server; the address is made again well before, while step 3 is shown. */
const FRESH_MS = 5 * 60_000;

export const useGrantUrl = (target: GrantTarget | null) =>
  useQuery({
    // The address, not the operation's whole answer (its nonce is kept here), so an entry of its own.
    queryKey: opKey(startGrant, { body: body(target ?? NO_TARGET) }, 'url'),
    // The step shows the reason (a network not configured on this server) beside the link, not in a toast.
    queryFn: async () => {
      const { url, browserNonce } = await call(startGrant, { body: body(target!) }, { quiet: true });
      keepGrantNonce(url, browserNonce);
      return url;
    },
    enabled: target !== null,
    staleTime: FRESH_MS,
    gcTime: 0,
    refetchInterval: FRESH_MS,
  });

export { body as grantBody };
