import { userBidHistoryResponseSchema } from '@stationbid/domain';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export type UserBidHistoryEntry = z.infer<typeof userBidHistoryResponseSchema>['bidHistory'][number];

export async function getUserBidHistory(signal?: AbortSignal): Promise<UserBidHistoryEntry[]> {
  const { bidHistory } = await apiRequest('/users/bid-history', { schema: userBidHistoryResponseSchema, signal });
  return bidHistory;
}
