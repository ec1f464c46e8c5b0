/**
 * The counters of each session (its version, the outside-change version, its status), known in
 * memory between reads, so that the reads every watcher polls (the board, the history, the
 * member's own place) cost no database round trip while nothing changes
 * (docs/decisions/014-session-versions-in-memory.md).
 *
 * What is known is forgotten as soon as something may have moved a counter:
 * - every live event (an engine step committed here, or in another process, heard through NOTIFY);
 * - every request that may write (any method but GET and HEAD), once its handler is done, so that
 *   an administrator's edit is seen by the very next read of this process.
 * What nobody announces (a background import, another process's edit of a station, SQL by hand) is
 * seen once the known counters are `maxAgeMs` old. Several reads that find nothing known share one
 * database read.
 */
import type { Database } from '../../db/client.ts';
import { readSessionVersions } from './engine-versions.repository.ts';

export type SessionVersions = NonNullable<Awaited<ReturnType<typeof readSessionVersions>>>;

/** The counters as one cache key: "<session version>.<outside version>". */
export const versionKey = (versions: { version: number; outsideVersion: number }) =>
  `${versions.version}.${versions.outsideVersion}`;

/** How old known counters may be when nothing announced a change: the bound on an unannounced write. */
export const SESSION_VERSIONS_MAX_AGE_MS = 1_000;

/** Far more sessions than a department shows at once; beyond it, the oldest are forgotten. */
const MAX_KNOWN_SESSIONS = 256;

interface Known {
  versions: SessionVersions | undefined;
  readAt: number;
}

export class SessionVersionTracker {
  private readonly known = new Map<string, Known>();
  private readonly reading = new Map<string, { generation: number; read: Promise<SessionVersions | undefined> }>();
  /**
   * Counts the times everything was forgotten. A read that started before and ends after may have
   * read what the change replaced, so its answer is used but not kept.
   */
  private generation = 0;

  constructor(
    private readonly db: Database,
    private readonly maxAgeMs = SESSION_VERSIONS_MAX_AGE_MS,
    /** Monotonic milliseconds: freshness is about real time, whatever the app's clock says. */
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The session's counters and status, or undefined for an unknown session. */
  async read(sessionId: string): Promise<SessionVersions | undefined> {
    const known = this.known.get(sessionId);
    if (known && this.now() - known.readAt <= this.maxAgeMs) return known.versions;
    const pending = this.reading.get(sessionId);
    if (pending && pending.generation === this.generation) return pending.read;
    const generation = this.generation;
    const readAt = this.now();
    const read = readSessionVersions(this.db, sessionId);
    this.reading.set(sessionId, { generation, read });
    try {
      const versions = await read;
      if (generation === this.generation) this.remember(sessionId, { versions, readAt });
      return versions;
    } finally {
      if (this.reading.get(sessionId)?.read === read) this.reading.delete(sessionId);
    }
  }

  /**
   * The session's counters when they are known and fresh, without a read; else undefined (then
   * `read` asks the database). For the polls answered before the route runs.
   */
  peek(sessionId: string): SessionVersions | undefined {
    const known = this.known.get(sessionId);
    return known && this.now() - known.readAt <= this.maxAgeMs ? known.versions : undefined;
  }

  /** Something committed that may have moved any session's counters: the next read asks the database. */
  forgetAll(): void {
    this.generation += 1;
    this.known.clear();
  }

  private remember(sessionId: string, known: Known): void {
    this.known.delete(sessionId);
    this.known.set(sessionId, known);
    if (this.known.size > MAX_KNOWN_SESSIONS) {
      const oldest = this.known.keys().next().value;
      if (oldest !== undefined) this.known.delete(oldest);
    }
  }
}
