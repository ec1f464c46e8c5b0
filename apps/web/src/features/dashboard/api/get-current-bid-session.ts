import { currentBidSessionResponseSchema } from '@stationbid/domain';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { RUNNING_SESSION_POLL_MS } from './session-polling.ts';

export type CurrentBidSessionResponse = z.infer<typeof currentBidSessionResponseSchema>;

/**
 * Starts with the bid-sessions feature's root key ("bid-sessions"), so that feature's invalidations
 * after a start, pause or bid refresh the dashboard too.
 */
export const currentBidSessionQueryKey = ['bid-sessions', 'current'] as const;

export function getCurrentBidSession(signal?: AbortSignal): Promise<CurrentBidSessionResponse> {
  return apiRequest('/bid-sessions/current', { schema: currentBidSessionResponseSchema, signal });
}

/**
 * The first active or paused session (else a scheduled one), or null. Asked again every 10 s even
 * while none runs: until live push exists, this is how a session the administrator starts reaches an
 * open dashboard. It is one light read, and React Query pauses it while the tab is hidden.
 */
export function useCurrentBidSessionQuery() {
  return useQuery({
    queryKey: currentBidSessionQueryKey,
    queryFn: ({ signal }) => getCurrentBidSession(signal),
    refetchInterval: RUNNING_SESSION_POLL_MS,
  });
}
