import { type WebhookEndpoint, webhookListResponseSchema } from '@stationbid/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every webhook endpoint, newest first, with its last delivery; never a secret (administrators only). */
export async function getWebhooks(signal?: AbortSignal): Promise<WebhookEndpoint[]> {
  const { endpoints } = await apiRequest('/admin/webhooks', { schema: webhookListResponseSchema, signal });
  return endpoints;
}
