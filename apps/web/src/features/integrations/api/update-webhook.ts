/** Turning an endpoint on or off, or changing its events. */
import { type UpdateWebhookRequest, webhookEndpointResponseSchema } from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { invalidateWebhooks } from './webhook-queries.ts';

export async function updateWebhook({ id, ...body }: UpdateWebhookRequest & { id: string }): Promise<string> {
  const { message } = await apiRequest(`/admin/webhooks/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    schema: webhookEndpointResponseSchema,
  });
  return message;
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSuccess: async (message) => {
      showSuccess(message);
      await invalidateWebhooks(queryClient);
    },
  });
}
