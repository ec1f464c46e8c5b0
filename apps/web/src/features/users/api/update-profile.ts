import {
  PROFILE_MESSAGES,
  type User,
  type updateProfileRequestSchema,
  updateProfileResponseSchema,
} from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { showError, showSuccess } from '../../../lib/toasts.ts';
import { onOwnProfileSaved } from './user-queries.ts';

/** The body as sent: the request schema's input, which the server trims and normalises again. */
export type UpdateProfileBody = z.input<typeof updateProfileRequestSchema>;

export async function updateProfile(changes: UpdateProfileBody): Promise<User> {
  const { user } = await apiRequest('/users/profile', {
    method: 'PUT',
    body: changes,
    schema: updateProfileResponseSchema,
  });
  return user;
}

/**
 * Saves the member's own profile and says so. The saved member replaces both the profile and the
 * signed-in member in the cache, so the shell's welcome line shows a new name at once.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      showSuccess(PROFILE_MESSAGES.profileUpdated);
      void onOwnProfileSaved(queryClient, user);
    },
    onError: (error) => showError(error, 'Failed to update profile'),
  });
}
