/**
 * "Seen" (online within 5 minutes, connected to a session within 2) without a write per request:
 * signed-in requests and live-stream heartbeats note their member here, in memory, and the notes
 * are written in one batched UPDATE every few seconds and when the app closes. A process that
 * crashes loses at most the last few seconds of notes, which only makes members look seen a little
 * earlier than they were.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { PeriodicJob } from '../../jobs/periodic-job.ts';
import { recordMembersSeen } from './users.repository.ts';

/** Well inside the 2-minute "connected" window, and rare enough to cost nothing. */
export const SEEN_FLUSH_INTERVAL_MS = 5_000;
/** Members per statement, so a flush stays under PostgreSQL's limit of parameters. */
const FLUSH_BATCH_SIZE = 1000;

export class SeenMembers extends PeriodicJob<number> {
  /** The latest time each member was seen since the last flush. */
  private pending = new Map<string, Date>();

  constructor(
    private readonly db: Database,
    log: FastifyBaseLogger,
  ) {
    super('seen members', SEEN_FLUSH_INTERVAL_MS, log);
  }

  record(memberId: string, at: Date): void {
    const noted = this.pending.get(memberId);
    if (!noted || noted < at) this.pending.set(memberId, at);
  }

  /** Writes what was noted; answers how many members. Notes of a failed write are kept for the next. */
  protected async runTick(): Promise<number> {
    if (this.pending.size === 0) return 0;
    const flushing = this.pending;
    this.pending = new Map();
    const entries = [...flushing];
    try {
      for (let start = 0; start < entries.length; start += FLUSH_BATCH_SIZE) {
        await recordMembersSeen(this.db, new Map(entries.slice(start, start + FLUSH_BATCH_SIZE)));
      }
    } catch (error) {
      for (const [memberId, at] of flushing) this.record(memberId, at);
      throw error;
    }
    return entries.length;
  }

  /**
   * Writes what is noted now, without waiting for the timer. A write already under way took its
   * notes before these, so another follows it when notes are left.
   */
  async flush(): Promise<void> {
    await this.tick();
    if (this.pending.size > 0) await this.tick();
  }

  /** At app close, before the database closes: stops the timer and writes what is left. */
  async flushAndStop(): Promise<void> {
    await this.stop();
    await this.flush().catch((error: unknown) => this.log.warn({ err: error }, 'seen members: last write failed'));
  }
}
