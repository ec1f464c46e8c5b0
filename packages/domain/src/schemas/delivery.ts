/**
 * The state of e-mail and SMS delivery from the outbox, for the administrators' status screen.
 */
import { z } from 'zod';

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

export const deliveryFailureSchema = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  kind: z.string(),
  recipient: z.string(),
  attempts: z.number().int(),
  /** The provider's or the network's reason for the last failed attempt. */
  lastError: z.string(),
  lastAttemptAt: z.iso.datetime().nullable(),
  /** True while another attempt is planned; false once the message was given up on. */
  willRetry: z.boolean(),
  nextAttemptAt: z.iso.datetime().nullable(),
});
export type DeliveryFailure = z.infer<typeof deliveryFailureSchema>;

export const deliveryStatusSchema = z.object({
  email: deliveryChannelStatusSchema,
  sms: deliveryChannelStatusSchema,
  recentFailures: z.array(deliveryFailureSchema),
});
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;
