import { type BidSessionDetail, bidSessionResponseSchema } from '@stationbid/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { bidSessionQueryKey } from './bid-session-query-keys.ts';

export async function getBidSession(sessionId: string, signal?: AbortSignal): Promise<BidSessionDetail> {
  const { session } = await apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}`, {
    schema: bidSessionResponseSchema,
    signal,
  });
  return session;
}

interface BidSessionQueryOptions {
  /** Poll every so many ms (the live control panel); false to load once. */
  refetchInterval?: number | false;
  enabled?: boolean;
}

/** One session with its participants and the stations it offers, with live seat counts. */
export function useBidSessionQuery(
  sessionId: string,
  { refetchInterval = false, enabled = true }: BidSessionQueryOptions = {},
) {
  return useQuery({
    queryKey: bidSessionQueryKey(sessionId),
    queryFn: ({ signal }) => getBidSession(sessionId, signal),
    refetchInterval,
    // A live turn must not wait for the 5-minute stale time when the panel mounts again.
    staleTime: refetchInterval === false ? undefined : 0,
    enabled,
  });
}
