/**
 * One report per outage instead of one line per failed attempt. The background jobs retry every
 * few hundred milliseconds, so a database outage would otherwise write a line (with a query and a
 * stack) three times a second per job, and bury everything else in the log.
 *
 * An outage is written three ways:
 * - when it starts: one error line, saying what failed and what the database (or the error) said;
 * - while it lasts: one warn line every `reminderEveryMs` (a minute), with how long it has lasted
 *   and how many attempts failed;
 * - when it ends: one info line with how long it lasted.
 *
 * There are two kinds. Every failure that means "the database is unavailable" (db/errors.ts) joins
 * one shared database outage, whoever reports it: the turn clock, the outbox lanes, the reminder
 * scheduler, requests answered 503, the health probes. It ends when one of those that failed
 * succeeds again, or when the app's own probe (`probe`, a `select 1` once a second while the outage
 * lasts) gets an answer. Any other failure is its source's own: a job whose tick keeps throwing
 * has its own outage, with the error in full at the start, ended by its next good tick.
 *
 * One OutageLog per app (app.ts hands it to every job, the error handler and the health routes);
 * a job built alone (tests) makes its own. Times are wall-clock, not the app's clock.
 */
import type { FastifyBaseLogger } from 'fastify';
import { describeDatabaseError, isDatabaseUnavailable } from '../db/errors.ts';

export const OUTAGE_REMINDER_EVERY_MS = 60_000;
/** How often the app's probe asks the database while a database outage lasts. */
export const OUTAGE_PROBE_EVERY_MS = 1_000;

export interface OutageLogOptions {
  reminderEveryMs?: number;
  probeEveryMs?: number;
  /** Resolves when the database answers (`select 1` with a time limit); checked while an outage lasts. */
  probe?: () => Promise<void>;
  /** Wall-clock milliseconds (tests move it by hand). */
  now?: () => number;
}

/** What the readiness check and a test may read about the database outage under way. */
export interface DatabaseOutageStatus {
  since: Date;
  failedAttempts: number;
}

interface Outage {
  startedAt: number;
  lastLineAt: number;
  failedAttempts: number;
  /** Failed attempts per source, for the reminder. */
  bySource: Map<string, number>;
  lastError: string;
}

const DATABASE = 'database';

export class OutageLog {
  private readonly outages = new Map<string, Outage>();
  private readonly reminderEveryMs: number;
  private readonly probeEveryMs: number;
  private readonly now: () => number;
  private probeTimer: NodeJS.Timeout | undefined;
  private isProbing = false;
  private isStopped = false;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly options: OutageLogOptions = {},
  ) {
    this.reminderEveryMs = options.reminderEveryMs ?? OUTAGE_REMINDER_EVERY_MS;
    this.probeEveryMs = options.probeEveryMs ?? OUTAGE_PROBE_EVERY_MS;
    this.now = options.now ?? Date.now;
  }

  /**
   * An attempt by `source` (e.g. "turn clock tick") failed. Writes a line only when this starts an
   * outage, or when the last line about it is older than the reminder interval.
   */
  failed(source: string, error: unknown): void {
    const isDatabase = isDatabaseUnavailable(error);
    const key = isDatabase ? DATABASE : source;
    const now = this.now();
    const { code, message } = isDatabase
      ? describeDatabaseError(error)
      : { code: undefined, message: error instanceof Error ? error.message : String(error) };
    const lastError = code ? `${code}: ${message}` : message;
    const outage = this.outages.get(key);
    if (!outage) {
      this.outages.set(key, {
        startedAt: now,
        lastLineAt: now,
        failedAttempts: 1,
        bySource: new Map([[source, 1]]),
        lastError,
      });
      if (isDatabase) {
        // The driver's code and message, never drizzle's "Failed query: <SQL> params: ..." nor a stack.
        this.log.error(
          { outage: DATABASE, source, code, databaseMessage: message },
          `database unavailable (${lastError}); first failure: ${source}. Retrying, with a reminder every ${describeDuration(this.reminderEveryMs)} until it answers`,
        );
        this.startProbing();
      } else {
        this.log.error(
          { outage: source, err: error },
          `${source} failed. Retrying, with a reminder every ${describeDuration(this.reminderEveryMs)} while it fails`,
        );
      }
      return;
    }
    outage.failedAttempts += 1;
    outage.bySource.set(source, (outage.bySource.get(source) ?? 0) + 1);
    outage.lastError = lastError;
    this.remindIfDue(key, outage, now);
  }

  /**
   * An attempt by `source` worked. Ends `source`'s own outage; ends the database outage too when
   * `source` failed in it (it has reached the database since).
   */
  succeeded(source: string): void {
    const own = this.outages.get(source);
    if (own) this.end(source, own, `${source} works again`);
    const database = this.outages.get(DATABASE);
    if (database?.bySource.has(source)) this.end(DATABASE, database, 'database available again');
  }

  /**
   * `log`, with its error and warn lines about an unavailable database folded into the database
   * outage (the line's message names the source), for parts that retry and log on their own
   * (the live events' listener, which tries again every second). Every other line passes.
   */
  folding(log: FastifyBaseLogger): FastifyBaseLogger {
    const outageLog = this;
    return new Proxy(log, {
      get(target, property) {
        if (property === 'child') {
          return (...args: Parameters<FastifyBaseLogger['child']>) => outageLog.folding(target.child(...args));
        }
        if (property === 'error' || property === 'warn') {
          const write = target[property].bind(target) as (...args: unknown[]) => void;
          return (first: unknown, ...rest: unknown[]) => {
            const error =
              first instanceof Error
                ? first
                : first && typeof first === 'object'
                  ? (first as { err?: unknown }).err
                  : undefined;
            if (error !== undefined && isDatabaseUnavailable(error)) {
              outageLog.failed(typeof rest[0] === 'string' ? rest[0] : 'a background task', error);
              return;
            }
            write(first, ...rest);
          };
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }

  /** The database outage under way, if any. */
  get databaseOutage(): DatabaseOutageStatus | undefined {
    const outage = this.outages.get(DATABASE);
    return outage ? { since: new Date(outage.startedAt), failedAttempts: outage.failedAttempts } : undefined;
  }

  /** At app close: no more probing. An outage still open is not reported as ended. */
  stop(): void {
    this.isStopped = true;
    if (this.probeTimer) clearTimeout(this.probeTimer);
    this.probeTimer = undefined;
  }

  private remindIfDue(key: string, outage: Outage, now: number): void {
    if (now - outage.lastLineAt < this.reminderEveryMs) return;
    outage.lastLineAt = now;
    const durationMs = now - outage.startedAt;
    const bySource = Object.fromEntries(outage.bySource);
    const counts = [...outage.bySource].map(([source, count]) => `${source} ${count}`).join(', ');
    const subject = key === DATABASE ? 'database still unavailable' : `${key} still failing`;
    this.log.warn(
      { outage: key, durationMs, failedAttempts: outage.failedAttempts, bySource, lastError: outage.lastError },
      `${subject} after ${describeDuration(durationMs)}: ${outage.failedAttempts} attempts failed (${counts}); last error ${outage.lastError}`,
    );
  }

  private end(key: string, outage: Outage, what: string): void {
    this.outages.delete(key);
    const durationMs = this.now() - outage.startedAt;
    this.log.info(
      { outage: key, durationMs, failedAttempts: outage.failedAttempts },
      `${what} after ${describeDuration(durationMs)}; ${outage.failedAttempts} attempts failed meanwhile`,
    );
  }

  /** While a database outage lasts: asks the database itself, so the end is seen even with no job running. */
  private startProbing(): void {
    const { probe } = this.options;
    if (!probe || this.probeTimer || this.isStopped) return;
    const check = async () => {
      this.probeTimer = undefined;
      const outage = this.outages.get(DATABASE);
      if (!outage || this.isStopped || this.isProbing) return;
      this.isProbing = true;
      try {
        await probe();
        const current = this.outages.get(DATABASE);
        if (current) this.end(DATABASE, current, 'database available again');
      } catch {
        // Still down: only the reminder, when due, says so.
        const current = this.outages.get(DATABASE);
        if (current) this.remindIfDue(DATABASE, current, this.now());
      } finally {
        this.isProbing = false;
      }
      if (this.outages.has(DATABASE) && !this.isStopped) schedule();
    };
    const schedule = () => {
      this.probeTimer = setTimeout(() => void check(), this.probeEveryMs);
      this.probeTimer.unref();
    };
    schedule();
  }
}

/** "45 s", "2 min 5 s", "1 h 3 min". */
export function describeDuration(milliseconds: number): string {
  const seconds = Math.round(milliseconds / 1000);
  if (seconds < 60) return milliseconds < 1000 ? `${Math.max(0, Math.round(milliseconds))} ms` : `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 === 0 ? `${minutes} min` : `${minutes} min ${seconds % 60} s`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}
