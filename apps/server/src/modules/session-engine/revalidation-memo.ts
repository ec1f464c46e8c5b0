/**
 * The ETag each member was last given at each polled address, and what it depends on, so that a
 * poll asking "has it changed?" can be answered 304 before the route runs
 * (docs/decisions/016-early-revalidation.md).
 *
 * A page without a live stream polls its board, its history and the member's own place every few
 * seconds, and between two steps every answer is the same. The route computes that from memory
 * already (decision 014), but the pipeline around it (parsing, validation, the handler, the
 * answer's check) cost about 60 % of a 304 (docs/performance.md). What is remembered here lets
 * the early hook skip it, and only while the route itself would give the same ETag:
 *
 * - it was given to this member, at this exact URL, by the route, after the route's own access
 *   checks;
 * - the session's counters known in memory now are those the answer was made at (unknown
 *   counters, after any change or write, mean "ask the route");
 * - it has not outlived the answer it names (`expiresAt`: an answer that also shows presence is
 *   made again after a while) nor `MAX_AGE_MS`;
 * - no access change (a sign-out, a deactivation, a role change) happened since: they clear it all.
 */
import type { Clock } from '../../lib/clock.ts';
import { type SessionVersionTracker, versionKey } from './session-versions.ts';

/** What the early hook needs to answer 304 as the route would. */
export interface RememberedAnswer {
  etag: string;
  /** The session whose counters the answer was made at, and those counters (`versionKey`). */
  sessionId: string;
  versionsKey: string;
  /** Whether the route's answer varies with Accept-Encoding (the shared, gzipped answers do). */
  variesWithEncoding: boolean;
  /** When the answer it names is made again regardless of the counters (clock milliseconds). */
  expiresAt?: number;
}

interface Entry extends RememberedAnswer {
  expiresAt: number;
}

/**
 * A safety net for anything the counters do not follow and nobody announces: the same bound as the
 * member cache's (modules/auth/member-cache.ts) and a member's kept place (own-places.ts).
 */
export const MAX_AGE_MS = 15_000;

/** Three polled addresses for every member of a department the size of Tokyo's, and some devices more. */
const DEFAULT_MAX_ENTRIES = 100_000;

export class RevalidationMemo {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly clock: Clock,
    /** The session's counters known in memory now (SessionVersionTracker). */
    private readonly versions: Pick<SessionVersionTracker, 'peek'>,
    private readonly maxEntries = DEFAULT_MAX_ENTRIES,
  ) {}

  /** Notes what the route answered `memberId` at `url`. */
  remember(memberId: string, url: string, answer: RememberedAnswer): void {
    const key = keyOf(memberId, url);
    const latest = this.clock.now().getTime() + MAX_AGE_MS;
    this.entries.delete(key);
    this.entries.set(key, { ...answer, expiresAt: Math.min(answer.expiresAt ?? latest, latest) });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** What the route would answer `memberId` at `url` now, if memory can tell; else undefined. */
  current(memberId: string, url: string): RememberedAnswer | undefined {
    const key = keyOf(memberId, url);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.clock.now().getTime() >= entry.expiresAt) {
      this.entries.delete(key);
      return undefined;
    }
    const versions = this.versions.peek(entry.sessionId);
    // Unknown counters (forgotten after a change, or too old) are not a change: the next full read
    // learns them, and the entry holds again if they did not move.
    return versions && versionKey(versions) === entry.versionsKey ? entry : undefined;
  }

  /** An access change (sign-out, deactivation, role, deletion): every answer is checked again by its route. */
  forgetAll(): void {
    this.entries.clear();
  }
}

const keyOf = (memberId: string, url: string) => `${memberId} ${url}`;
