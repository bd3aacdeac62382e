import { useMutation, useQueryClient } from '@tanstack/react-query';
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
import { opKey, useOp } from '../../../api/op-query.ts';

const forever = { staleTime: Infinity } as const;

export const useProjectCategories = () => useOp(getProjectCategories, {}, forever);

/** A project type's sub-products, loaded when the type is chosen. */
export const useSubProducts = (typeId: number | null) => useOp(getProjectTypes, { query: { parentId: typeId ?? 0 } }, { ...forever, enabled: typeId !== null });

export const useAccountOptions = (clientId: number) => useOp(getAccountOptions, { params: { id: clientId } });

export const usePriceList = () => useOp(getPriceList, { query: { currencyId: 'ZAR' } }, forever);

/** Finish: the agreement and its project; the client's project list is read again. */
export function useSaveAgreementProject(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveAgreementProjectBody) => call(saveAgreementProject, { query: { ProductTypeId: body.ProjectType }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: opKey(getProjects, { query: { clientId } }) }),
  });
}
