/**
 * The outbox worker: delivers the e-mail, SMS and Web Push that the rest of the app queues in the outbox
 * table, in the same transaction as the change that causes them (docs/decisions/010-outbox-delivery.md).
 *
 * Each tick claims due rows in one short statement (SKIP LOCKED; the row becomes 'sending' with a
 * lease), lets that commit, sends over the network with no transaction open, and then records the
 * outcome: 'sent' with the time, another try after a growing pause, or 'failed' with the last
 * error once the attempts are used up. A row left 'sending' by a crash is claimed again when its
 * lease ends, so nothing queued is lost; a message goes out twice only if the process dies
 * between the provider accepting it and the outcome being written.
 *
 * A channel with no configuration is never claimed: its messages stay queued (logged once) until
 * the server starts with that channel configured. Tests call `tick()` with a manual clock.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { DeliveryError, type MessageSender } from '../modules/delivery/message-senders.ts';
import {
  claimDueMessages,
  countQueuedMessages,
  type OutboxChannel,
  type OutboxRow,
  recordAttemptOutcome,
} from '../modules/delivery/outbox.repository.ts';
import { PeriodicJob } from './periodic-job.ts';

/** Pauses after the 1st, 2nd, ... failed attempt; the last one repeats. */
export const OUTBOX_RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 60 * 60_000, 2 * 60 * 60_000];

export interface OutboxWorkerOptions {
  /** Time between the end of one tick and the start of the next. */
  intervalMs?: number;
  /** Attempts before a message is given up on ('failed'). */
  maxAttempts?: number;
  /** How long a claim lasts; must exceed the longest send (senders time out after 30 s). */
  leaseMs?: number;
  /** Messages claimed at once; a tick keeps claiming until nothing is due or `messagesPerTick` is reached. */
  batchSize?: number;
  messagesPerTick?: number;
}

export interface OutboxTickReport {
  sent: number;
  /** Failed attempts that will be tried again. */
  retrying: number;
  /** Messages given up on in this tick. */
  failed: number;
}

export type OutboxSenders = Partial<Record<OutboxChannel, MessageSender>>;

const CHANNEL_NAMES: Record<OutboxChannel, string> = { email: 'e-mail', sms: 'SMS', push: 'push' };

export class OutboxWorker extends PeriodicJob<OutboxTickReport> {
  private readonly maxAttempts: number;
  private readonly leaseMs: number;
  private readonly batchSize: number;
  private readonly messagesPerTick: number;
  private readonly loggedUnconfigured = new Set<OutboxChannel>();
  /** Set by `stop()`: a tick in flight finishes the message in hand and claims no more. */
  private isStopping = false;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly senders: OutboxSenders,
    log: FastifyBaseLogger,
    options: OutboxWorkerOptions = {},
  ) {
    super('outbox worker', options.intervalMs ?? 2_000, log);
    this.maxAttempts = options.maxAttempts ?? 8;
    this.leaseMs = options.leaseMs ?? 10 * 60_000;
    this.batchSize = options.batchSize ?? 10;
    this.messagesPerTick = options.messagesPerTick ?? 200;
  }

  /** Channels with a sender, i.e. configured. */
  get configuredChannels(): OutboxChannel[] {
    return (Object.keys(this.senders) as OutboxChannel[]).filter((channel) => this.senders[channel] !== undefined);
  }

  /** Stops the timer, waits for a tick in flight and closes the senders' connections. */
  override async stop(): Promise<void> {
    this.isStopping = true;
    await super.stop();
    await Promise.all(this.configuredChannels.map((channel) => this.senders[channel]?.close()));
  }

  /** The pause before the next attempt, after `attempts` attempts failed. */
  retryDelayMs(attempts: number): number {
    const index = Math.min(Math.max(attempts, 1), OUTBOX_RETRY_DELAYS_MS.length) - 1;
    return OUTBOX_RETRY_DELAYS_MS[index] ?? 60_000;
  }

  /** Delivers what is due at the clock's now. */
  protected async runTick(): Promise<OutboxTickReport> {
    const report: OutboxTickReport = { sent: 0, retrying: 0, failed: 0 };
    await this.logUnconfiguredChannelsOnce();
    const channels = this.configuredChannels;
    let handled = 0;
    while (channels.length > 0 && handled < this.messagesPerTick && !this.isStopping) {
      const now = this.clock.now();
      const claimed = await claimDueMessages(this.db, {
        channels,
        now,
        leaseEndsAt: new Date(now.getTime() + this.leaseMs),
        limit: Math.min(this.batchSize, this.messagesPerTick - handled),
      });
      if (claimed.length === 0) break;
      for (const message of claimed) {
        await this.deliver(message, report);
        handled += 1;
      }
    }
    return report;
  }

  private async deliver(message: OutboxRow, report: OutboxTickReport): Promise<void> {
    const sender = this.senders[message.channel as OutboxChannel];
    if (!sender) return;
    const claim = { id: message.id, attempts: message.attempts };
    let sendError: unknown;
    let isSent = false;
    try {
      await sender.send(message);
      isSent = true;
    } catch (error) {
      sendError = error;
    }
    // Recorded outside the send's try: a database error here must not count as a failed send
    // (that would send the message again); the tick fails and the lease covers the row.
    let isRecorded: boolean;
    if (isSent) {
      isRecorded = await recordAttemptOutcome(this.db, claim, { status: 'sent', sentAt: this.clock.now() });
      report.sent += 1;
      this.log.info({ outboxId: message.id, kind: message.kind, channel: message.channel }, 'outbox: message sent');
    } else {
      const lastError = sendError instanceof Error ? sendError.message : String(sendError);
      const isPermanent = sendError instanceof DeliveryError && sendError.isPermanent;
      const logContext = { outboxId: message.id, kind: message.kind, attempts: message.attempts, error: lastError };
      if (isPermanent || message.attempts >= this.maxAttempts) {
        isRecorded = await recordAttemptOutcome(this.db, claim, { status: 'failed', lastError });
        report.failed += 1;
        this.log.error(logContext, `outbox: ${CHANNEL_NAMES[message.channel as OutboxChannel]} message failed`);
      } else {
        const nextAttemptAt = new Date(this.clock.now().getTime() + this.retryDelayMs(message.attempts));
        isRecorded = await recordAttemptOutcome(this.db, claim, { status: 'pending', nextAttemptAt, lastError });
        report.retrying += 1;
        this.log.warn({ ...logContext, nextAttemptAt }, 'outbox: sending failed; will retry');
      }
    }
    if (!isRecorded) {
      this.log.warn({ outboxId: message.id }, 'outbox: the claim ran out before the outcome was recorded');
    }
  }

  private async logUnconfiguredChannelsOnce(): Promise<void> {
    for (const channel of ['email', 'sms'] as const) {
      if (this.senders[channel] || this.loggedUnconfigured.has(channel)) continue;
      const queued = await countQueuedMessages(this.db, channel);
      if (queued === 0) continue;
      this.loggedUnconfigured.add(channel);
      const setting = channel === 'email' ? 'SMTP_URL' : 'SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM';
      this.log.warn(
        { channel, queued },
        `${CHANNEL_NAMES[channel]} not configured: ${queued} message(s) stay queued until ${setting} is set`,
      );
    }
  }
}
