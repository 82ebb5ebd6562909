import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../shared/api/api-result.ts';

/**
 * Whether a failed read is asked again: client errors (4xx) will not get better by asking again; a network or server
 * error is asked once more, half a second later, so a page that cannot load says so within about a second instead of
 * showing skeletons through several growing waits (3.7 s with two retries and the default back-off).
 */
export const retryRead = (failureCount: number, error: unknown): boolean =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1;
export const RETRY_DELAY_MS = 500;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: retryRead,
      retryDelay: RETRY_DELAY_MS,
    },
  },
});
