/**
 * Web Push in the browser (issue 15): subscribe this device with the Push API, using the server's
 * VAPID public key, and tell the server (POST /api/push/subscriptions); or unsubscribe it and tell
 * the server (DELETE). What the server sends to the device also needs the member's push setting
 * (Notification Settings, `pushNotifications`), saved separately like e-mail and SMS.
 *
 * The device shows the pushes through the origin's one service worker, the built app's /sw.js,
 * which imports the push handlers of `public/push-service-worker.js` (see lib/service-worker.ts;
 * tests pass their own registration as `serviceWorker`).
 */
import {
  type PushSubscriptionResponse,
  pushPublicKeyResponseSchema,
  pushSubscriptionResponseSchema,
} from '@stationbid/domain';
import { apiRequest } from './api-client.ts';
import { registerAppServiceWorker } from './service-worker.ts';

/** Why this device cannot receive push notifications, in words for the member. */
export const PUSH_UNAVAILABLE_MESSAGES = {
  unsupported:
    'This browser cannot receive push notifications. On an iPhone or iPad, add StationBid to the Home Screen first and open it from there.',
  denied:
    'Notifications are blocked for StationBid in this browser. Allow them in the browser’s site settings, then try again.',
  dismissed: 'Notifications were not allowed. Try again and choose Allow when the browser asks.',
} as const;

export class PushUnavailableError extends Error {
  override readonly name = 'PushUnavailableError';
  constructor(readonly reason: keyof typeof PUSH_UNAVAILABLE_MESSAGES) {
    super(PUSH_UNAVAILABLE_MESSAGES[reason]);
  }
}

export interface PushOptions {
  /** The registration of the service worker that handles `push` events; the app's worker by default. */
  serviceWorker?: () => Promise<ServiceWorkerRegistration>;
}

/** Whether this browser has what Web Push needs (a secure context, service workers, the Push API). */
export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** 'granted', 'denied' or 'default' (not asked yet); 'unsupported' without Web Push. */
export function pushPermission(): NotificationPermission | 'unsupported' {
  return isPushSupported() ? Notification.permission : 'unsupported';
}

/** base64url (the server's key) to the bytes `pushManager.subscribe` takes. */
function base64UrlToBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function isSameKey(key: ArrayBuffer | null, expected: Uint8Array): boolean {
  if (key === null || key.byteLength !== expected.length) return false;
  const bytes = new Uint8Array(key);
  return bytes.every((byte, index) => byte === expected[index]);
}

/**
 * Asks for permission when needed (call it from a click: browsers ignore a prompt nobody asked
 * for), subscribes this device, and stores the subscription on the server. A subscription made
 * with another server key (a new database) is replaced. Throws PushUnavailableError when the
 * browser cannot or may not, and the API's error (e.g. 409, too many devices) when the server refuses.
 */
export async function subscribeToPush(options: PushOptions = {}): Promise<PushSubscriptionResponse> {
  if (!isPushSupported()) throw new PushUnavailableError('unsupported');
  if (Notification.permission === 'denied') throw new PushUnavailableError('denied');
  if (Notification.permission !== 'granted') {
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') throw new PushUnavailableError(permission === 'denied' ? 'denied' : 'dismissed');
  }
  const registration = await (options.serviceWorker ?? registerAppServiceWorker)();
  const { publicKey } = await apiRequest('/push/public-key', { schema: pushPublicKeyResponseSchema, withToken: false });
  const serverKey = base64UrlToBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !isSameKey(subscription.options.applicationServerKey, serverKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey });
  return apiRequest('/push/subscriptions', {
    method: 'POST',
    body: subscription.toJSON(),
    schema: pushSubscriptionResponseSchema,
  });
}

/**
 * Stops push notifications on this device: the server forgets it first (so nothing more is
 * queued for it), then the browser drops the subscription. Nothing to do without one.
 */
export async function unsubscribeFromPush(options: PushOptions = {}): Promise<PushSubscriptionResponse | null> {
  const subscription = await currentPushSubscription(options);
  if (!subscription) return null;
  const answer = await apiRequest('/push/subscriptions', {
    method: 'DELETE',
    body: { endpoint: subscription.endpoint },
    schema: pushSubscriptionResponseSchema,
  });
  await subscription.unsubscribe();
  return answer;
}

/** Stops push notifications on every device of the member (the way out of the device limit). */
export async function unsubscribeAllDevices(options: PushOptions = {}): Promise<PushSubscriptionResponse> {
  const answer = await apiRequest('/push/subscriptions', {
    method: 'DELETE',
    body: { all: true },
    schema: pushSubscriptionResponseSchema,
  });
  await (await currentPushSubscription(options))?.unsubscribe();
  return answer;
}

/** This device's subscription, or null (also without Web Push, or before the worker is registered). */
export async function currentPushSubscription(options: PushOptions = {}): Promise<PushSubscription | null> {
  if (!isPushSupported()) return null;
  const registration = options.serviceWorker
    ? await options.serviceWorker()
    : await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * After sign-in (or at start with a session): stores this device's subscription again, so the
 * server has it for the member now signed in and with the keys the browser renewed meanwhile (a
 * service worker cannot: it has no token). Does nothing without a subscription or permission.
 */
export async function syncPushSubscription(options: PushOptions = {}): Promise<void> {
  if (pushPermission() !== 'granted') return;
  const subscription = await currentPushSubscription(options);
  if (!subscription) return;
  await apiRequest('/push/subscriptions', {
    method: 'POST',
    body: subscription.toJSON(),
    schema: pushSubscriptionResponseSchema,
  });
}
