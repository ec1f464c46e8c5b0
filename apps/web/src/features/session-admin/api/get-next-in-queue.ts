import { type NextInQueue, nextInQueueSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** The turn holder and the next ten, online or not, with how each one's turn notices went. */
export async function getNextInQueue(sessionId: string, signal?: AbortSignal): Promise<NextInQueue> {
  return apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}/next-in-queue`, {
    schema: nextInQueueSchema,
    signal,
  });
}
