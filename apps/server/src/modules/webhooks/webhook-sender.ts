/**
 * The outbox worker's webhook lane sender: posts one delivery (one event to one endpoint), signed
 * the Standard Webhooks way, to the endpoint's checked public address (lib/public-address.ts, the
 * same rules as push: no internal addresses, no redirects followed, 10 s from connecting to the end
 * of the answer). Every attempt is recorded with its status code and time. A 2xx is delivered; 410
 * Gone turns the endpoint off and ends the delivery; any other answer, a timeout or a network
 * failure is tried again with the outbox's back-off.
 */
import { performance } from 'node:perf_hooks';
import type { WebhookPayload } from '@stationbid/domain';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { type PublicPostOptions, postToPublicAddress } from '../../lib/public-address.ts';
import { DeliveryError, type MessageSender, type OutgoingMessage } from '../delivery/message-senders.ts';
import { webhookHeaders } from './webhook-signature.ts';
import {
  disableGoneEndpoint,
  findWebhookEndpoint,
  insertWebhookAttempt,
  replaceDeliveryBody,
} from './webhooks.repository.ts';

/** The deadline of one delivery, from connecting to the end of the answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

export const ENDPOINT_GONE_REASON = 'The endpoint answered 410 Gone, so StationBid stopped sending to it';

export interface WebhookSenderOptions {
  /** Loopback endpoints may be reached (tests and development only; never in production). */
  allowLoopback: boolean;
  timeoutMs?: number;
  resolve?: PublicPostOptions['resolve'];
  /**
   * The SHA-256 of a completed session's record (the bytes its download gives), for
   * `session.completed`: the record is signed from the committed history, so it is read here,
   * before the first attempt, rather than in the engine step's transaction.
   */
  recordSha256?: (sessionId: string) => Promise<string>;
}

class WebhookTransportError extends Error {
  constructor(
    message: string,
    readonly isRefusedAddress: boolean,
  ) {
    super(message);
    this.name = 'WebhookTransportError';
  }
}

export function createWebhookSender(db: Database, clock: Clock, options: WebhookSenderOptions): MessageSender {
  return {
    async send(message: OutgoingMessage) {
      const endpoint = await findWebhookEndpoint(db, message.recipient);
      if (!endpoint) throw new DeliveryError('not sent: the webhook endpoint was deleted', true);
      if (!endpoint.enabled) throw new DeliveryError('not sent: the webhook endpoint is turned off', true);
      const body = await completeBody(db, message, options);
      const attempt = (message as Partial<{ attempts: number }>).attempts ?? 1;
      const now = clock.now();
      const started = performance.now();
      let status: number | null = null;
      let failure: WebhookTransportError | undefined;
      try {
        ({ status } = await postToPublicAddress(
          endpoint.url,
          { headers: webhookHeaders(endpoint.secret, message.id, now, body), body: Buffer.from(body, 'utf8') },
          {
            allowLoopback: options.allowLoopback,
            timeoutMs: options.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
            ...(options.resolve ? { resolve: options.resolve } : {}),
          },
          { endpoint: 'webhook endpoint', service: 'webhook endpoint' },
          (text, isRefusedAddress) => new WebhookTransportError(text, isRefusedAddress),
        ));
      } catch (error) {
        failure =
          error instanceof WebhookTransportError
            ? error
            : new WebhookTransportError(String(error).slice(0, 300), false);
      }
      const durationMs = Math.round(performance.now() - started);
      const error = failure?.message ?? (status !== null && !isSuccess(status) ? describeStatus(status) : null);
      await insertWebhookAttempt(db, {
        outboxId: message.id,
        endpointId: endpoint.id,
        attempt,
        statusCode: status,
        durationMs,
        error,
        attemptedAt: now,
      });
      if (failure) throw new DeliveryError(failure.message, failure.isRefusedAddress);
      if (status !== null && isSuccess(status)) return;
      if (status === 410) {
        await disableGoneEndpoint(db, endpoint.id, ENDPOINT_GONE_REASON, clock.now());
        throw new DeliveryError(`${describeStatus(410)}; the endpoint was turned off`, true);
      }
      throw new DeliveryError(error ?? 'no answer', false);
    },
    async close() {},
  };
}

const isSuccess = (status: number) => status >= 200 && status < 300;

function describeStatus(status: number): string {
  if (status >= 300 && status < 400) return `the endpoint answered ${status} (redirects are not followed)`;
  return `the endpoint answered ${status}`;
}

/** The body as first sent: session.completed gets its record's SHA-256 once, kept for every retry. */
async function completeBody(db: Database, message: OutgoingMessage, options: WebhookSenderOptions): Promise<string> {
  if (message.kind !== 'session.completed' || !options.recordSha256) return message.textBody;
  const payload = JSON.parse(message.textBody) as WebhookPayload;
  if (payload.data.recordSha256 !== null || typeof payload.data.sessionId !== 'string') return message.textBody;
  let recordSha256: string;
  try {
    recordSha256 = await options.recordSha256(payload.data.sessionId);
  } catch (error) {
    throw new DeliveryError(
      `not sent yet: the session record could not be read (${error instanceof Error ? error.message : String(error)})`,
      false,
    );
  }
  const body = JSON.stringify({ ...payload, data: { ...payload.data, recordSha256 } });
  await replaceDeliveryBody(db, message.id, body);
  return body;
}
