/**
 * Single sign-on with the department's OpenID provider: whether the sign-in page offers it (and the
 * provider's sign-out page), the one-time code the server's callback hands over in /auth/sso, and
 * the administrators' two settings.
 */
import {
  authResponseSchema,
  SINGLE_SIGN_ON_MESSAGES,
  type SingleSignOnSettingsUpdate,
  singleSignOnSettingsSchema,
} from '@stationbid/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE_PATH, apiRequest } from '../../../lib/api-client.ts';
import { showError, showSuccess } from '../../../lib/toasts.ts';
import { onSingleSignOnSettingsSaved, singleSignOnQueries } from './single-sign-on-queries.ts';

/** A page navigation, not a fetch: the server answers with a redirect to the provider. */
export const SINGLE_SIGN_ON_START_URL = `${API_BASE_PATH}/auth/oidc/start`;

export function useSingleSignOnConfig() {
  return useQuery(singleSignOnQueries.config());
}

/** The code from the redirect, once, for the usual sign-in answer. */
export function exchangeSingleSignOnCode(code: string) {
  return apiRequest('/auth/oidc/exchange', {
    method: 'POST',
    body: { code },
    schema: authResponseSchema,
    withToken: false,
    recoverSession: false,
  });
}

export function useSingleSignOnSettings() {
  return useQuery(singleSignOnQueries.settings());
}

export function useSaveSingleSignOnSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: SingleSignOnSettingsUpdate) =>
      apiRequest('/admin/single-sign-on', { method: 'PUT', body: update, schema: singleSignOnSettingsSchema }),
    onSuccess: (answer) => {
      void onSingleSignOnSettingsSaved(queryClient, answer);
      showSuccess(SINGLE_SIGN_ON_MESSAGES.saved);
    },
    onError: (error) => showError(error, 'Failed to save the single sign-on settings'),
  });
}
