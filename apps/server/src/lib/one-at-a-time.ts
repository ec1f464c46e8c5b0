/**
 * Runs jobs one at a time, in the order they came (p-limit), with a bounded number waiting: the
 * spreadsheet parses (lib/spreadsheet.ts), so that the server's memory holds one parse at most,
 * however many imports arrive together. A job past the waiting room is not started: `run` answers
 * `undefined` at once, and the caller refuses it.
 */
import pLimit from 'p-limit';

export class OneAtATime {
  private readonly limit = pLimit(1);
  /** Jobs inside `job()` right now: one at most, which `peaks.running` lets a test check. */
  private runningCount = 0;
  /** The most jobs that ran at once, and waited at once, since `resetPeaks` (for tests and logs). */
  readonly peaks = { running: 0, waiting: 0 };

  constructor(private readonly maxWaiting: number) {}

  get waitingCount(): number {
    return this.limit.pendingCount;
  }

  /** Runs `job` when its turn comes; `undefined` without running it when the waiting room is full. */
  async run<T>(job: () => Promise<T>): Promise<{ result: T } | undefined> {
    // One running and `maxWaiting` waiting, counted together so a burst in one tick is bounded too.
    if (this.limit.activeCount + this.limit.pendingCount > this.maxWaiting) return undefined;
    const done = this.limit(async () => {
      this.runningCount++;
      this.peaks.running = Math.max(this.peaks.running, this.runningCount);
      try {
        return { result: await job() };
      } finally {
        this.runningCount--;
      }
    });
    this.peaks.waiting = Math.max(this.peaks.waiting, this.limit.pendingCount);
    return done;
  }

  resetPeaks(): void {
    this.peaks.running = 0;
    this.peaks.waiting = 0;
  }
}
