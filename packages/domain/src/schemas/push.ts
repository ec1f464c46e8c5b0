/**
 * Web Push (issue 15): a member's devices subscribe with the Push API, the server keeps each
 * subscription (its push-service endpoint and the browser's encryption keys) and sends "your turn",
 * "2 turns away" and "your award" to them through the outbox, when the member has turned push
 * notifications on. Shared by the server (request validation) and the web app (lib/push.ts).
 */
import { z } from 'zod';

export const PUSH_LIMITS = {
  /**
   * Devices (browsers) one member may receive push notifications on: a phone, a tablet, a laptop
   * and a desktop, with one to spare. Each device's pushes take a delivery slot.
   */
  subscriptionsPerMember: 5,
  /**
   * Devices of one member on one push service (origin). A browser that subscribes again gets a new
   * endpoint on the same service and leaves its old one behind; past this, the new device replaces
   * the member's longest-unrenewed one there instead of piling up.
   */
  subscriptionsPerPushService: 3,
  /** Push service addresses are short (FCM, Mozilla, Apple, Windows: well under 1,000 characters). */
  endpointMaxLength: 2048,
} as const;

export const PUSH_MESSAGES = {
  endpointRequired: 'endpoint is required: send the PushSubscription as subscription.toJSON() gives it',
  endpointInvalid: 'endpoint must be the https:// address of a push service, as PushSubscription.endpoint gives it',
  endpointTooLong: `endpoint must be at most ${PUSH_LIMITS.endpointMaxLength} characters`,
  keysRequired:
    'keys.p256dh and keys.auth are required: send the PushSubscription as subscription.toJSON() gives it, with its keys',
  p256dhInvalid: 'keys.p256dh must be the browser’s P-256 public key: 65 bytes, base64url',
  authInvalid: 'keys.auth must be the browser’s 16-byte authentication secret, base64url',
  tooManyDevices: `Push notifications are on for ${PUSH_LIMITS.subscriptionsPerMember} devices already, the most allowed. Turn them off on a device you no longer use, or turn them off on every device and subscribe again on this one.`,
  subscribed: 'Push notifications are on for this device.',
  unsubscribed: 'Push notifications are off for this device.',
  unsubscribedAll: 'Push notifications are off for all your devices.',
  notSubscribed: 'This device had no push subscription; nothing to turn off.',
} as const;

/** base64url without padding (RFC 4648 §5), as PushSubscription.toJSON() writes the keys. */
const BASE64URL = /^[A-Za-z0-9_-]+$/;

function decodedLength(base64url: string): number {
  return Math.floor((base64url.length * 3) / 4);
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether `endpoint` may receive pushes from this server: an https:// address of a public host.
 * `allowLocalEndpoints` (outside production, for tests and local development) also lets
 * http://localhost and http://127.0.0.1 through. An IP address or localhost over https is refused
 * in production: push services are named hosts, and the server must not be made to post to
 * addresses inside its own network.
 */
export function isAllowedPushEndpoint(endpoint: string, options: { allowLocalEndpoints: boolean }): boolean {
  // Read by hand: the domain runs without the DOM's or Node's URL. No user:password@, no spaces.
  const parts = /^(https?):\/\/(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?(?:[/?#][^\s]*)?$/i.exec(endpoint);
  if (!parts) return false;
  const protocol = (parts[1] ?? '').toLowerCase();
  const hostname = (parts[2] ?? '').toLowerCase();
  const isLocal = LOCAL_HOSTS.has(hostname);
  if (options.allowLocalEndpoints && isLocal) return true;
  if (protocol !== 'https') return false;
  // A last label of digits or 0x... makes the whole host an IPv4 address in a URL (127.1, 0x7f.1,
  // 0177.1 and 169.254.43518 are all IPv4): no DNS name ends so. The server checks the addresses
  // it connects to as well (push-transport.ts); this refuses the obvious at once.
  const lastLabel = hostname.split('.').at(-1) ?? '';
  const isIpAddress = /^(\d+|0x[0-9a-f]*)$/.test(lastLabel) || hostname.startsWith('[');
  return !isLocal && !isIpAddress && /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(hostname);
}

/**
 * POST /api/push/subscriptions: the browser's PushSubscription, as `subscription.toJSON()` gives
 * it (`expirationTime` and unknown fields are accepted and ignored).
 */
export function pushSubscriptionRequestSchema(options: { allowLocalEndpoints: boolean }) {
  return z.object({
    endpoint: z
      .string({ error: PUSH_MESSAGES.endpointRequired })
      .max(PUSH_LIMITS.endpointMaxLength, PUSH_MESSAGES.endpointTooLong)
      .refine((endpoint) => isAllowedPushEndpoint(endpoint, options), PUSH_MESSAGES.endpointInvalid),
    expirationTime: z.number().nullish(),
    keys: z.object(
      {
        p256dh: z
          .string({ error: PUSH_MESSAGES.keysRequired })
          .regex(BASE64URL, PUSH_MESSAGES.p256dhInvalid)
          .refine((key) => decodedLength(key) === 65, PUSH_MESSAGES.p256dhInvalid),
        auth: z
          .string({ error: PUSH_MESSAGES.keysRequired })
          .regex(BASE64URL, PUSH_MESSAGES.authInvalid)
          .refine((secret) => decodedLength(secret) === 16, PUSH_MESSAGES.authInvalid),
      },
      { error: PUSH_MESSAGES.keysRequired },
    ),
  });
}
export type PushSubscriptionRequest = z.infer<ReturnType<typeof pushSubscriptionRequestSchema>>;

/**
 * DELETE /api/push/subscriptions: this device's endpoint, or `{ all: true }` for every device of
 * the member (the way out when the device limit is reached by devices no longer at hand).
 */
export const deletePushSubscriptionRequestSchema = z.union(
  [z.object({ endpoint: z.string().min(1).max(PUSH_LIMITS.endpointMaxLength) }), z.object({ all: z.literal(true) })],
  { error: 'Send { "endpoint": "<this device’s PushSubscription.endpoint>" } or { "all": true }' },
);
export type DeletePushSubscriptionRequest = z.infer<typeof deletePushSubscriptionRequestSchema>;

/** GET /api/push/public-key: the server's VAPID public key, for `pushManager.subscribe`. */
export const pushPublicKeyResponseSchema = z.object({
  /** The uncompressed P-256 public key (65 bytes), base64url: the `applicationServerKey`. */
  publicKey: z.string(),
});
export type PushPublicKeyResponse = z.infer<typeof pushPublicKeyResponseSchema>;

export const pushSubscriptionResponseSchema = z.object({
  message: z.string(),
  /** How many devices of the member receive push notifications now. */
  devices: z.number().int(),
});
export type PushSubscriptionResponse = z.infer<typeof pushSubscriptionResponseSchema>;

/** The kinds of push notification a member can get. */
export const PUSH_MESSAGE_KINDS = [
  'turn_started',
  'turn_approaching',
  'bid_confirmation',
  'turn_undone',
  'moved_to_back',
] as const;
export type PushMessageKind = (typeof PUSH_MESSAGE_KINDS)[number];

/**
 * What a push carries, encrypted for the device; the service worker shows it as a notification
 * and opens `url` when it is clicked. `tag` is one per session and kind, so a newer notification
 * of the same kind replaces an older one on the device instead of piling up.
 */
export const pushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** An absolute address of the web app (PUBLIC_WEB_URL), e.g. https://bids.example/live-bid/<id>. */
  url: z.string(),
  tag: z.string(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;
