import { type SeniorityInfo, seniorityInfoSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

export function getSeniority(signal?: AbortSignal): Promise<SeniorityInfo> {
  return apiRequest('/users/seniority', { schema: seniorityInfoSchema, signal });
}
