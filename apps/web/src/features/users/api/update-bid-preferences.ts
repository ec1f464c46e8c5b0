import {
  BID_PREFERENCE_MESSAGES,
  type BidPreferences,
  type UpdateBidPreferencesRequest,
  updateBidPreferencesResponseSchema,
} from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { onBidPreferencesSaved } from './user-queries.ts';

export async function updateBidPreferences(changes: UpdateBidPreferencesRequest): Promise<BidPreferences> {
  const { preferences } = await apiRequest('/users/preferences', {
    method: 'PUT',
    body: changes,
    schema: updateBidPreferencesResponseSchema,
  });
  return preferences;
}

/**
 * Saves the member's bid preferences and says so; the saved answer replaces the cached one, and the
 * forecasts made from the list are read again. A refusal is left to the dialog, which shows the
 * server's reason beside the form it is about.
 */
export function useUpdateBidPreferences({ onSaved }: { onSaved: (preferences: BidPreferences) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBidPreferences,
    onSuccess: (preferences) => {
      void onBidPreferencesSaved(queryClient, preferences);
      showSuccess(BID_PREFERENCE_MESSAGES.updated);
      onSaved(preferences);
    },
  });
}
