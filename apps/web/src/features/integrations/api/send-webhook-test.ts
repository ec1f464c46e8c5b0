/** Queues a signed webhook.test event to one endpoint. */
import { webhookMessageResponseSchema } from '@stationbid/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/toasts.ts';
import { invalidateWebhooks } from './webhook-queries.ts';

export async function sendWebhookTest(id: string): Promise<string> {
  const { message } = await apiRequest(`/admin/webhooks/${encodeURIComponent(id)}/test`, {
    method: 'POST',
    schema: webhookMessageResponseSchema,
  });
  return message;
}

export function useSendWebhookTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendWebhookTest,
    onSuccess: async (message) => {
      showSuccess(message);
      await invalidateWebhooks(queryClient);
    },
  });
}
