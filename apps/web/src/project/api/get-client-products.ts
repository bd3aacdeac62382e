import { queryOptions, useQuery } from '@tanstack/react-query';
import { getClientProducts } from '@listening/contract';
import { call } from '../../api/client.ts';

export const clientProductsQueryOptions = (clientId: number) =>
  queryOptions({
    queryKey: [getClientProducts.path, clientId],
    queryFn: async () => (await call(getClientProducts, { params: { clientId } })).map((p) => p.ProductCode),
    staleTime: 5 * 60_000,
  });

/** The product codes the client owns (CRM): they unlock the gated side-menu items. */
export const useClientProducts = (clientId: number) => useQuery(clientProductsQueryOptions(clientId));
