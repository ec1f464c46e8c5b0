import { checkTimeExpirationResponseSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * Asks the server to process the turn if its deadline has passed. The server's turn clock does it
 * within about a second anyway; this idempotent nudge only lets the page move on sooner.
 */
export async function checkTurnExpiration(sessionId: string): Promise<boolean> {
  const { timeExpired } = await apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}/check-time-expiration`, {
    method: 'POST',
    body: {},
    schema: checkTimeExpirationResponseSchema,
  });
  return timeExpired;
}
