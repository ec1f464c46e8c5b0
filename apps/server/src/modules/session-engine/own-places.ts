/**
 * Each member's own place in a session (the session's row and their presented participant, or
 * none), kept per session version: a member's page asks for it on every poll and on each event
 * that concerns them, and between two steps the answer is the same
 * (docs/decisions/014-session-versions-in-memory.md). It also answers "is this member a participant"
 * for the reads only participants may make, without a query.
 *
 * An entry is valid for the counters it was read at, and at most `maxAgeMs` old, since the
 * participant shows presence ("connected"), which no counter follows.
 */
import type { Participant } from '@stationbid/domain';
import type { SessionRow } from './bid-sessions.repository.ts';
import type { SessionVersions } from './session-versions.ts';

export interface OwnPlace {
  session: SessionRow;
  /** The member's presented participant, or null when they are not in the session. */
  participant: Participant | null;
}

interface Entry extends OwnPlace {
  builtAt: number;
}

/** One entry per member of a department the size of Tokyo's, watching one session. */
const DEFAULT_MAX_ENTRIES = 25_000;
/** Like the shared answers that show presence (session-reads.service.ts). */
const DEFAULT_MAX_AGE_MS = 15_000;

const keyOf = (sessionId: string, versions: SessionVersions, memberId: string) =>
  `${sessionId}|${versions.version}.${versions.outsideVersion}|${memberId}`;

export class OwnPlaceCache {
  private readonly entries = new Map<string, Entry>();
  private readonly building = new Map<string, Promise<OwnPlace>>();

  constructor(
    private readonly maxEntries = DEFAULT_MAX_ENTRIES,
    private readonly maxAgeMs = DEFAULT_MAX_AGE_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The member's place at `versions`: from memory, else read once by `load` for everyone asking meanwhile. */
  async read(
    sessionId: string,
    versions: SessionVersions,
    memberId: string,
    load: () => Promise<OwnPlace>,
  ): Promise<OwnPlace> {
    const key = keyOf(sessionId, versions, memberId);
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.builtAt <= this.maxAgeMs) return entry;
    let pending = this.building.get(key);
    if (!pending) {
      pending = this.load(key, versions, load).finally(() => this.building.delete(key));
      this.building.set(key, pending);
    }
    return pending;
  }

  private async load(key: string, versions: SessionVersions, load: () => Promise<OwnPlace>): Promise<OwnPlace> {
    const builtAt = this.now();
    const place = await load();
    // Read after the counters: kept only when it is what those counters name.
    if (place.session.version !== versions.version) return place;
    this.entries.delete(key);
    this.entries.set(key, { ...place, builtAt });
    // Entries of past versions are the oldest inserted, so they go first.
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return place;
  }
}
