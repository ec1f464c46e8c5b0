/**
 * The reminder scheduler: every ~30 seconds it queues the reminders that have come due, the
 * "about 5 minutes before your turn" SMS of active sessions and the day-before e-mail of scheduled
 * ones (session-messages). Idempotent: each reminder has a dedupe key in the outbox and a mark on
 * its participant or session, so a second tick, a second process or a restart never queues it
 * twice. Built with every app and started only by the server process; tests call `tick()` with a
 * manual clock.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { SessionMessagesService } from '../modules/session-messages/session-messages.service.ts';

export interface ReminderTickReport {
  turnReminders: number;
  dayBeforeReminders: number;
}

export class ReminderScheduler {
  private timer: NodeJS.Timeout | undefined;
  private isRunning = false;
  private tickInFlight: Promise<ReminderTickReport> | undefined;

  constructor(
    private readonly sessionMessages: SessionMessagesService,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = 30_000,
  ) {}

  /** Ticks on a timer until `stop()`. The timer never keeps the process alive by itself. */
  start(): void {
    if (this.isRunning) return;
    this.isRunning = true;
    this.schedule(0);
  }

  /** Stops the timer and waits for a tick in flight. */
  async stop(): Promise<void> {
    this.isRunning = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.tickInFlight?.catch(() => undefined);
  }

  /** Queues the reminders due at the clock's now. A tick asked for while one runs shares it. */
  tick(): Promise<ReminderTickReport> {
    this.tickInFlight ??= this.runTick().finally(() => {
      this.tickInFlight = undefined;
    });
    return this.tickInFlight;
  }

  private schedule(delayMs: number): void {
    if (!this.isRunning) return;
    this.timer = setTimeout(() => {
      this.tick()
        .catch((error: unknown) => this.log.error({ err: error }, 'reminder scheduler: tick failed'))
        .finally(() => this.schedule(this.intervalMs));
    }, delayMs);
    this.timer.unref();
  }

  private async runTick(): Promise<ReminderTickReport> {
    const turnReminders = await this.sessionMessages.queueTurnReminders();
    const dayBeforeReminders = await this.sessionMessages.queueDayBeforeReminders();
    if (turnReminders + dayBeforeReminders > 0) {
      this.log.info({ turnReminders, dayBeforeReminders }, 'reminders queued');
    }
    return { turnReminders, dayBeforeReminders };
  }
}
