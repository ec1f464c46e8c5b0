/**
 * The React Query cache with the defaults of CLIENT_DEFAULTS: data stays fresh for 5 minutes, a
 * failed query is retried once, and returning to the window does not refetch.
 */
import { CLIENT_DEFAULTS } from '@stationbid/domain';
import { QueryClient } from '@tanstack/react-query';
import { isRefusal } from './api-client.ts';

/** A 4xx answer will not change on a second try, so only timeouts, network and server errors retry. */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (isRefusal(error)) return false;
  return failureCount < CLIENT_DEFAULTS.queryRetries;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: CLIENT_DEFAULTS.staleTimeMs,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
    },
  });
}
