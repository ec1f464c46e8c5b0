/**
 * The shared board of a session (docs/decisions/012-session-board.md): built once per session
 * version from the engine's state, which the engine has usually just kept after its step (no read
 * at all), and served to every watcher as the same gzipped bytes with the version as ETag.
 */
import {
  BID_MESSAGES,
  BOARD_RECENT_PICKS_COUNT,
  type BoardPick,
  type BoardStationInfo,
  buildSessionBoard,
  type EligibilityMode,
  openedOf,
  type PresentedStations,
  type Rank,
  type SeatPosition,
  type SessionBoard,
  type Shift,
} from '@stationbid/domain';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  findSessionById,
  listOfferedStations,
  listRecentPicks,
  listSessionStationIds,
} from '../session-engine/bid-sessions.repository.ts';
import type { EngineStateCache, StateVersions } from '../session-engine/engine-state-cache.ts';
import { loadEngineState, lockSessionRow, toEngineSession } from '../session-engine/engine-state-loader.repository.ts';
import { readEngineDataVersion } from '../session-engine/engine-versions.repository.ts';
import type { SessionViewer } from '../session-engine/session-access.ts';
import type { CachedAnswer, SessionReadCache } from '../session-engine/session-read-cache.ts';
import { isRunningStatus } from '../session-engine/session-row-presenter.ts';
import { type SessionVersionTracker, versionKey } from '../session-engine/session-versions.ts';
import { listStandingBidParticipants, readCertificationNames } from './session-room.repository.ts';

/**
 * A session that is not running can change without its counters moving (another session's awards
 * free or take the seats it offers), so its board is rebuilt at most this often.
 */
export const IDLE_BOARD_MAX_AGE_MS = 10_000;

/** A department runs one session at a time; a few more for the administrators' tests. */
const KEPT_STATION_LISTS = 8;

export class SessionBoardService {
  /** A running session's offered stations, and its last board's stations as presented from them. */
  private readonly keptStations = new Map<
    string,
    { outsideVersion: number; readAt: number; stations: readonly BoardStationInfo[]; presented?: PresentedStations }
  >();

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly stateCache: EngineStateCache,
    private readonly readCache: SessionReadCache,
    private readonly versions: SessionVersionTracker,
  ) {}

  /** The board of a session the viewer may see (drafts are the administrators'). */
  async read(viewer: SessionViewer, sessionId: string): Promise<CachedAnswer> {
    const versions = await this.versions.read(sessionId);
    if (!versions || (!viewer.isAdmin && versions.status === 'draft')) {
      throw new AppError('NOT_FOUND', BID_MESSAGES.sessionNotFound);
    }
    const isRunning = isRunningStatus(versions.status);
    return this.readCache.read(
      `board:${sessionId}`,
      versionKey(versions),
      () => this.build(sessionId, versions, isRunning),
      isRunning ? {} : { maxAgeMs: IDLE_BOARD_MAX_AGE_MS },
    );
  }

  /** The board as a value, for answers that embed it. */
  async readBoard(viewer: SessionViewer, sessionId: string): Promise<SessionBoard> {
    return ((await this.read(viewer, sessionId)).value as { board: SessionBoard }).board;
  }

  private async build(
    sessionId: string,
    versions: StateVersions,
    isRunning: boolean,
  ): Promise<{ board: SessionBoard }> {
    // The row first, then the state kept at its version: a pick that landed since the counters were
    // read is in both, so the board shows it, rather than the whole state being read again from
    // the database (at 20,000 participants, a stall of every other request at such a pick).
    const row = isRunning ? await findSessionById(this.db, sessionId) : undefined;
    const atRow = row && { version: row.version, outsideVersion: versions.outsideVersion };
    const kept = row && atRow && isRunningStatus(row.status) ? this.stateCache.get(sessionId, atRow) : undefined;
    const { session, state, readAt } =
      kept && row && atRow
        ? {
            session: row,
            state: { session: toEngineSession(row), participants: kept.participants, seats: kept.seats },
            readAt: atRow,
          }
        : await this.readConsistently(sessionId);
    const [stations, pickRows] = await Promise.all([
      this.offeredStations(sessionId, readAt.outsideVersion, isRunning),
      listRecentPicks(this.db, sessionId, BOARD_RECENT_PICKS_COUNT),
    ]);
    const [standingBids, catalogueNames] = await Promise.all([
      // Only a session whose members may have standing bids reads which picks were theirs.
      pickRows.some((pick) => pick.kind === 'own')
        ? listStandingBidParticipants(
            this.db,
            sessionId,
            pickRows.map((pick) => pick.participantId),
          )
        : new Set<string>(),
      // The session names its certifications from its start on; before it, the department's do.
      state.session.certificationNames === undefined && state.seats.some((seat) => (seat.requires?.length ?? 0) > 0)
        ? readCertificationNames(this.db)
        : undefined,
    ]);
    // The last board's stations, reused where the pick changed no seat (the kept list only).
    const keptStations = this.keptStations.get(sessionId);
    const previous = keptStations?.stations === stations ? keptStations.presented : undefined;
    const board = buildSessionBoard({
      session: {
        sessionId,
        version: readAt.version,
        name: session.name,
        description: session.description,
        year: session.year,
        bidWindowMinutes: session.bidWindowMinutes,
        autoAssignTimeoutMinutes: session.autoAssignTimeoutMinutes,
        eligibilityMode: session.eligibilityMode as EligibilityMode,
        startDate: session.startDate,
        endDate: session.endDate,
        scheduledStart: session.scheduledStart,
        scheduledEnd: session.scheduledEnd,
      },
      state,
      stations,
      ...(previous ? { previous } : {}),
      recentPicks: pickRows.map((row) => toBoardPick(row, standingBids.has(row.participantId))),
      ...(catalogueNames ? { certificationNames: catalogueNames } : {}),
    });
    if (keptStations?.stations === stations) {
      keptStations.presented = { stations, seats: state.seats, presented: board.stations };
    }
    return { board };
  }

  /**
   * The stations a session offers. A running session's cannot change (its stations are fixed at
   * the start, and a station edit counts in the engine data version), so they are kept from one
   * pick's board to the next rather than read again, 1,200 rows at a time, at every version; kept
   * no longer than an idle board, so an edit the version does not count (an address) shows as soon.
   */
  private async offeredStations(
    sessionId: string,
    outsideVersion: number,
    isRunning: boolean,
  ): Promise<readonly BoardStationInfo[]> {
    const kept = this.keptStations.get(sessionId);
    const now = this.clock.now().getTime();
    if (isRunning && kept && kept.outsideVersion === outsideVersion && now - kept.readAt <= IDLE_BOARD_MAX_AGE_MS) {
      return kept.stations;
    }
    const links = await listSessionStationIds(this.db, [sessionId]);
    const rows = await listOfferedStations(
      this.db,
      links.map((link) => link.stationId),
    );
    const stations = rows.map(({ id, name, number, address }) => ({ id, name, number, address }));
    this.keptStations.delete(sessionId);
    if (isRunning) this.keptStations.set(sessionId, { outsideVersion, readAt: now, stations });
    while (this.keptStations.size > KEPT_STATION_LISTS) {
      const oldest = this.keptStations.keys().next().value;
      if (oldest === undefined) break;
      this.keptStations.delete(oldest);
    }
    return stations;
  }

  /**
   * The session row and its state as of one moment: read under a share lock on the session row,
   * which waits for a step in progress and keeps the next one out until the read is done. A
   * running session's state is kept for its next step.
   */
  private async readConsistently(sessionId: string) {
    const loaded = await this.db.transaction(async (tx) => {
      const locked = await lockSessionRow(tx, sessionId, { share: true });
      if (!locked) throw new AppError('NOT_FOUND', BID_MESSAGES.sessionNotFound);
      const outsideVersion = await readEngineDataVersion(tx);
      const read = await loadEngineState(tx, sessionId, { lockedRow: locked });
      if (!read) throw new AppError('NOT_FOUND', BID_MESSAGES.sessionNotFound);
      return { ...read, readAt: { version: locked.version, outsideVersion } };
    });
    if (isRunningStatus(loaded.session.status)) this.stateCache.set(sessionId, loaded.readAt, loaded.state);
    return loaded;
  }
}

function toBoardPick(row: Awaited<ReturnType<typeof listRecentPicks>>[number], isStandingBid: boolean): BoardPick {
  return {
    participantId: row.participantId,
    memberId: row.memberId,
    name: `${row.firstName} ${row.lastName}`,
    rank: row.rank as Rank,
    bidPriority: row.bidPriority,
    station: { id: row.stationId ?? '', name: row.stationName, number: row.stationNumber },
    shift: row.shift as Shift,
    position: row.seatPosition as SeatPosition,
    kind: row.kind as BoardPick['kind'],
    placedBy: row.kind === 'proxy' ? row.placedByName : null,
    at: row.createdAt.toISOString(),
    ...(isStandingBid ? { standingBid: true } : {}),
    ...openedOf(row.openedSeat),
  };
}
