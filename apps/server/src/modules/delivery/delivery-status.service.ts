/**
 * What an administrator needs to know about e-mail, SMS and Web Push delivery: whether each channel
 * is configured, when it last delivered, how many messages wait or were given up on, the devices
 * that receive pushes and those removed because their subscription expired, and the latest failures
 * with their reasons and whether they will be tried again. Read by the admin status screen
 * (`app.deliveryStatus.getStatus()`); a session's own notices are read through it too
 * (session-delivery.service.ts).
 */
import {
  type DeliveryChannel,
  type DeliveryChannelStatus,
  type DeliveryFailure,
  type DeliveryLog,
  type DeliveryStatus,
  type NextInQueue,
  RECENT_FAILURES_PER_CHANNEL,
} from '@stationbid/domain';
import type { Database } from '../../db/client.ts';
import {
  countOutboxByChannel,
  countPushDevices,
  countRemovedDevices,
  isDeviceRemovedError,
  listRecentFailures,
  type OutboxChannel,
} from './outbox.repository.ts';
import { readDeliveryLog, readNextInQueue } from './session-delivery.service.ts';

type FailureRow = Awaited<ReturnType<typeof listRecentFailures>>[number];

/** A push's `recipient` is a device's id: the administrator is shown whose device it was. */
function describeRecipient(failure: FailureRow): string {
  if (failure.channel !== 'push') return failure.recipient;
  if (failure.memberFirstName === null || failure.memberLastName === null) return 'A removed member’s device';
  return `${failure.memberFirstName} ${failure.memberLastName} (device)`;
}

function toDeliveryFailure(failure: FailureRow): DeliveryFailure {
  const willRetry = failure.status === 'pending';
  return {
    id: failure.id,
    // Webhook deliveries are listed apart (webhooks module); this lists e-mail, SMS and push only.
    channel: failure.channel as DeliveryChannel,
    kind: failure.kind,
    recipient: describeRecipient(failure),
    attempts: failure.attempts,
    lastError: failure.lastError ?? '',
    lastAttemptAt: failure.lastAttemptAt?.toISOString() ?? null,
    willRetry,
    nextAttemptAt: willRetry ? failure.nextAttemptAt.toISOString() : null,
    deviceRemoved: failure.channel === 'push' && isDeviceRemovedError(failure.lastError),
  };
}

export class DeliveryStatusService {
  constructor(
    private readonly db: Database,
    private readonly configuredChannels: readonly OutboxChannel[],
  ) {}

  isConfigured(channel: OutboxChannel): boolean {
    return this.configuredChannels.includes(channel);
  }

  /** A session's notices, newest first, optionally one member's or one channel's (GET /bid-sessions/:id/delivery-log). */
  sessionLog(
    sessionId: string,
    query: { memberId?: string | undefined; channel?: OutboxChannel | undefined; limit: number; offset: number },
  ): Promise<DeliveryLog> {
    return readDeliveryLog(this.db, sessionId, query);
  }

  /** The turn holder and the next ones, online or not, with their turn notices (GET /bid-sessions/:id/next-in-queue). */
  nextInQueue(sessionId: string, now: Date): Promise<NextInQueue> {
    return readNextInQueue(this.db, sessionId, now);
  }

  async getStatus(): Promise<DeliveryStatus> {
    const [{ counts, lastSent }, emailFailures, smsFailures, pushFailures, devices, removedDevices] = await Promise.all(
      [
        countOutboxByChannel(this.db),
        listRecentFailures(this.db, 'email', RECENT_FAILURES_PER_CHANNEL),
        listRecentFailures(this.db, 'sms', RECENT_FAILURES_PER_CHANNEL),
        listRecentFailures(this.db, 'push', RECENT_FAILURES_PER_CHANNEL),
        countPushDevices(this.db),
        countRemovedDevices(this.db),
      ],
    );
    const channelStatus = (channel: OutboxChannel): DeliveryChannelStatus => {
      const total = (statuses: string[]) =>
        counts
          .filter((row) => row.channel === channel && statuses.includes(row.status))
          .reduce((sum, row) => sum + Number(row.total), 0);
      const sentAt = lastSent.find((row) => row.channel === channel)?.lastSentAt;
      return {
        isConfigured: this.isConfigured(channel),
        lastSentAt: sentAt ? new Date(sentAt).toISOString() : null,
        queued: total(['pending', 'sending']),
        failed: total(['failed']),
      };
    };
    const recentFailures = [...emailFailures, ...smsFailures, ...pushFailures]
      .sort((first, second) => (second.lastAttemptAt?.getTime() ?? 0) - (first.lastAttemptAt?.getTime() ?? 0))
      .map(toDeliveryFailure);
    return {
      email: channelStatus('email'),
      sms: channelStatus('sms'),
      push: { ...channelStatus('push'), devices, removedDevices },
      recentFailures,
    };
  }
}
