/**
 * The outbox's Web Push channel (issue 15). A push row is queued per device (subscription): its
 * `recipient` is the subscription's id and its `textBody` a QueuedPush. The sender reads the
 * subscription when it sends (so a device removed meanwhile gets nothing), lets `web-push` encrypt
 * the payload for the device (aes128gcm, RFC 8291) and sign the VAPID header (RFC 8292), and posts
 * it through push-transport.ts (checked addresses, no redirects, a 5 s deadline).
 *
 * What the push service answers decides what happens (RFC 8030): 2xx delivered; 404 or 410 the
 * subscription is gone (unsubscribed, expired, app data cleared): it is removed and the message
 * given up on; 429 and 5xx (and network failures) are tried again by the outbox worker; any other
 * 4xx (a payload or VAPID header the service refuses) cannot get better by retrying.
 *
 * A device that does not answer, or answers 429 or 5xx, backs off by itself: its pushes wait,
 * without a connection or a delivery slot, for 30 s, then 2, 10, 30 and 60 minutes after each
 * further failure in a row; one delivered push ends the back-off.
 */
import { STATUS_CODES } from 'node:http';
import { type PushMessage, plural } from '@stationbid/domain';
import webpush from 'web-push';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  DEVICE_REMOVED_NOTE,
  DeliveryDeferred,
  DeliveryError,
  type MessageSender,
} from '../delivery/message-senders.ts';
import {
  deleteSubscriptionById,
  findSubscription,
  markSubscriptionDelivered,
  recordDeviceFailure,
} from './push.repository.ts';
import { PushTransportError, type PushTransportOptions, postPush } from './push-transport.ts';
import type { VapidKeys } from './vapid-keys.ts';

/** What a push row's `textBody` holds. */
export interface QueuedPush {
  /** What the device shows; `url` is a path of the web app until it is sent. */
  message: PushMessage;
  /** RFC 8030 Urgency: "high" wakes a phone in battery saving; a turn is worth it. */
  urgency: 'high' | 'normal';
  /** After this the message is pointless (the turn it announces is over): not sent, given up on. */
  expiresAt: string | null;
}

/** How long a push service keeps a message for a device that is offline, when nothing expires it. */
export const DEFAULT_PUSH_TTL_SECONDS = 24 * 60 * 60;

export function encodeQueuedPush(push: QueuedPush): string {
  return JSON.stringify(push);
}

function decodeQueuedPush(textBody: string): QueuedPush {
  try {
    const parsed = JSON.parse(textBody) as QueuedPush;
    if (parsed && typeof parsed.message?.title === 'string') return parsed;
  } catch {
    // reported below
  }
  throw new DeliveryError('the queued push is not a QueuedPush JSON (written by another version?)', true);
}

/**
 * The VAPID subject (RFC 8292 §2.1): how a push service reaches the operator. PUSH_CONTACT when set;
 * else the public address when it is https:// (push services refuse http:// and localhost); else a
 * mailto: of the e-mail sender.
 */
export function vapidSubject(settings: { pushContact?: string | undefined; publicWebUrl: string; mailFrom?: string }) {
  if (settings.pushContact) return settings.pushContact;
  if (settings.publicWebUrl.startsWith('https://')) return settings.publicWebUrl;
  const address = /<([^>]+)>/.exec(settings.mailFrom ?? '')?.[1] ?? settings.mailFrom ?? '';
  return `mailto:${address.includes('@') ? address.trim() : 'no-reply@stationbid.local'}`;
}

/**
 * Pauses of a device after 1, 2, ... attempts in a row that it did not answer (or answered with its
 * own failure); the last one repeats. Its pushes wait meanwhile without taking a delivery slot.
 */
export const DEVICE_BACKOFF_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 60 * 60_000];

export function createPushSender(
  db: Database,
  clock: Clock,
  settings: {
    publicWebUrl: string;
    subject: string;
    vapidKeys: () => Promise<VapidKeys>;
    /** Where a push may be posted (PushTransportOptions: loopback outside production). */
    transport: PushTransportOptions;
  },
): MessageSender {
  return {
    async send(message) {
      const queued = decodeQueuedPush(message.textBody);
      const now = clock.now();
      if (queued.expiresAt !== null && now.getTime() > Date.parse(queued.expiresAt)) {
        throw new DeliveryError(`not sent: too late, the moment it announced passed at ${queued.expiresAt}`, true);
      }
      const subscription = await findSubscription(db, message.recipient);
      if (!subscription) {
        throw new DeliveryError(
          'not sent: the device turned push notifications off, or its subscription expired',
          true,
        );
      }
      if (subscription.retryAfter && subscription.retryAfter > now) {
        throw new DeliveryDeferred(
          `waiting: the device's push service failed ${plural(subscription.consecutiveFailures, 'time')} in a row`,
          subscription.retryAfter,
        );
      }
      const { publicKey, privateKey } = await settings.vapidKeys();
      const payload = JSON.stringify({
        ...queued.message,
        url: new URL(queued.message.url, `${settings.publicWebUrl}/`).toString(),
      } satisfies PushMessage);
      const ttlSeconds =
        queued.expiresAt === null
          ? DEFAULT_PUSH_TTL_SECONDS
          : Math.max(60, Math.ceil((Date.parse(queued.expiresAt) - now.getTime()) / 1000));
      let request: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        request = webpush.generateRequestDetails(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          payload,
          {
            vapidDetails: { subject: settings.subject, publicKey, privateKey },
            TTL: ttlSeconds,
            urgency: queued.urgency,
            contentEncoding: 'aes128gcm',
          },
        );
      } catch (error) {
        // Keys the browser sent that do not make a P-256 point, or a VAPID subject web-push refuses.
        throw new DeliveryError(`not sent: ${error instanceof Error ? error.message : String(error)}`, true);
      }
      const deviceFailed = () => recordDeviceFailure(db, subscription.id, clock.now(), DEVICE_BACKOFF_MS);
      let status: number;
      try {
        ({ status } = await postPush(
          subscription.endpoint,
          {
            headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
            body: Buffer.from(request.body ?? Buffer.alloc(0)),
          },
          settings.transport,
        ));
      } catch (error) {
        const isRefusedAddress = error instanceof PushTransportError && error.isRefusedAddress;
        if (!isRefusedAddress) await deviceFailed();
        throw new DeliveryError(error instanceof Error ? error.message : String(error), isRefusedAddress);
      }
      if (status >= 200 && status < 300) {
        await markSubscriptionDelivered(db, subscription.id, clock.now());
        return;
      }
      // The status and its standard phrase only: the body could be anything the host holds.
      const answered = `push service answered ${status}${STATUS_CODES[status] ? ` (${STATUS_CODES[status]})` : ''}`;
      if (status === 404 || status === 410) {
        await deleteSubscriptionById(db, subscription.id);
        throw new DeliveryError(`${answered} ${DEVICE_REMOVED_NOTE}`, true);
      }
      if (status >= 300 && status < 400) {
        throw new DeliveryError(`${answered}: a push service does not redirect; not followed`, true);
      }
      const isRetryable = status === 429 || status >= 500;
      if (isRetryable) await deviceFailed();
      throw new DeliveryError(answered, !isRetryable);
    },
    async close() {},
  };
}
