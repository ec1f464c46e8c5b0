import { checkTimeExpirationResponseSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * Asks the server to process the turn if its deadline has passed. The server's own turn clock does
 * this within about a second anyway; the call is an idempotent nudge, answered with `timeExpired`.
 */
export async function checkTimeExpiration(sessionId: string): Promise<boolean> {
  const { timeExpired } = await apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}/check-time-expiration`, {
    method: 'POST',
    body: {},
    schema: checkTimeExpirationResponseSchema,
  });
  return timeExpired;
}
