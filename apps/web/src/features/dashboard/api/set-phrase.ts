import { useMutation, useQueryClient } from '@tanstack/react-query';
import { excludePhrase, getWordCloud, includePhrase, removePhrase, type OperationInput } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { invalidateOp } from '../../../api/op-query.ts';
import { phrasesQueryOptions } from './get-phrases.ts';

const PHRASE_OPERATIONS = { include: includePhrase, exclude: excludePhrase, remove: removePhrase } as const;
export type PhraseKind = keyof typeof PHRASE_OPERATIONS;

/** POST include / exclude / phrase/remove: add a phrase to the project's cloud, keep it out, or undo either. */
export const setPhrase = async ({ kind, ...body }: { kind: PhraseKind } & OperationInput<typeof includePhrase>['body']) => {
  await call(PHRASE_OPERATIONS[kind], { body });
};

export function useSetPhrase(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPhrase,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: phrasesQueryOptions(projectId).queryKey });
      // Every word cloud of the project (any range, any filter).
      await invalidateOp(queryClient, getWordCloud);
    },
  });
}
