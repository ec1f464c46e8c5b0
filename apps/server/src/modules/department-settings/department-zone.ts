/**
 * The department's time zone in force (issue 16): the administrators' setting, else the default
 * (DEPARTMENT_TIMEZONE, else the server's own zone). Read on every message, deadline and sheet, so
 * it is kept in memory: `current()` answers at once (an engine step's transaction must not wait on
 * another query), and a value older than MAX_AGE_MS is read again in the background, so a zone saved
 * through another server process reaches this one within that time. A save through this process
 * applies at once.
 */
import type { Database } from '../../db/client.ts';
import { readTimeZoneSetting } from './department-settings.repository.ts';

const MAX_AGE_MS = 30_000;

export interface DepartmentZoneState {
  timeZone: string;
  source: 'setting' | 'default';
  updatedAt: Date | null;
}

/** Where a service reads the zone from: anything with `current()` (tests may pass a fixed one). */
export interface TimeZoneSource {
  current(): string;
  /** The zone after reading the setting if it is stale: for callers that may wait (a request). */
  read(): Promise<string>;
}

/** A zone that never changes: tests and tools that have no database. */
export function fixedTimeZone(timeZone: string): TimeZoneSource {
  return { current: () => timeZone, read: async () => timeZone };
}

/** The zone the server runs in, for the default when DEPARTMENT_TIMEZONE is not set. */
export function serverTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export class DepartmentZone implements TimeZoneSource {
  private state: DepartmentZoneState;
  private readAt = Number.NEGATIVE_INFINITY;
  private pending: Promise<DepartmentZoneState> | null = null;

  constructor(
    private readonly db: Database,
    readonly defaultTimeZone: string,
    private readonly now: () => number = Date.now,
  ) {
    this.state = { timeZone: defaultTimeZone, source: 'default', updatedAt: null };
  }

  current(): string {
    if (this.isStale()) void this.refresh().catch(() => undefined);
    return this.state.timeZone;
  }

  async read(): Promise<string> {
    return (await this.readState()).timeZone;
  }

  /** The zone with where it comes from, read again when stale; a failed read keeps the last value. */
  async readState(): Promise<DepartmentZoneState> {
    if (!this.isStale()) return this.state;
    try {
      return await this.refresh();
    } catch {
      return this.state;
    }
  }

  /** After a save through this process: in force at once, here. */
  remember(timeZone: string, updatedAt: Date): void {
    this.state = { timeZone, source: 'setting', updatedAt };
    this.readAt = this.now();
  }

  /** After the saved zone was cleared through this process: the default, here, at once. */
  forget(): void {
    this.state = { timeZone: this.defaultTimeZone, source: 'default', updatedAt: null };
    this.readAt = this.now();
  }

  private isStale(): boolean {
    return this.now() - this.readAt >= MAX_AGE_MS;
  }

  /** One read at a time; its answer replaces the value. */
  refresh(): Promise<DepartmentZoneState> {
    this.pending ??= readTimeZoneSetting(this.db)
      .then((saved) => {
        this.state = saved
          ? { timeZone: saved.timeZone, source: 'setting', updatedAt: saved.updatedAt }
          : { timeZone: this.defaultTimeZone, source: 'default', updatedAt: null };
        this.readAt = this.now();
        return this.state;
      })
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }
}
