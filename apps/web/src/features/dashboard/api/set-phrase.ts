import { useMutation, useQueryClient } from '@tanstack/react-query';
import { excludePhrase, includePhrase, type OperationInput } from '@listening/contract';
import { call } from '../../../api/client.ts';
import { exclusionsQueryOptions } from './get-exclusions.ts';
import { WORDCLOUD_KEY } from './get-wordcloud.ts';

const PHRASE_OPERATIONS = { include: includePhrase, exclude: excludePhrase } as const;
export type PhraseKind = keyof typeof PHRASE_OPERATIONS;

/** POST include / POST exclude: add a phrase to the project's cloud, or keep it out. */
export const setPhrase = ({ kind, ...body }: { kind: PhraseKind } & OperationInput<typeof includePhrase>['body']) => call(PHRASE_OPERATIONS[kind], { body });

export function useSetPhrase(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPhrase,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: exclusionsQueryOptions(projectId).queryKey });
      await queryClient.invalidateQueries({ queryKey: WORDCLOUD_KEY });
    },
  });
}
