import { type BidPreferences, bidPreferencesResponseSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

export async function getBidPreferences(signal?: AbortSignal): Promise<BidPreferences> {
  const { preferences } = await apiRequest('/users/preferences', { schema: bidPreferencesResponseSchema, signal });
  return preferences;
}
