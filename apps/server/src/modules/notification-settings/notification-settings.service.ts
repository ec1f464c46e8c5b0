/**
 * Notification Settings (a member's own flags, push included, and phone number) and the administrators'
 * notification management: delivery status, who can be reached, which sessions can be notified,
 * and sending a test message or a session notification through the outbox.
 */
import {
  NOTIFIABLE_SESSION_STATUSES,
  NOTIFICATION_SETTINGS_MESSAGES,
  type NotifiableMember,
  type NotifiableSession,
  type NotificationChannel,
  type NotificationFlags,
  type NotificationSettings,
  type NotificationStatusResponse,
  normalizePhoneNumber,
  type SendSessionNotificationResponse,
  type SendTestNotificationResponse,
  type UpdateNotificationFlagsRequest,
} from '@stationbid/domain';
import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import type { DeliveryStatusService } from '../delivery/delivery-status.service.ts';
import {
  findActiveMember,
  findMemberNotificationSettings,
  findSessionStatus,
  listActiveMembersForNotifications,
  listNotifiableSessions,
  type MemberNotificationRow,
  markNotificationOfferAnswered,
  saveMemberNotificationSettings,
} from './notification-settings.repository.ts';

const FLAG_LABELS: Record<keyof NotificationFlags, string> = {
  notifications: 'notifications',
  emailNotifications: 'e-mail',
  smsNotifications: 'SMS',
  bidReminders: 'bid reminders',
  pushNotifications: 'push',
};

function toFlags(row: NotificationFlags): NotificationFlags {
  return {
    notifications: row.notifications,
    emailNotifications: row.emailNotifications,
    smsNotifications: row.smsNotifications,
    bidReminders: row.bidReminders,
    pushNotifications: row.pushNotifications,
  };
}

function toSettings(row: MemberNotificationRow): NotificationSettings {
  return { preferences: toFlags(row), phoneNumber: row.phone, isOfferPending: row.offerAnsweredAt === null };
}

/** "turned SMS on, bid reminders off" */
function describeFlagChanges(before: NotificationFlags, after: NotificationFlags): string {
  const changed = (Object.keys(FLAG_LABELS) as (keyof NotificationFlags)[])
    .filter((flag) => before[flag] !== after[flag])
    .map((flag) => `${FLAG_LABELS[flag]} ${after[flag] ? 'on' : 'off'}`);
  return changed.length === 0 ? 'Saved with no change' : `Turned ${changed.join(', ')}`;
}

export class NotificationSettingsService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async getSettings(memberId: string): Promise<NotificationSettings> {
    const row = await findMemberNotificationSettings(this.db, memberId);
    if (!row) throw notFound('User');
    return toSettings(row);
  }

  /**
   * Changes the flags given. SMS can only be on with a phone on file that can receive a text
   * message, so that "SMS on" never silently means "nothing is sent".
   */
  async updateFlags(memberId: string, changes: UpdateNotificationFlagsRequest): Promise<NotificationSettings> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const row = await findMemberNotificationSettings(tx, memberId, { forUpdate: true });
      if (!row) throw notFound('User');
      const before = toFlags(row);
      const after: NotificationFlags = { ...before };
      for (const flag of Object.keys(FLAG_LABELS) as (keyof NotificationFlags)[]) {
        const value = changes[flag];
        if (value !== undefined) after[flag] = value;
      }
      const isTurningSmsOn = after.smsNotifications && !before.smsNotifications;
      if (isTurningSmsOn && (row.phone === null || normalizePhoneNumber(row.phone) === null)) {
        throw badRequest(NOTIFICATION_SETTINGS_MESSAGES.smsNeedsPhone);
      }
      await saveMemberNotificationSettings(tx, memberId, { ...after, phone: row.phone, updatedAt: now });
      await recordActivity(tx, {
        memberId,
        actorName: `${row.firstName} ${row.lastName}`,
        type: 'profile',
        title: 'Notification settings updated',
        description: describeFlagChanges(before, after),
        at: now,
      });
      return { ...toSettings(row), preferences: after };
    });
  }

  /**
   * The member answered the one-time offer of texts and phone notifications (turned one on from
   * it, or said not now): it is not shown again, on any device. Answering twice changes nothing.
   */
  async answerOffer(memberId: string): Promise<NotificationSettings> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const row = await findMemberNotificationSettings(tx, memberId, { forUpdate: true });
      if (!row) throw notFound('User');
      await markNotificationOfferAnswered(tx, memberId, now);
      return { ...toSettings(row), isOfferPending: false };
    });
  }

  /** Stores an E.164 number, or removes the number and with it SMS notifications. */
  async updatePhoneNumber(memberId: string, phoneNumber: string | null): Promise<NotificationSettings> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const row = await findMemberNotificationSettings(tx, memberId, { forUpdate: true });
      if (!row) throw notFound('User');
      const flags = toFlags(row);
      if (phoneNumber === null) flags.smsNotifications = false;
      await saveMemberNotificationSettings(tx, memberId, { ...flags, phone: phoneNumber, updatedAt: now });
      await recordActivity(tx, {
        memberId,
        actorName: `${row.firstName} ${row.lastName}`,
        type: 'profile',
        title: phoneNumber === null ? 'Phone number removed' : 'Phone number updated',
        description: phoneNumber === null ? 'SMS notifications turned off' : 'Phone number for text messages changed',
        at: now,
      });
      return { ...toSettings(row), preferences: flags, phoneNumber };
    });
  }
}

/** Sends session e-mails and text messages through the outbox (the session messages module). */
export interface SessionMessaging {
  sendSessionReminder(
    sessionId: string,
    options: { channel: NotificationChannel; customMessage: string | null },
  ): Promise<{ queued: number; withoutAddress: number }>;
  sendTestMessage(
    memberId: string,
    sessionId: string,
    options: { channel: NotificationChannel; customMessage: string | null },
  ): Promise<{ recipient: string }>;
}

const CHANNEL_NAMES: Record<NotificationChannel, { noun: string; setting: string }> = {
  email: { noun: 'e-mail', setting: 'E-mail' },
  sms: { noun: 'text message', setting: 'SMS' },
};

export class NotificationManagementService {
  constructor(
    private readonly db: Database,
    private readonly deliveryStatus: DeliveryStatusService,
    private readonly sessionMessaging: SessionMessaging,
  ) {}

  async getStatus(): Promise<NotificationStatusResponse> {
    const status = await this.deliveryStatus.getStatus();
    return {
      emailServiceAvailable: status.email.isConfigured,
      smsServiceAvailable: status.sms.isConfigured,
      status,
    };
  }

  async listMembers(): Promise<NotifiableMember[]> {
    const rows = await listActiveMembersForNotifications(this.db);
    return rows.map((row) => ({
      id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      phoneNumber: row.phone,
      hasSmsPhone: row.phone !== null && normalizePhoneNumber(row.phone) !== null,
      preferences: toFlags(row),
    }));
  }

  async listSessions(): Promise<NotifiableSession[]> {
    const rows = await listNotifiableSessions(this.db);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      status: row.status as NotifiableSession['status'],
      startDate: row.startDate?.toISOString() ?? null,
      participantCount: Number(row.participantCount),
    }));
  }

  async sendTest(command: {
    userId: string;
    sessionId: string;
    type: NotificationChannel;
    customMessage: string | null;
  }): Promise<SendTestNotificationResponse> {
    if (!(await findActiveMember(this.db, command.userId))) throw notFound('User');
    await this.requireNotifiableSession(command.sessionId);
    const { recipient } = await this.sessionMessaging.sendTestMessage(command.userId, command.sessionId, {
      channel: command.type,
      customMessage: command.customMessage,
    });
    const noun = CHANNEL_NAMES[command.type].noun;
    return { message: `Test ${noun} queued for ${recipient}. ${this.describeDelivery(command.type)}`, recipient };
  }

  async sendSessionNotification(command: {
    sessionId: string;
    type: NotificationChannel;
    customMessage: string | null;
  }): Promise<SendSessionNotificationResponse> {
    await this.requireNotifiableSession(command.sessionId);
    const { queued, withoutAddress } = await this.sessionMessaging.sendSessionReminder(command.sessionId, {
      channel: command.type,
      customMessage: command.customMessage,
    });
    const noun = CHANNEL_NAMES[command.type].noun;
    const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
    const reason = command.type === 'email' ? 'no e-mail address' : 'no mobile number or SMS turned off';
    const left =
      withoutAddress > 0
        ? ` ${plural(withoutAddress, 'participant')} not reached (${reason}, or notifications turned off).`
        : '';
    const delivery = queued > 0 ? ` ${this.describeDelivery(command.type)}` : '';
    return { message: `${plural(queued, noun)} queued.${left}${delivery}`, queued, withoutAddress };
  }

  private describeDelivery(channel: NotificationChannel): string {
    return this.deliveryStatus.isConfigured(channel)
      ? 'Delivery begins within a minute.'
      : `${CHANNEL_NAMES[channel].setting} is not configured on the server, so messages stay queued until it is.`;
  }

  private async requireNotifiableSession(sessionId: string): Promise<void> {
    const status = await findSessionStatus(this.db, sessionId);
    if (status === undefined) throw notFound('Session');
    if (!(NOTIFIABLE_SESSION_STATUSES as readonly string[]).includes(status)) {
      throw badRequest(NOTIFICATION_SETTINGS_MESSAGES.sessionNotNotifiable);
    }
  }
}
