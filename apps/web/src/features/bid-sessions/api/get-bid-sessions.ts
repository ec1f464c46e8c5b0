import { type BidSession, bidSessionListResponseSchema } from '@stationbid/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { bidSessionListQueryKey } from './bid-session-query-keys.ts';

export async function getBidSessions(signal?: AbortSignal): Promise<BidSession[]> {
  const { sessions } = await apiRequest('/bid-sessions', { schema: bidSessionListResponseSchema, signal });
  return sessions;
}

/** Every bid session, whatever its status (administrators). */
export function useBidSessionsQuery() {
  return useQuery({ queryKey: bidSessionListQueryKey, queryFn: ({ signal }) => getBidSessions(signal) });
}
