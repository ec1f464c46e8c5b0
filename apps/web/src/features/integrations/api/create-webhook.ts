/**
 * Registering a webhook endpoint. The answer's signing secret is handed to the caller (the dialog
 * shows it once) and kept nowhere else: not in the query cache, not in a toast.
 */
import { type CreateWebhookRequest, type WebhookSecretResponse, webhookSecretResponseSchema } from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateWebhooks } from './webhook-queries.ts';

export function createWebhook(body: CreateWebhookRequest): Promise<WebhookSecretResponse> {
  return apiRequest('/admin/webhooks', { method: 'POST', body, schema: webhookSecretResponseSchema });
}

/** Refusals are left to the caller, which shows them in the dialog. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createWebhook, onSuccess: () => invalidateWebhooks(queryClient) });
}
