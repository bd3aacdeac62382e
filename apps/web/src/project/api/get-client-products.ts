import { queryOptions, useQuery } from '@tanstack/react-query';
import { getClientProducts } from '@listening/contract';
import { opQuery } from '../../api/op-query.ts';

export const clientProductsQueryOptions = (clientId: number) =>
  queryOptions({
    ...opQuery(getClientProducts, { params: { clientId } }, { staleTime: 5 * 60_000 }),
    select: (products) => products.map((p) => p.ProductCode),
  });

/** The product codes the client owns (CRM): they unlock the gated side-menu items. */
export const useClientProducts = (clientId: number) => useQuery(clientProductsQueryOptions(clientId));
