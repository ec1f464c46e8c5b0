import {
  BID_PREFERENCE_MESSAGES,
  type SavedBidPreferences,
  type UpdateBidPreferencesRequest,
  updateBidPreferencesResponseSchema,
} from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { invalidateBidPreferences, onBidPreferencesSaved } from './user-queries.ts';

/**
 * Saves the changes; with `version` (the version of the copy they were made on) the server refuses
 * them with 409 if the preferences were saved elsewhere since (isChangedElsewhere).
 */
export async function updateBidPreferences(changes: UpdateBidPreferencesRequest): Promise<SavedBidPreferences> {
  const { preferences } = await apiRequest('/users/preferences', {
    method: 'PUT',
    body: changes,
    schema: updateBidPreferencesResponseSchema,
  });
  return preferences;
}

/** The save was refused because it was made on a copy older than the list now saved. */
export function isChangedElsewhere(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/**
 * Saves the member's bid preferences and says so; the saved answer replaces the cached one, and the
 * forecasts made from the list are read again. A refusal is left to the form, which shows the
 * server's reason beside what it is about; a save refused as stale also reads the newer list, so
 * the form can offer it.
 */
export function useUpdateBidPreferences({ onSaved }: { onSaved: (preferences: SavedBidPreferences) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBidPreferences,
    onSuccess: (preferences) => {
      void onBidPreferencesSaved(queryClient, preferences);
      showSuccess(BID_PREFERENCE_MESSAGES.updated);
      onSaved(preferences);
    },
    onError: (error) => {
      if (isChangedElsewhere(error)) void invalidateBidPreferences(queryClient);
    },
  });
}
