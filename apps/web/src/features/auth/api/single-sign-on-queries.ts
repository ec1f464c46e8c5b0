/**
 * Single sign-on's cache: the server's public answer of whether the sign-in page offers it (a key
 * starting 'public', kept when a session ends: removeSignedInQueries), and the administrators'
 * settings.
 */
import { type SingleSignOnSettings, singleSignOnConfigSchema, singleSignOnSettingsSchema } from '@stationbid/domain';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const singleSignOnQueryKeys = {
  config: ['public', 'single-sign-on', 'config'] as const,
  settings: ['admin', 'single-sign-on'] as const,
};

export const singleSignOnQueries = {
  config: () =>
    queryOptions({
      queryKey: singleSignOnQueryKeys.config,
      queryFn: () =>
        apiRequest('/auth/oidc/config', { schema: singleSignOnConfigSchema, withToken: false, recoverSession: false }),
      // The server's configuration: it changes with a restart, not while the page is open.
      staleTime: 5 * 60 * 1000,
      retry: false,
    }),
  settings: () =>
    queryOptions({
      queryKey: singleSignOnQueryKeys.settings,
      queryFn: ({ signal }) => apiRequest('/admin/single-sign-on', { schema: singleSignOnSettingsSchema, signal }),
    }),
};

/** An administrator saved the settings: the card shows the answer, and the sign-in page asks again. */
export async function onSingleSignOnSettingsSaved(queryClient: QueryClient, answer: SingleSignOnSettings) {
  queryClient.setQueryData(singleSignOnQueryKeys.settings, answer);
  await queryClient.invalidateQueries({ queryKey: singleSignOnQueryKeys.config });
}
