import { type BidSessionDetail, bidSessionResponseSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

export async function getBidSession(sessionId: string, signal?: AbortSignal): Promise<BidSessionDetail> {
  const { session } = await apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}`, {
    schema: bidSessionResponseSchema,
    signal,
  });
  return session;
}
