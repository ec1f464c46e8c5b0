/**
 * An administrator's messages about a session: the reminder to every participant, and a test
 * message to one member. Pure: the service reads the rows and queues what these build.
 */
import { type ReminderRecipientStatus, SESSION_MESSAGE_TEXTS } from '@stationbid/domain';
import { badRequest } from '../../lib/app-error.ts';
import { hasPhone, type MessageChannel, smsNumberOf } from './message-reach.ts';
import { type AdminReminderMessage, buildAdminReminderEmail, buildAdminReminderSms } from './message-templates.ts';
import type { MemberContact, OutboxMessage, SessionRow } from './session-messages.repository.ts';

export interface ReminderOutcome {
  name: string;
  status: ReminderRecipientStatus;
}

/** A participant as the reminder reads them: their name, and their member's contact unless deleted. */
export interface ReminderRecipient {
  name: string;
  member: MemberContact | null;
}

export function adminReminderMessage(
  session: SessionRow,
  customMessage: string | null,
  timeZone: string,
): AdminReminderMessage {
  return {
    sessionId: session.id,
    sessionName: session.name,
    status: session.status,
    scheduledStart: session.scheduledStart,
    customMessage,
    timeZone,
  };
}

/**
 * The reminder to every participant, and what became of each. E-mail goes to everyone with an
 * address who has not turned notifications off entirely (an administrator's explicit reminder is
 * not a "bid reminder" they opted out of); SMS only to those who turned SMS on and gave a phone.
 */
export function buildSessionReminder(
  recipients: readonly ReminderRecipient[],
  channel: MessageChannel,
  message: AdminReminderMessage,
): { outcomes: ReminderOutcome[]; messages: OutboxMessage[] } {
  const outcomes: ReminderOutcome[] = [];
  const messages: OutboxMessage[] = [];
  for (const row of recipients) {
    const contact = row.member;
    if (!contact) {
      outcomes.push({ name: row.name, status: 'no_email' });
    } else if (!contact.notificationsEnabled) {
      outcomes.push({ name: row.name, status: 'notifications_off' });
    } else if (channel === 'email') {
      if (contact.email.trim() === '') {
        outcomes.push({ name: row.name, status: 'no_email' });
        continue;
      }
      outcomes.push({ name: row.name, status: 'sent' });
      messages.push({
        channel: 'email',
        kind: 'session_reminder',
        memberId: contact.id,
        recipient: contact.email,
        dedupeKey: null,
        ...buildAdminReminderEmail(contact, message),
      });
    } else if (!contact.smsNotifications || !hasPhone(contact)) {
      outcomes.push({ name: row.name, status: contact.smsNotifications ? 'no_email' : 'notifications_off' });
    } else {
      outcomes.push({ name: row.name, status: 'sent' });
      messages.push({
        channel: 'sms',
        kind: 'session_reminder',
        memberId: contact.id,
        recipient: smsNumberOf(contact) ?? '',
        subject: null,
        htmlBody: null,
        dedupeKey: null,
        ...buildAdminReminderSms(message),
      });
    }
  }
  return { outcomes, messages };
}

/**
 * A test message to one member, whatever their settings (the administrator is checking
 * delivery). 400 when the member has no address for the channel.
 */
export function buildTestMessage(
  contact: MemberContact,
  channel: MessageChannel,
  message: AdminReminderMessage,
): OutboxMessage {
  if (channel === 'email') {
    if (contact.email.trim() === '') throw badRequest(SESSION_MESSAGE_TEXTS.memberHasNoEmail);
    return {
      channel: 'email',
      kind: 'test_message',
      memberId: contact.id,
      recipient: contact.email,
      dedupeKey: null,
      ...buildAdminReminderEmail(contact, message),
    };
  }
  if (!hasPhone(contact)) throw badRequest(SESSION_MESSAGE_TEXTS.memberHasNoPhone);
  return {
    channel: 'sms',
    kind: 'test_message',
    memberId: contact.id,
    recipient: smsNumberOf(contact) ?? '',
    subject: null,
    htmlBody: null,
    dedupeKey: null,
    ...buildAdminReminderSms(message),
  };
}
