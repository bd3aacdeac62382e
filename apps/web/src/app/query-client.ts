import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client.ts';

/** One cache for the app; an answer the server gave (4xx/5xx) is not retried, a dropped connection is, once. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failures, error) => !(error instanceof ApiError && error.status > 0) && failures < 1,
    },
    mutations: { retry: false },
  },
});
