import { bidStatusResponseSchema } from '@stationbid/domain';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export type UserBidStatus = z.infer<typeof bidStatusResponseSchema>;

export function getUserBidStatus(signal?: AbortSignal): Promise<UserBidStatus> {
  return apiRequest('/users/bid-status', { schema: bidStatusResponseSchema, signal });
}
