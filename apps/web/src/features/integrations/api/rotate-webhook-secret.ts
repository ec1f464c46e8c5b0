/** Replacing an endpoint's signing secret; the new one is handed to the caller to show once. */
import { type WebhookSecretResponse, webhookSecretResponseSchema } from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateWebhooks } from './webhook-queries.ts';

export function rotateWebhookSecret(id: string): Promise<WebhookSecretResponse> {
  return apiRequest(`/admin/webhooks/${encodeURIComponent(id)}/rotate-secret`, {
    method: 'POST',
    schema: webhookSecretResponseSchema,
  });
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rotateWebhookSecret, onSuccess: () => invalidateWebhooks(queryClient) });
}
