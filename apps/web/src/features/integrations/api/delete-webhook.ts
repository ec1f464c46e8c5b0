/** Deletes an endpoint: nothing more is sent to it. */
import { webhookMessageResponseSchema } from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { invalidateWebhooks } from './webhook-queries.ts';

export async function deleteWebhook(id: string): Promise<string> {
  const { message } = await apiRequest(`/admin/webhooks/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: webhookMessageResponseSchema,
  });
  return message;
}

export function useDeleteWebhook({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: async (message) => {
      showSuccess(message);
      onSuccess?.();
      await invalidateWebhooks(queryClient);
    },
  });
}
