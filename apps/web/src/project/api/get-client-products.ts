import { queryOptions, useQuery } from '@tanstack/react-query';
import { ProductList } from '@listening/contract';
import { api } from '../../../api/client.ts';

export const clientProductsQueryOptions = (clientId: number) =>
  queryOptions({
    queryKey: ['client-products', clientId],
    queryFn: async () => (await api.post('client/products/' + clientId, undefined, { host: 'crm', schema: ProductList })).map((p) => p.ProductCode),
    staleTime: 5 * 60_000,
  });

/** The product codes the client owns (CRM): they unlock the gated side-menu items. */
export const useClientProducts = (clientId: number) => useQuery(clientProductsQueryOptions(clientId));
