/**
 * Creating an API token. The answer's secret is handed to the caller (the dialog shows it once)
 * and kept nowhere else: not in the query cache, not in a toast.
 */
import {
  type CreateApiTokenRequest,
  type CreateApiTokenResponse,
  createApiTokenResponseSchema,
} from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateApiTokens } from './api-token-queries.ts';

export function createApiToken(body: CreateApiTokenRequest): Promise<CreateApiTokenResponse> {
  return apiRequest('/admin/api-tokens', { method: 'POST', body, schema: createApiTokenResponseSchema });
}

/** Refusals are left to the caller, which shows them in the dialog. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: () => invalidateApiTokens(queryClient),
  });
}
