/**
 * Webhooks (docs/integrations.md, "Webhooks"): administrators register HTTPS endpoints of other
 * systems, and the server posts them the events they chose, signed the Standard Webhooks way
 * (https://www.standardwebhooks.com). The event list is declared once, here: the server's queueing,
 * the request schemas and the web's checkboxes all read it.
 */
import { z } from 'zod';
import { isAllowedPushEndpoint } from './push.ts';

/** Every event, with what it says (shown beside the checkbox and in the docs). */
export const WEBHOOK_EVENT_DESCRIPTIONS = {
  'session.started': 'A bid session started',
  'turn.started': "A participant's turn began",
  'award.made': 'A participant was awarded a seat',
  'session.completed': "A bid session completed: every participant's result and the record's SHA-256",
  'member.changed': 'A member was created, changed or deactivated',
} as const;

export type WebhookEvent = keyof typeof WEBHOOK_EVENT_DESCRIPTIONS;
export const WEBHOOK_EVENTS = Object.keys(WEBHOOK_EVENT_DESCRIPTIONS) as [WebhookEvent, ...WebhookEvent[]];

/** What every signing secret starts with (Standard Webhooks): base64 of the key bytes follows. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_URL_MAX_LENGTH = 2048;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;
/** Endpoints a department may register: each one is posted every event it chose. */
export const MAX_WEBHOOK_ENDPOINTS = 20;

export const WEBHOOK_MESSAGES = {
  urlRequired: 'URL is required',
  urlInvalid:
    'URL must be an https:// address of a public host name, such as https://hooks.example.org/stationbid (no IP addresses, localhost or internal names)',
  urlTooLong: `URL must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`,
  descriptionTooLong: `Description must be at most ${WEBHOOK_DESCRIPTION_MAX_LENGTH} characters`,
  eventInvalid: `Event must be one of ${WEBHOOK_EVENTS.join(', ')}`,
  eventsRequired: 'Choose at least one event',
  nothingToChange: 'Send events, enabled or description to change',
  notFound: 'Webhook endpoint not found',
  tooMany: `A department can register at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints; delete one first`,
  created: 'Webhook endpoint added. Copy its signing secret now: it will not be shown again.',
  rotated: 'Signing secret replaced. Copy it now: it will not be shown again; the old one no longer signs.',
  updated: 'Webhook endpoint saved',
  deleted: 'Webhook endpoint deleted',
  testQueued: 'Test event queued: it arrives within a few seconds',
  disabledEndpoint: 'This endpoint is turned off: turn it on before sending a test event',
} as const;

/**
 * Whether `url` may receive webhooks: the same rule as a push endpoint (an https:// address of a
 * public host name; http://localhost and http://127.0.0.1 only where the server allows local
 * endpoints, which production never does). The server checks every address the host resolves to
 * again when it delivers (lib/public-address.ts).
 */
export function isAllowedWebhookUrl(url: string, options: { allowLocalEndpoints: boolean }): boolean {
  return isAllowedPushEndpoint(url, options);
}

export const webhookEventSchema = z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_MESSAGES.eventInvalid });

const eventsSchema = z
  .array(webhookEventSchema, { error: WEBHOOK_MESSAGES.eventsRequired })
  .min(1, WEBHOOK_MESSAGES.eventsRequired)
  .transform((events) => [...new Set(events)]);

const descriptionSchema = z.string().trim().max(WEBHOOK_DESCRIPTION_MAX_LENGTH, WEBHOOK_MESSAGES.descriptionTooLong);

/** POST /api/admin/webhooks. */
export function createWebhookRequestSchema(options: { allowLocalEndpoints: boolean }) {
  return z.object({
    url: z
      .string({ error: WEBHOOK_MESSAGES.urlRequired })
      .trim()
      .min(1, WEBHOOK_MESSAGES.urlRequired)
      .max(WEBHOOK_URL_MAX_LENGTH, WEBHOOK_MESSAGES.urlTooLong)
      .refine((url) => isAllowedWebhookUrl(url, options), WEBHOOK_MESSAGES.urlInvalid),
    description: descriptionSchema.optional().default(''),
    events: eventsSchema,
  });
}
export type CreateWebhookRequest = z.infer<ReturnType<typeof createWebhookRequestSchema>>;

/** PUT /api/admin/webhooks/:id: what is sent changes, the rest stays. */
export const updateWebhookRequestSchema = z
  .object({
    events: eventsSchema.optional(),
    enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
    description: descriptionSchema.optional(),
  })
  .refine(
    (body) => body.events !== undefined || body.enabled !== undefined || body.description !== undefined,
    WEBHOOK_MESSAGES.nothingToChange,
  );
export type UpdateWebhookRequest = z.infer<typeof updateWebhookRequestSchema>;

/** The result of one delivery as the screens show it. */
export const WEBHOOK_DELIVERY_STATUSES = ['delivered', 'queued', 'retrying', 'failed'] as const;
export const webhookDeliveryStatusSchema = z.enum(WEBHOOK_DELIVERY_STATUSES);
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatusSchema>;

/** An endpoint's latest delivery: its event, how it went, the last answer's status code. */
export const webhookLastDeliverySchema = z.object({
  event: z.string(),
  status: webhookDeliveryStatusSchema,
  /** The last attempt's HTTP status; null when it had no answer (timeout, refused address). */
  responseCode: z.number().int().nullable(),
  at: z.string(),
});

/** An endpoint as listed: never its secret. */
export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  events: z.array(webhookEventSchema),
  enabled: z.boolean(),
  /** Why the server turned it off (it answered 410 Gone); null otherwise. */
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
  lastDelivery: webhookLastDeliverySchema.nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookListResponseSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });
export type WebhookListResponse = z.infer<typeof webhookListResponseSchema>;

/** The answers that carry the signing secret: creation and rotation, each shown once. */
export const webhookSecretResponseSchema = z.object({
  endpoint: webhookEndpointSchema,
  secret: z.string().startsWith(WEBHOOK_SECRET_PREFIX),
  message: z.string(),
});
export type WebhookSecretResponse = z.infer<typeof webhookSecretResponseSchema>;

export const webhookEndpointResponseSchema = z.object({ endpoint: webhookEndpointSchema, message: z.string() });
export type WebhookEndpointResponse = z.infer<typeof webhookEndpointResponseSchema>;

export const webhookMessageResponseSchema = z.object({ message: z.string() });

/** One delivery (one event to one endpoint) for the delivery status screen, newest first. */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  endpointId: z.string().nullable(),
  /** The endpoint's URL; null once the endpoint was deleted. */
  endpointUrl: z.string().nullable(),
  event: z.string(),
  status: webhookDeliveryStatusSchema,
  attempts: z.number().int(),
  /** The last attempt's HTTP status; null when there was none or it had no answer. */
  responseCode: z.number().int().nullable(),
  /** How long the last attempt took, in milliseconds. */
  durationMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const WEBHOOK_DELIVERIES_LIMIT = 50;
export const webhookDeliveryListResponseSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
export type WebhookDeliveryListResponse = z.infer<typeof webhookDeliveryListResponseSchema>;

/** The body of every delivery (Standard Webhooks): the event's type, when it happened, and its data. */
export interface WebhookPayload {
  type: WebhookEvent | 'webhook.test';
  timestamp: string;
  data: Record<string, unknown>;
}
