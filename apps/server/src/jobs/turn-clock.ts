/**
 * The turn clock: processes expired turns and scheduled starts by itself, with no client asking
 * (bidding-rules.md, "When a turn's deadline passes").
 *
 * Every tick reads the deadlines stored in the database, so a restarted process carries on from
 * them, and several processes can run a clock each on one PostgreSQL: every session is locked with
 * SKIP LOCKED and checked again under the lock, so each deadline is processed exactly once and no
 * clock ever waits for another. Tests call `tick()` with a manual clock; `start()` runs it on a
 * timer in production.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';
import type { Clock } from '../lib/clock.ts';
import { listDueSessionIds } from '../modules/session-engine/due-sessions.repository.ts';
import type { DueSessionOutcome, SessionEngineService } from '../modules/session-engine/session-engine.service.ts';
import type { OutageLog } from './outage-log.ts';
import { PeriodicJob } from './periodic-job.ts';

export interface TurnClockOptions {
  /** Time between the end of one tick and the start of the next. */
  intervalMs?: number;
  /** Sessions looked at in one tick; the rest wait for the next one. */
  sessionsPerTick?: number;
  /**
   * Steps one session may take in one tick while it stays due (e.g. catching up after downtime,
   * when the next turn is due at once too). Bounded so one session cannot hold a tick forever.
   */
  stepsPerSessionPerTick?: number;
  /** The app's one OutageLog; without it the clock makes its own. */
  outageLog?: OutageLog;
}

export interface TickReport {
  /** Steps applied in this tick (expired turns and scheduled starts). */
  processed: number;
  /** Sessions skipped because another transaction held them. */
  busy: number;
  /** Sessions whose step failed; each failure is logged. */
  failed: number;
}

const DEFAULT_INTERVAL_MS = 250;

export class TurnClock extends PeriodicJob<TickReport> {
  private readonly sessionsPerTick: number;
  private readonly stepsPerSessionPerTick: number;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly sessionEngine: SessionEngineService,
    log: FastifyBaseLogger,
    options: TurnClockOptions = {},
  ) {
    super('turn clock', options.intervalMs ?? DEFAULT_INTERVAL_MS, log, options.outageLog);
    this.sessionsPerTick = options.sessionsPerTick ?? 100;
    this.stepsPerSessionPerTick = options.stepsPerSessionPerTick ?? 20;
  }

  protected async runTick(): Promise<TickReport> {
    const report: TickReport = { processed: 0, busy: 0, failed: 0 };
    const dueIds = await listDueSessionIds(this.db, this.clock.now(), this.sessionsPerTick);
    for (const sessionId of dueIds) {
      for (let step = 0; step < this.stepsPerSessionPerTick; step++) {
        let outcome: DueSessionOutcome;
        try {
          outcome = await this.sessionEngine.processDueSession(sessionId);
        } catch (error) {
          report.failed += 1;
          if (isDatabaseUnavailable(error)) {
            // Part of the outage the next tick reports too: counted there, not a line per session.
            this.outages.failed('turn clock: processing a due session', error);
          } else {
            this.log.error({ err: error, sessionId }, 'turn clock: processing a due session failed');
          }
          break;
        }
        if (outcome === 'busy') report.busy += 1;
        if (outcome !== 'processed') break;
        report.processed += 1;
      }
    }
    return report;
  }
}
