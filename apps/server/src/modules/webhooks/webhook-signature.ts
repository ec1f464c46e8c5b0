/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): a secret is "whsec_" and base64 of
 * random key bytes; a delivery carries `webhook-id`, `webhook-timestamp` (unix seconds) and
 * `webhook-signature` = "v1," + base64(HMAC-SHA256(key bytes, `${id}.${timestamp}.${body}`)). A
 * receiver checks it with its own few lines of code (docs/integrations.md) or any Standard Webhooks
 * library.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@stationbid/domain';

/** 32 random bytes (the specification asks for 24 to 64). */
const SECRET_BYTES = 32;

export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/** The signature header's value for one delivery attempt. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${signature}`;
}

/** The three headers of one attempt; the timestamp is the attempt's, so a retry is signed anew. */
export function webhookHeaders(secret: string, id: string, now: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'StationBid-Webhooks',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, id, timestamp, body),
  };
}
