/**
 * Whom a message may reach and where: a member's settings are honoured (docs/bidding-rules.md,
 * "As built"): nothing when notifications are off; e-mail only with e-mail notifications on; SMS
 * only with SMS on and a phone number; push only with push notifications on, to each device the
 * member subscribed; reminders (and "2 turns away") only with bid reminders on as well.
 */
import { normalizePhoneNumber } from '@stationbid/domain';
import { encodeQueuedPush, type QueuedPush } from '../push/push-sender.ts';
import type { MemberContact, OutboxMessage } from './session-messages.repository.ts';

export type MessageChannel = 'email' | 'sms';

/**
 * Whether the member's settings let this kind of message through on this channel. For push, the
 * member's consent only: which devices it goes to is the caller's (their subscriptions).
 */
export function canReach(
  contact: MemberContact,
  channel: MessageChannel | 'push',
  options: { isReminder?: boolean } = {},
) {
  if (!contact.notificationsEnabled) return false;
  if (options.isReminder && !contact.bidReminders) return false;
  if (channel === 'email') return contact.emailNotifications && contact.email.trim() !== '';
  if (channel === 'push') return contact.pushNotifications;
  return contact.smsNotifications && hasPhone(contact);
}

/**
 * The member's number as an SMS provider takes it (E.164), or null. The profile form keeps the phone
 * as typed, so a number is normalised here too, and one no provider could text (e.g. "555-0221")
 * counts as no phone rather than failing at the provider.
 */
export const smsNumberOf = (contact: MemberContact): string | null =>
  contact.phone === null ? null : normalizePhoneNumber(contact.phone);

export const hasPhone = (contact: MemberContact) => smsNumberOf(contact) !== null;

/** One push row per device of the member, each with its own dedupe key (and its own retries). */
export function pushToDevices(
  devices: readonly string[] | undefined,
  content: { kind: string; memberId: string; dedupeKey: string; push: QueuedPush },
): OutboxMessage[] {
  return (devices ?? []).map((subscriptionId) => ({
    channel: 'push',
    kind: content.kind,
    memberId: content.memberId,
    recipient: subscriptionId,
    subject: content.push.message.title,
    textBody: encodeQueuedPush(content.push),
    htmlBody: null,
    dedupeKey: `${content.dedupeKey}:push:${subscriptionId}`,
  }));
}
