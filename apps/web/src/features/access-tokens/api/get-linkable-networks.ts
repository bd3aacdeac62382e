// Which networks this server can link (its OAuth clients), read when the modal opens, so step 1
// says which cannot be linked, and the settings they need, before anyone picks one.
import { useQuery } from '@tanstack/react-query';
import { getLinkableNetworks, type LinkableNetwork } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { ACCESS_TOKENS_KEY } from './get-access-tokens.ts';

export const useLinkableNetworks = (projectId: number, enabled: boolean) =>
  useQuery({
    queryKey: [ACCESS_TOKENS_KEY, 'networks', projectId],
    queryFn: (): Promise<LinkableNetwork[]> => call(getLinkableNetworks, { query: { projectId } }),
    enabled,
    // The server's settings change only with a restart.
    staleTime: 5 * 60_000,
  });
