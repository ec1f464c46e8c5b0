import { bidPreferencesResponseSchema, type SavedBidPreferences } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** The member's bid preferences with their `version`, which a save sends back to be refused if stale. */
export async function getBidPreferences(signal?: AbortSignal): Promise<SavedBidPreferences> {
  const { preferences } = await apiRequest('/users/preferences', { schema: bidPreferencesResponseSchema, signal });
  return preferences;
}
