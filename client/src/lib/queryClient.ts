import { QueryClient } from '@tanstack/react-query';
import { QUERY_CACHE } from '@tombo/shared';
import { ApiError } from './http';

/** Spec §7 caching: fresh 5 min, kept 10 min, 1 retry with 1 s doubling back-off up to 30 s. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: QUERY_CACHE.staleTime,
      gcTime: QUERY_CACHE.gcTime,
      // One retry; answers that cannot change by retrying (4xx) are not retried.
      retry: (failureCount, error) =>
        failureCount < QUERY_CACHE.retry && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      retryDelay: QUERY_CACHE.retryDelay,
      refetchOnWindowFocus: false,
      refetchOnMount: false,
      refetchOnReconnect: true,
    },
    mutations: { retry: 0 },
  },
});
