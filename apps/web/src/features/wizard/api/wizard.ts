import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getAccountOptions,
  getPriceList,
  getProjectCategories,
  getProjectTypes,
  getProjects,
  saveAgreementProject,
  type SaveAgreementProjectBody,
} from '@listening/contract';
import { call } from '../../../api/client.ts';
import { opKey } from '../../../api/op-query.ts';

const forever = { staleTime: Infinity } as const;

export const useProjectCategories = () =>
  useQuery(queryOptions({ queryKey: [getProjectCategories.path], queryFn: () => call(getProjectCategories, {}), ...forever }));

/** A project type's sub-products, loaded when the type is chosen. */
export const useSubProducts = (typeId: number | null) =>
  useQuery({
    queryKey: [getProjectTypes.path, typeId],
    queryFn: () => call(getProjectTypes, { query: { parentId: typeId ?? 0 } }),
    enabled: typeId !== null,
    ...forever,
  });

export const useAccountOptions = (clientId: number) =>
  useQuery({ queryKey: [getAccountOptions.path, clientId], queryFn: () => call(getAccountOptions, { params: { id: clientId } }) });

export const usePriceList = () => useQuery({ queryKey: [getPriceList.path], queryFn: () => call(getPriceList, { query: { currencyId: 'ZAR' } }), ...forever });

/** Finish: the agreement and its project; the client's project list is read again. */
export function useSaveAgreementProject(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveAgreementProjectBody) => call(saveAgreementProject, { query: { ProductTypeId: body.ProjectType }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: opKey(getProjects, { query: { clientId } }) }),
  });
}
