/** The webhook queries: the endpoint list (Integrations page) and the latest deliveries (delivery status screen). */
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { getWebhookDeliveries } from './get-webhook-deliveries.ts';
import { getWebhooks } from './get-webhooks.ts';

export const webhookQueryKeys = {
  all: ['webhooks'] as const,
  list: () => ['webhooks', 'list'] as const,
  deliveries: () => ['webhooks', 'deliveries'] as const,
};

export const webhookQueries = {
  list: () =>
    queryOptions({
      queryKey: webhookQueryKeys.list(),
      queryFn: ({ signal }) => getWebhooks(signal),
    }),
  deliveries: () =>
    queryOptions({
      queryKey: webhookQueryKeys.deliveries(),
      queryFn: ({ signal }) => getWebhookDeliveries(signal),
    }),
};

export function useWebhooksQuery() {
  return useQuery(webhookQueries.list());
}

export function useWebhookDeliveriesQuery() {
  return useQuery(webhookQueries.deliveries());
}

/** After an endpoint changes or a test is queued: the list (last delivery) and the deliveries. */
export function invalidateWebhooks(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: webhookQueryKeys.all });
}
