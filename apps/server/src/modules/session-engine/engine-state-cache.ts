/**
 * The participants and seats of recently stepped (or read) sessions, kept with the versions they
 * were read at (docs/decisions/008-engine-state-cache.md): the session's own version and the
 * engine data version of outside changes. A step, or the board (012-session-board.md), uses them
 * only when both counters, read now, are still those; otherwise it reads them afresh. One cache
 * per app, shared by the engine and the board, so a board after a step needs no read of its own.
 */
import type { EngineState } from '@stationbid/domain';

/** The two counters a kept state is valid for. */
export interface StateVersions {
  version: number;
  outsideVersion: number;
}

interface CachedState extends StateVersions {
  participants: EngineState['participants'];
  seats: EngineState['seats'];
}

/** A few sessions at most run at once; a department has one. */
const DEFAULT_MAX_SESSIONS = 8;

const isSame = (first: StateVersions, second: StateVersions) =>
  first.version === second.version && first.outsideVersion === second.outsideVersion;

/** Whether `first` are the counters of a later step than `second`. */
export const isNewer = (first: StateVersions, second: StateVersions) =>
  first.version > second.version || (first.version === second.version && first.outsideVersion > second.outsideVersion);

export class EngineStateCache {
  private readonly entries = new Map<string, CachedState>();

  constructor(private readonly maxSessions = DEFAULT_MAX_SESSIONS) {}

  /** The session's participants and seats when they were read at exactly `versions`. */
  get(sessionId: string, versions: StateVersions): CachedState | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry || !isSame(entry, versions)) return undefined;
    // Most recently used last, so the oldest is dropped first.
    this.entries.delete(sessionId);
    this.entries.set(sessionId, entry);
    return entry;
  }

  /** Keeps a state read (or written) at `versions`; never replaces a newer one. */
  set(sessionId: string, versions: StateVersions, state: Pick<EngineState, 'participants' | 'seats'>): void {
    const existing = this.entries.get(sessionId);
    if (existing && isNewer(existing, versions)) return;
    this.entries.delete(sessionId);
    this.entries.set(sessionId, { ...versions, participants: state.participants, seats: state.seats });
    while (this.entries.size > this.maxSessions) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** Whether a state newer than `versions` is kept: a step came after they were read. */
  hasNewer(sessionId: string, versions: StateVersions): boolean {
    const entry = this.entries.get(sessionId);
    return entry !== undefined && isNewer(entry, versions);
  }

  forget(sessionId: string): void {
    this.entries.delete(sessionId);
  }
}
