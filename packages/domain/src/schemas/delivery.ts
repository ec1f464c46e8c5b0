/**
 * The state of e-mail, SMS and Web Push delivery from the outbox, for the administrators' status
 * screen.
 */
import { z } from 'zod';

/** The outbox's channels, in the order the status screen shows them. */
export const DELIVERY_CHANNELS = ['email', 'sms', 'push'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

export const deliveryChannelStatusSchema = z.object({
  /** False when the server has no settings for this channel: its messages stay queued. */
  isConfigured: z.boolean(),
  /** When the last message of this channel was delivered, or null if none has been. */
  lastSentAt: z.iso.datetime().nullable(),
  /** Messages waiting to be sent (including those waiting for a retry). */
  queued: z.number().int(),
  /** Messages given up on after their last attempt. */
  failed: z.number().int(),
});
export type DeliveryChannelStatus = z.infer<typeof deliveryChannelStatusSchema>;

/** Push is always configured (the server makes its VAPID keys itself); it also counts devices. */
export const pushDeliveryStatusSchema = deliveryChannelStatusSchema.extend({
  /** Devices (browsers) that receive members' push notifications now. */
  devices: z.number().int(),
  /**
   * Devices removed because their push service said the subscription had expired or was revoked
   * (HTTP 404 or 410), one per push that learned it, as long as the outbox keeps that push.
   */
  removedDevices: z.number().int(),
});
export type PushDeliveryStatus = z.infer<typeof pushDeliveryStatusSchema>;

export const deliveryFailureSchema = z.object({
  id: z.string(),
  channel: z.enum(DELIVERY_CHANNELS),
  kind: z.string(),
  /** Whom it was for: an e-mail address or a phone number; for a push, the member's name ("… (device)"). */
  recipient: z.string(),
  attempts: z.number().int(),
  /** The provider's or the network's reason for the last failed attempt. */
  lastError: z.string(),
  lastAttemptAt: z.iso.datetime().nullable(),
  /** True while another attempt is planned; false once the message was given up on. */
  willRetry: z.boolean(),
  nextAttemptAt: z.iso.datetime().nullable(),
  /** A push whose service said the device's subscription is gone: the device was removed. */
  deviceRemoved: z.boolean(),
});
export type DeliveryFailure = z.infer<typeof deliveryFailureSchema>;

export const deliveryStatusSchema = z.object({
  email: deliveryChannelStatusSchema,
  sms: deliveryChannelStatusSchema,
  push: pushDeliveryStatusSchema,
  /** The latest failed attempts, newest first: at most RECENT_FAILURES_PER_CHANNEL of each channel. */
  recentFailures: z.array(deliveryFailureSchema),
});
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

/** So a burst of push failures (one per device and turn) cannot hide the e-mails that failed. */
export const RECENT_FAILURES_PER_CHANNEL = 20;
