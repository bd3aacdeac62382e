// Which networks this server can link (its OAuth clients), read when the modal opens, so step 1
// says which cannot be linked, and the settings they need, before anyone picks one.
import { useQuery } from '@tanstack/react-query';
import { getLinkableNetworks } from '@listening/contract';
import { opQuery } from '../../../api/op-query.ts';

export const useLinkableNetworks = (projectId: number, enabled: boolean) =>
  useQuery({
    // The server's settings change only with a restart.
    ...opQuery(getLinkableNetworks, { query: { projectId } }, { staleTime: 5 * 60_000 }),
    enabled,
  });
