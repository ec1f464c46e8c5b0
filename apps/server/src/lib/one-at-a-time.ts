/**
 * Runs jobs one at a time, in the order they came, with a bounded number waiting: the spreadsheet
 * parses (lib/spreadsheet.ts), so that the server's memory holds one parse at most, however many
 * imports arrive together. A job past the waiting room is not started: `run` answers `undefined`
 * at once, and the caller refuses it.
 */
export class OneAtATime {
  private isRunning = false;
  /** Jobs inside `job()` right now: one at most, which `peaks.running` lets a test check. */
  private runningCount = 0;
  private readonly waiting: (() => void)[] = [];
  /** The most jobs that ran at once, and waited at once, since `resetPeaks` (for tests and logs). */
  readonly peaks = { running: 0, waiting: 0 };

  constructor(private readonly maxWaiting: number) {}

  get waitingCount(): number {
    return this.waiting.length;
  }

  /** Runs `job` when its turn comes; `undefined` without running it when the waiting room is full. */
  async run<T>(job: () => Promise<T>): Promise<{ result: T } | undefined> {
    if (this.isRunning) {
      if (this.waiting.length >= this.maxWaiting) return undefined;
      await new Promise<void>((resolve) => {
        this.waiting.push(resolve);
        this.peaks.waiting = Math.max(this.peaks.waiting, this.waiting.length);
      });
    }
    // The slot is this job's now: taken here, or handed over by the job before it.
    this.isRunning = true;
    this.runningCount++;
    this.peaks.running = Math.max(this.peaks.running, this.runningCount);
    try {
      return { result: await job() };
    } finally {
      this.runningCount--;
      const next = this.waiting.shift();
      if (next) next();
      else this.isRunning = false;
    }
  }

  resetPeaks(): void {
    this.peaks.running = 0;
    this.peaks.waiting = 0;
  }
}
