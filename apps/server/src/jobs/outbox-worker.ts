/**
 * The outbox worker: delivers the e-mail, SMS and Web Push that the rest of the app queues in the outbox
 * table, in the same transaction as the change that causes them (docs/decisions/010-outbox-delivery.md).
 *
 * Every channel has a lane of its own (decision 017): its own timer, its own claims and a few sends
 * in flight at once, so no recipient, channel or provider can hold up another's messages. An SMTP
 * server that hangs holds e-mail only; a push endpoint that never answers holds one push slot
 * until its short timeout, and then backs off by itself (push-sender.ts). Within a lane, a turn
 * starting or coming up goes before everything else, and reminders go last (message-priority.ts).
 *
 * A lane claims due rows in one short statement (SKIP LOCKED; the row becomes 'sending' with a
 * lease), lets that commit, sends over the network with no transaction open, and then records the
 * outcome: 'sent' with the time, another try after a growing pause, or 'failed' with the last
 * error once the attempts are used up. A row left 'sending' by a crash is claimed again when its
 * lease ends, so nothing queued is lost; a message goes out twice only if the process dies
 * between the provider accepting it and the outcome being written.
 *
 * A channel with no configuration has no lane: its messages stay queued (logged once) until the
 * server starts with that channel configured. Tests call `tick()` with a manual clock.
 */

import { plural } from '@stationbid/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';
import type { Clock } from '../lib/clock.ts';
import {
  DeliveryDeferred,
  DeliveryError,
  type MessageSender,
  SMTP_CONNECTIONS,
} from '../modules/delivery/message-senders.ts';
import {
  claimDueMessages,
  countQueuedMessages,
  type OutboxChannel,
  type OutboxRow,
  recordAttemptOutcome,
} from '../modules/delivery/outbox.repository.ts';
import { OutageLog } from './outage-log.ts';
import { PeriodicJob, type PeriodicJobStatus } from './periodic-job.ts';

/** Pauses after the 1st, 2nd, ... failed attempt; the last one repeats. */
export const OUTBOX_RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 60 * 60_000, 2 * 60 * 60_000];

/**
 * Sends in flight at once per channel. E-mail matches the SMTP pool's connections; push is wider,
 * because a push service answers in milliseconds and a slot taken by an endpoint that does not
 * answer is held until the push timeout.
 */
export const LANE_CONCURRENCY: Record<OutboxChannel, number> = {
  email: SMTP_CONNECTIONS,
  sms: 4,
  push: 16,
  // An endpoint that never answers holds a slot for the 10 s webhook deadline; a department has few.
  webhook: 4,
};

/**
 * Time between the end of one lane's tick and the start of the next. A lane claims with one indexed
 * statement, so polling often costs little, and it bounds how late a "your turn" leaves.
 */
export const LANE_INTERVAL_MS = 500;

export interface OutboxWorkerOptions {
  intervalMs?: number;
  /** Attempts before a message is given up on ('failed'). */
  maxAttempts?: number;
  /** How long a claim lasts; must exceed the longest send (SMTP times out after 30 s). */
  leaseMs?: number;
  /** Sends in flight at once, per channel. */
  concurrency?: Partial<Record<OutboxChannel, number>>;
  /** Messages a lane handles in one tick before it lets the next tick start. */
  messagesPerTick?: number;
  /** The app's one OutageLog, shared by the lanes; without it the worker makes its own. */
  outageLog?: OutageLog;
}

export interface OutboxTickReport {
  sent: number;
  /** Failed attempts that will be tried again. */
  retrying: number;
  /** Messages given up on in this tick. */
  failed: number;
}

export type OutboxSenders = Partial<Record<OutboxChannel, MessageSender>>;

const CHANNEL_NAMES: Record<OutboxChannel, string> = { email: 'e-mail', sms: 'SMS', push: 'push', webhook: 'webhook' };
const CHANNELS: readonly OutboxChannel[] = ['email', 'sms', 'push', 'webhook'];

export class OutboxWorker {
  private readonly lanes: DeliveryLane[];
  private readonly loggedUnconfigured = new Set<OutboxChannel>();
  private readonly outageLog: OutageLog;

  constructor(
    private readonly db: Database,
    clock: Clock,
    private readonly senders: OutboxSenders,
    private readonly log: FastifyBaseLogger,
    options: OutboxWorkerOptions = {},
  ) {
    this.outageLog = options.outageLog ?? new OutageLog(log);
    this.lanes = this.configuredChannels.map(
      (channel) =>
        new DeliveryLane(db, clock, channel, senders[channel] as MessageSender, log, this.outageLog, {
          intervalMs: options.intervalMs ?? LANE_INTERVAL_MS,
          maxAttempts: options.maxAttempts ?? 8,
          leaseMs: options.leaseMs ?? 10 * 60_000,
          concurrency: options.concurrency?.[channel] ?? LANE_CONCURRENCY[channel],
          messagesPerTick: options.messagesPerTick ?? 200,
        }),
    );
  }

  /** Channels with a sender, i.e. configured. */
  get configuredChannels(): OutboxChannel[] {
    return CHANNELS.filter((channel) => this.senders[channel] !== undefined);
  }

  start(): void {
    void this.logUnconfiguredChannelsOnce().catch((error: unknown) => {
      if (isDatabaseUnavailable(error)) {
        this.outageLog.failed('outbox worker: counting the messages of unconfigured channels', error);
      } else {
        this.log.error({ err: error }, 'outbox worker: could not count the messages of unconfigured channels');
      }
    });
    for (const lane of this.lanes) lane.start();
  }

  /**
   * Messages were just queued (a step committed): the lanes claim them now rather than at their
   * next tick, so a turn's notice leaves within milliseconds. Only while started.
   */
  wake(): void {
    for (const lane of this.lanes) lane.wake();
  }

  /** Stops every lane, waits for the sends in flight and closes the senders' connections. */
  async stop(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => lane.stop()));
    await Promise.all(this.configuredChannels.map((channel) => this.senders[channel]?.close()));
  }

  /** Every lane delivers what is due at the clock's now, side by side; their reports added up. */
  async tick(): Promise<OutboxTickReport> {
    await this.logUnconfiguredChannelsOnce();
    const reports = await Promise.all(this.lanes.map((lane) => lane.tick()));
    return reports.reduce(
      (total, report) => ({
        sent: total.sent + report.sent,
        retrying: total.retrying + report.retrying,
        failed: total.failed + report.failed,
      }),
      { sent: 0, retrying: 0, failed: 0 },
    );
  }

  /**
   * The lanes' status as one job's: running while any lane runs; the oldest of their last ticks,
   * the oldest tick under way and the earliest failure since a good tick.
   */
  get status(): PeriodicJobStatus {
    const statuses = this.lanes.map((lane) => lane.status);
    const running = statuses.some((status) => status.state === 'running');
    const started = statuses.some((status) => status.startedAt !== undefined);
    const lastTicks = statuses.map((status) => status.lastTickAt?.getTime());
    const oldestTick = lastTicks.some((time) => time === undefined) ? undefined : Math.min(...(lastTicks as number[]));
    const earliest = (dates: (Date | undefined)[]) => {
      const times = dates.filter((date): date is Date => date !== undefined).map((date) => date.getTime());
      return times.length > 0 ? new Date(Math.min(...times)) : undefined;
    };
    return {
      state: running ? 'running' : started ? 'stopped' : 'idle',
      startedAt: statuses.find((status) => status.startedAt)?.startedAt,
      lastTickAt: oldestTick === undefined || !Number.isFinite(oldestTick) ? undefined : new Date(oldestTick),
      intervalMs: Math.max(0, ...statuses.map((status) => status.intervalMs)),
      tickStartedAt: earliest(statuses.map((status) => status.tickStartedAt)),
      failingSince: earliest(statuses.map((status) => status.failingSince)),
    };
  }

  /** The pause before the next attempt, after `attempts` attempts failed. */
  retryDelayMs(attempts: number): number {
    return retryDelayMs(attempts);
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
        `${CHANNEL_NAMES[channel]} not configured: ${plural(queued, 'message')} ${queued === 1 ? 'stays' : 'stay'} queued until ${setting} is set`,
      );
    }
  }
}

function retryDelayMs(attempts: number): number {
  const index = Math.min(Math.max(attempts, 1), OUTBOX_RETRY_DELAYS_MS.length) - 1;
  return OUTBOX_RETRY_DELAYS_MS[index] ?? 60_000;
}

interface LaneOptions {
  intervalMs: number;
  maxAttempts: number;
  leaseMs: number;
  concurrency: number;
  messagesPerTick: number;
}

/**
 * One channel's deliveries. A tick keeps up to `concurrency` sends in flight: it claims as many
 * due messages as it has free slots, most urgent first, and claims again whenever a send ends, or
 * every `CLAIM_AGAIN_MS` while a slow send holds a slot, so a message queued meanwhile does not
 * wait behind it. It ends when nothing is due and nothing is in flight.
 */
class DeliveryLane extends PeriodicJob<OutboxTickReport> {
  /** How often a tick with a free slot looks for new messages while sends are in flight. */
  private static readonly CLAIM_AGAIN_MS = 100;
  /** Set by `stop()`: a tick in flight finishes the messages in hand and claims no more. */
  private isStopping = false;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly channel: OutboxChannel,
    private readonly sender: MessageSender,
    log: FastifyBaseLogger,
    outageLog: OutageLog,
    private readonly options: LaneOptions,
  ) {
    super(`outbox worker (${CHANNEL_NAMES[channel]})`, options.intervalMs, log, outageLog);
  }

  override async stop(): Promise<void> {
    this.isStopping = true;
    await super.stop();
  }

  protected async runTick(): Promise<OutboxTickReport> {
    const report: OutboxTickReport = { sent: 0, retrying: 0, failed: 0 };
    const inFlight = new Set<Promise<void>>();
    let claimedInTick = 0;
    let isDrained = false;
    while (!this.isStopping) {
      const freeSlots = Math.min(
        this.options.concurrency - inFlight.size,
        this.options.messagesPerTick - claimedInTick,
      );
      if (freeSlots > 0 && !isDrained) {
        const now = this.clock.now();
        const claimed = await claimDueMessages(this.db, {
          channel: this.channel,
          now,
          leaseEndsAt: new Date(now.getTime() + this.options.leaseMs),
          limit: freeSlots,
        });
        claimedInTick += claimed.length;
        for (const message of claimed) {
          const send: Promise<void> = this.deliver(message, report).finally(() => inFlight.delete(send));
          inFlight.add(send);
        }
        // Nothing more due: the sends in flight are the tick's last, unless one frees a slot
        // for a message queued meanwhile (looked for again below).
        isDrained = claimed.length < freeSlots;
      }
      if (inFlight.size === 0) {
        if (isDrained || claimedInTick >= this.options.messagesPerTick) break;
        continue;
      }
      await Promise.race([...inFlight, pause(DeliveryLane.CLAIM_AGAIN_MS)]);
      // A slot freed or time passed: what was queued meanwhile may be claimed now.
      isDrained = false;
    }
    await Promise.all(inFlight);
    return report;
  }

  private async deliver(message: OutboxRow, report: OutboxTickReport): Promise<void> {
    const claim = { id: message.id, attempts: message.attempts };
    let sendError: unknown;
    let isSent = false;
    try {
      await this.sender.send(message);
      isSent = true;
    } catch (error) {
      sendError = error;
    }
    // Recorded outside the send's try: a database error here must not count as a failed send
    // (that would send the message again); the lease covers the row.
    try {
      const isRecorded = await this.recordOutcome(message, claim, isSent, sendError, report);
      if (!isRecorded) {
        this.log.warn({ outboxId: message.id }, 'outbox: the claim ran out before the outcome was recorded');
      }
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        // The lease covers the row; the outage is reported once, not per message.
        this.outages.failed(`outbox worker (${CHANNEL_NAMES[this.channel]}): recording an outcome`, error);
      } else {
        this.log.error(
          { err: error, outboxId: message.id },
          'outbox: could not record the outcome; the lease covers it',
        );
      }
    }
  }

  private async recordOutcome(
    message: OutboxRow,
    claim: { id: string; attempts: number },
    isSent: boolean,
    sendError: unknown,
    report: OutboxTickReport,
  ): Promise<boolean> {
    const context = { outboxId: message.id, kind: message.kind, channel: message.channel };
    if (isSent) {
      report.sent += 1;
      this.log.info(context, 'outbox: message sent');
      return recordAttemptOutcome(this.db, claim, { status: 'sent', sentAt: this.clock.now() });
    }
    if (sendError instanceof DeliveryDeferred) {
      // Not an attempt: the recipient's own back-off (a device that stopped answering) holds it.
      return recordAttemptOutcome(this.db, claim, {
        status: 'deferred',
        nextAttemptAt: sendError.until,
        lastError: sendError.message,
      });
    }
    const lastError = sendError instanceof Error ? sendError.message : String(sendError);
    const isPermanent = sendError instanceof DeliveryError && sendError.isPermanent;
    const logContext = { ...context, attempts: message.attempts, error: lastError };
    if (isPermanent || message.attempts >= this.options.maxAttempts) {
      report.failed += 1;
      this.log.error(logContext, `outbox: ${CHANNEL_NAMES[this.channel]} message failed`);
      return recordAttemptOutcome(this.db, claim, { status: 'failed', lastError });
    }
    const nextAttemptAt = new Date(this.clock.now().getTime() + retryDelayMs(message.attempts));
    report.retrying += 1;
    this.log.warn({ ...logContext, nextAttemptAt }, 'outbox: sending failed; will retry');
    return recordAttemptOutcome(this.db, claim, { status: 'pending', nextAttemptAt, lastError });
  }
}

function pause(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds).unref());
}
