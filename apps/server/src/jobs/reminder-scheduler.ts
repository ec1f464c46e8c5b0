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
import type { OutageLog } from './outage-log.ts';
import { PeriodicJob } from './periodic-job.ts';

export interface ReminderTickReport {
  turnReminders: number;
  dayBeforeReminders: number;
}

export class ReminderScheduler extends PeriodicJob<ReminderTickReport> {
  constructor(
    private readonly sessionMessages: SessionMessagesService,
    log: FastifyBaseLogger,
    options: { intervalMs?: number; outageLog?: OutageLog } = {},
  ) {
    super('reminder scheduler', options.intervalMs ?? 30_000, log, options.outageLog);
  }

  protected async runTick(): Promise<ReminderTickReport> {
    const turnReminders = await this.sessionMessages.queueTurnReminders();
    const dayBeforeReminders = await this.sessionMessages.queueDayBeforeReminders();
    if (turnReminders + dayBeforeReminders > 0) {
      this.log.info({ turnReminders, dayBeforeReminders }, 'reminders queued');
    }
    return { turnReminders, dayBeforeReminders };
  }
}
