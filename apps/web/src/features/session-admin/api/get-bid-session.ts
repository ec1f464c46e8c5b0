import { adminBidSessionResponseSchema, type BidSessionDetail } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /bid-sessions/:id as administrators read it: every participant whole. */
export async function getBidSession(sessionId: string, signal?: AbortSignal): Promise<BidSessionDetail> {
  const { session } = await apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}`, {
    schema: adminBidSessionResponseSchema,
    signal,
  });
  return session;
}
