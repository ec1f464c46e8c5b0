import { type WebhookDelivery, webhookDeliveryListResponseSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** The latest webhook deliveries, newest first (administrators only). */
export async function getWebhookDeliveries(signal?: AbortSignal): Promise<WebhookDelivery[]> {
  const { deliveries } = await apiRequest('/admin/webhooks/deliveries', {
    schema: webhookDeliveryListResponseSchema,
    signal,
  });
  return deliveries;
}
