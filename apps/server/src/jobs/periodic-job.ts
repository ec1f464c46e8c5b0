/**
 * What every background job of the server shares (the turn clock, the outbox worker, the reminder
 * scheduler): `start()` ticks on a timer until `stop()`, one tick at a time; `tick()` runs one now
 * (tests call it with a manual clock). The timer never keeps the process alive by itself, and
 * `stop()` waits for a tick in flight, so the database can close after it.
 */
import type { FastifyBaseLogger } from 'fastify';

export abstract class PeriodicJob<Report> {
  private timer: NodeJS.Timeout | undefined;
  private isRunning = false;
  private tickInFlight: Promise<Report> | undefined;

  protected constructor(
    /** Names the job in the log, e.g. "turn clock". */
    private readonly jobName: string,
    /** Time between the end of one tick and the start of the next. */
    private readonly intervalMs: number,
    protected readonly log: FastifyBaseLogger,
  ) {}

  /** Ticks on a timer until `stop()`. */
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

  /** Does the job's work due at the clock's now. A tick asked for while one runs shares it, so ticks never overlap. */
  tick(): Promise<Report> {
    this.tickInFlight ??= this.runTick().finally(() => {
      this.tickInFlight = undefined;
    });
    return this.tickInFlight;
  }

  protected abstract runTick(): Promise<Report>;

  private schedule(delayMs: number): void {
    if (!this.isRunning) return;
    this.timer = setTimeout(() => {
      this.tick()
        .catch((error: unknown) => this.log.error({ err: error }, `${this.jobName}: tick failed`))
        .finally(() => this.schedule(this.intervalMs));
    }, delayMs);
    this.timer.unref();
  }
}
