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

/** What became of one message: sent to the provider, waiting, waiting for another try, given up on. */
export const DELIVERY_RESULTS = ['delivered', 'queued', 'retrying', 'failed'] as const;
export type DeliveryResult = (typeof DELIVERY_RESULTS)[number];

/** The most of a session's delivery log one request returns (a 300-member session sends thousands). */
export const DELIVERY_LOG_MAX_LIMIT = 200;

/** One message of a session's delivery log: whom, on which channel, about what, when and how it went. */
export const deliveryLogEntrySchema = z.object({
  id: z.string(),
  memberId: z.string().nullable(),
  /** The participant's name as the session knows it. */
  memberName: z.string(),
  channel: z.enum(DELIVERY_CHANNELS),
  kind: z.string(),
  /** The kind in words: "Your turn", "2 turns away", "Bid confirmation"... */
  kindLabel: z.string(),
  /** The address or number it went to; for a push, "a device". */
  recipient: z.string(),
  result: z.enum(DELIVERY_RESULTS),
  queuedAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
  lastAttemptAt: z.iso.datetime().nullable(),
  attempts: z.number().int(),
  /** The provider's or the network's reason for the last failed attempt, if any. */
  lastError: z.string().nullable(),
});
export type DeliveryLogEntry = z.infer<typeof deliveryLogEntrySchema>;

const deliveryLogLimitError = `limit must be a whole number from 1 to ${DELIVERY_LOG_MAX_LIMIT}`;

/** GET /bid-sessions/:id/delivery-log?memberId=&channel=&limit=&offset= */
export const deliveryLogQuerySchema = z.object({
  memberId: z.uuid({ error: 'memberId must be a member id' }).optional(),
  channel: z.enum(DELIVERY_CHANNELS, { error: 'channel must be email, sms or push' }).optional(),
  limit: z.coerce
    .number({ error: deliveryLogLimitError })
    .int({ error: deliveryLogLimitError })
    .min(1, { error: deliveryLogLimitError })
    .max(DELIVERY_LOG_MAX_LIMIT, { error: deliveryLogLimitError })
    .default(50),
  offset: z.coerce
    .number({ error: 'offset must be a whole number, 0 or more' })
    .int({ error: 'offset must be a whole number, 0 or more' })
    .min(0, { error: 'offset must be a whole number, 0 or more' })
    .default(0),
});
export type DeliveryLogQuery = z.input<typeof deliveryLogQuerySchema>;

/** A page of a session's notices, newest first, with how many match in all. */
export const deliveryLogSchema = z.object({
  sessionId: z.string(),
  entries: z.array(deliveryLogEntrySchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type DeliveryLog = z.infer<typeof deliveryLogSchema>;

/** How many waiting members after the turn holder the control panel follows. */
export const NEXT_IN_QUEUE_COUNT = 10;

/** The latest notice about a member's turn on one channel ("Your turn", "2 turns away", a reminder). */
export const turnNoticeSchema = z.object({
  kind: z.string(),
  kindLabel: z.string(),
  result: z.enum(DELIVERY_RESULTS),
  /** When it was delivered, or else when it was queued. */
  at: z.iso.datetime(),
});
export type TurnNotice = z.infer<typeof turnNoticeSchema>;

export const nextInQueueEntrySchema = z.object({
  participantId: z.string(),
  memberId: z.string().nullable(),
  name: z.string(),
  rank: z.string(),
  /** 0 for the turn holder, 1 for the next, and so on. */
  turnsAway: z.number().int(),
  movedToBack: z.boolean(),
  /** Joined the session and seen within the last two minutes. */
  isOnline: z.boolean(),
  lastSeenAt: z.iso.datetime().nullable(),
  /** Per channel, the latest notice about their turn; null when none was queued. */
  notices: z.object({
    email: turnNoticeSchema.nullable(),
    sms: turnNoticeSchema.nullable(),
    push: turnNoticeSchema.nullable(),
  }),
});
export type NextInQueueEntry = z.infer<typeof nextInQueueEntrySchema>;

/** GET /bid-sessions/:id/next-in-queue: the turn holder and the next NEXT_IN_QUEUE_COUNT waiting. */
export const nextInQueueSchema = z.object({
  sessionId: z.string(),
  entries: z.array(nextInQueueEntrySchema),
  /** Everyone still waiting, the turn holder included. */
  waiting: z.number().int(),
});
export type NextInQueue = z.infer<typeof nextInQueueSchema>;
