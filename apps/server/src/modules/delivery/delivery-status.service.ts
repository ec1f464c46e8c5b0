/**
 * What an administrator needs to know about e-mail and SMS delivery: whether each channel is
 * configured, when it last delivered, how many messages wait or were given up on, and the latest
 * failures with their reasons. Read by the admin status screen (`app.deliveryStatus.getStatus()`).
 */
import type { DeliveryChannelStatus, DeliveryStatus } from '@stationbid/domain';
import type { Database } from '../../db/client.ts';
import { countOutboxByChannel, listRecentFailures, type OutboxChannel } from './outbox.repository.ts';

export const RECENT_FAILURES_SHOWN = 20;

export class DeliveryStatusService {
  constructor(
    private readonly db: Database,
    private readonly configuredChannels: readonly OutboxChannel[],
  ) {}

  isConfigured(channel: OutboxChannel): boolean {
    return this.configuredChannels.includes(channel);
  }

  async getStatus(): Promise<DeliveryStatus> {
    const [{ counts, lastSent }, failures] = await Promise.all([
      countOutboxByChannel(this.db),
      listRecentFailures(this.db, RECENT_FAILURES_SHOWN),
    ]);
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
    return {
      email: channelStatus('email'),
      sms: channelStatus('sms'),
      recentFailures: failures.map((failure) => ({
        id: failure.id,
        // listRecentFailures reads e-mail and SMS only.
        channel: failure.channel as 'email' | 'sms',
        kind: failure.kind,
        recipient: failure.recipient,
        attempts: failure.attempts,
        lastError: failure.lastError ?? '',
        lastAttemptAt: failure.lastAttemptAt?.toISOString() ?? null,
        willRetry: failure.status === 'pending',
        nextAttemptAt: failure.status === 'pending' ? failure.nextAttemptAt.toISOString() : null,
      })),
    };
  }
}
