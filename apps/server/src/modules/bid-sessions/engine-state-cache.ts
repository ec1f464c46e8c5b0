/**
 * The participants and seats of recently stepped sessions, kept between steps with the engine data
 * version they were read at (docs/decisions/008-engine-state-cache.md). A step uses them only when
 * the version it reads under the session's lock is still that one, that is when nothing they were
 * read from has changed since, in this process or any other; otherwise it reads them afresh.
 */
import type { EngineState } from '@stationbid/domain';

interface CachedState {
  version: number;
  participants: EngineState['participants'];
  seats: EngineState['seats'];
}

/** A few sessions at most run at once; a department has one. */
const DEFAULT_MAX_SESSIONS = 8;

export class EngineStateCache {
  private readonly entries = new Map<string, CachedState>();

  constructor(private readonly maxSessions = DEFAULT_MAX_SESSIONS) {}

  /** The session's participants and seats when they were read at exactly `version`. */
  get(sessionId: string, version: number): CachedState | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry || entry.version !== version) return undefined;
    // Most recently used last, so the oldest is dropped first.
    this.entries.delete(sessionId);
    this.entries.set(sessionId, entry);
    return entry;
  }

  /** Keeps a state read (or written) at `version`; never replaces a newer one. */
  set(sessionId: string, version: number, state: Pick<EngineState, 'participants' | 'seats'>): void {
    const existing = this.entries.get(sessionId);
    if (existing && existing.version > version) return;
    this.entries.delete(sessionId);
    this.entries.set(sessionId, { version, participants: state.participants, seats: state.seats });
    while (this.entries.size > this.maxSessions) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  forget(sessionId: string): void {
    this.entries.delete(sessionId);
  }
}
