import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { ANALYTICS_KEY } from '../../project-shell/query-keys.ts';
import { exclusionsQueryOptions } from './get-exclusions.ts';

/** GET include / GET exclude (000 §7): add a phrase to the project's cloud, or keep it out. */
export const setPhrase = ({ kind, projectId, phrase }: { kind: 'include' | 'exclude'; projectId: number; phrase: string }) =>
  api.get(kind, { query: { projectId, phrase } });

export function useSetPhrase(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPhrase,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: exclusionsQueryOptions(projectId).queryKey });
      await queryClient.invalidateQueries({ queryKey: [...ANALYTICS_KEY, 'wordcloud'] });
    },
  });
}
