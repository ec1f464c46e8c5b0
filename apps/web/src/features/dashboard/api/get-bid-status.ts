import { bidStatusResponseSchema } from '@stationbid/domain';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export type BidStatusResponse = z.infer<typeof bidStatusResponseSchema>;

export function getBidStatus(signal?: AbortSignal): Promise<BidStatusResponse> {
  return apiRequest('/users/bid-status', { schema: bidStatusResponseSchema, signal });
}
