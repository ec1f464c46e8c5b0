/**
 * What every background job of the server shares (the turn clock, the outbox worker, the reminder
 * scheduler): `start()` ticks on a timer until `stop()`, one tick at a time; `tick()` runs one now
 * (tests call it with a manual clock). The timer never keeps the process alive by itself, and
 * `stop()` waits for a tick in flight, so the database can close after it. `status` tells the
 * readiness check (GET /api/health/ready) whether the job runs and when a tick last succeeded.
 *
 * A tick that throws is reported to the app's OutageLog, not logged each time: a job retrying
 * every 250 ms through a database outage writes one line when it starts, a reminder a minute and
 * one when it ends (outage-log.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import { OutageLog } from './outage-log.ts';

/** Where a job stands, in wall-clock time (not the app's clock, which tests move by hand). */
export interface PeriodicJobStatus {
  /** `idle`: never started in this process (tests, benchmarks); `stopped`: started, then stopped. */
  state: 'idle' | 'running' | 'stopped';
  /** When `start()` was last called. */
  startedAt: Date | undefined;
  /** When the last tick that did not throw ended. */
  lastTickAt: Date | undefined;
  /** Time between the end of one tick and the start of the next. */
  intervalMs: number;
  /** When the tick under way started; undefined between ticks. */
  tickStartedAt: Date | undefined;
  /** When the first of the ticks failing since the last good one failed; undefined while they work. */
  failingSince: Date | undefined;
}

export abstract class PeriodicJob<Report> {
  private timer: NodeJS.Timeout | undefined;
  private isRunning = false;
  private tickInFlight: Promise<Report> | undefined;
  private startedAt: Date | undefined;
  private lastTickAt: Date | undefined;
  private tickStartedAt: Date | undefined;
  private failingSince: Date | undefined;
  /** A wake-up came while a tick ran: the next tick starts at once, not after the interval. */
  private isWakeRequested = false;

  protected constructor(
    /** Names the job in the log, e.g. "turn clock". */
    private readonly jobName: string,
    /** Time between the end of one tick and the start of the next. */
    private readonly intervalMs: number,
    protected readonly log: FastifyBaseLogger,
    /** The app's one OutageLog (app.ts); a job built alone makes its own. */
    private outageLog: OutageLog = new OutageLog(log),
  ) {}

  /** Reports this job's failures to the app's OutageLog (for a job whose constructor takes none). */
  reportOutagesTo(outageLog: OutageLog): void {
    this.outageLog = outageLog;
  }

  /** Where this job's failures go; also for failures a tick catches itself (one session, one message). */
  protected get outages(): OutageLog {
    return this.outageLog;
  }

  /** Ticks on a timer until `stop()`. */
  start(): void {
    if (this.isRunning) return;
    this.isRunning = true;
    this.startedAt = new Date();
    this.schedule(0);
  }

  /** Stops the timer and waits for a tick in flight. */
  async stop(): Promise<void> {
    this.isRunning = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.tickInFlight?.catch(() => undefined);
  }

  /** Something is due now: a started job ticks at once (or right after the tick in flight). */
  wake(): void {
    if (!this.isRunning) return;
    if (this.tickInFlight) {
      this.isWakeRequested = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.schedule(0);
  }

  /** Does the job's work due at the clock's now. A tick asked for while one runs shares it, so ticks never overlap. */
  tick(): Promise<Report> {
    if (this.tickInFlight) return this.tickInFlight;
    this.tickStartedAt = new Date();
    this.tickInFlight = this.runTick()
      .then(
        (report) => {
          this.lastTickAt = new Date();
          this.failingSince = undefined;
          this.outageLog.succeeded(this.source);
          return report;
        },
        (error: unknown) => {
          this.failingSince ??= new Date();
          this.outageLog.failed(this.source, error);
          throw error;
        },
      )
      .finally(() => {
        this.tickInFlight = undefined;
        this.tickStartedAt = undefined;
      });
    return this.tickInFlight;
  }

  get status(): PeriodicJobStatus {
    const state = this.isRunning ? 'running' : this.startedAt ? 'stopped' : 'idle';
    return {
      state,
      startedAt: this.startedAt,
      lastTickAt: this.lastTickAt,
      intervalMs: this.intervalMs,
      tickStartedAt: this.tickStartedAt,
      failingSince: this.failingSince,
    };
  }

  /** What failed, as the outage log names it: "turn clock tick". */
  private get source(): string {
    return `${this.jobName} tick`;
  }

  protected abstract runTick(): Promise<Report>;

  private schedule(delayMs: number): void {
    if (!this.isRunning) return;
    this.timer = setTimeout(() => {
      this.tick()
        // Reported to the outage log by tick() itself.
        .catch(() => undefined)
        .finally(() => {
          const delayMs = this.isWakeRequested ? 0 : this.intervalMs;
          this.isWakeRequested = false;
          this.schedule(delayMs);
        });
    }, delayMs);
    this.timer.unref();
  }
}
