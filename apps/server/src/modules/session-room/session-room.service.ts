/**
 * A bid session as members (and administrators) read it: the one service the room's routes, the
 * member's bid status routes and the bid sheet call. It wires the parts, each with one job, and
 * hands each call to its part:
 * - session-access (session-engine): who may read what (drafts, participants-only reads, the member's kept place);
 * - session-reads.service: the list, one session, the current one, participants, history, results;
 * - member-place.service: a member's own place, bid status, bid history, and joining.
 * The answers are shaped by the presenters (session-presenter reads the rows; session-row-presenter,
 * session-results-presenter and member-place-presenter shape them, pure). Creating and changing
 * sessions is session-admin's session-management.service; the engine steps (start, bids, turns) are
 * session-engine.service.
 */
import type {
  BidSession,
  BidSessionListItem,
  BidSessionReadDetail,
  BidSessionStatus,
  ExportStatus,
  ParticipantPage,
  ParticipantPageQuery,
  SessionResults,
} from '@stationbid/domain';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { OwnPlaceCache } from '../session-engine/own-places.ts';
import { SessionAccess, type SessionViewer } from '../session-engine/session-access.ts';
import type { CachedAnswer, SessionAnswer, SessionReadCache } from '../session-engine/session-read-cache.ts';
import type { SessionVersionTracker } from '../session-engine/session-versions.ts';
import { MemberPlaceService } from './member-place.service.ts';
import type { SessionBoardService } from './session-board.service.ts';
import { type ResultsOptions, SessionReadsService } from './session-reads.service.ts';

export class SessionRoomService {
  private readonly reads: SessionReadsService;
  private readonly memberPlaces: MemberPlaceService;

  constructor(
    db: Database,
    clock: Clock,
    /** Each session's counters, known in memory between changes (decision 014). */
    versions: SessionVersionTracker,
    /** The answers every watcher shares, made once per session version (decision 012). */
    readCache?: SessionReadCache,
    /** The boards, for the free seats the spec's client reads in the session list. */
    boards?: SessionBoardService,
    /** Each member's own place, per session version (decision 014). */
    ownPlaces = new OwnPlaceCache(),
  ) {
    const access = new SessionAccess(db, clock, versions, ownPlaces);
    this.reads = new SessionReadsService(db, clock, access, readCache, boards);
    this.memberPlaces = new MemberPlaceService(db, clock, access, this.reads, boards);
  }

  // Reading

  list(
    viewer: SessionViewer,
    status: BidSessionStatus | undefined,
    view?: 'full' | 'summary',
  ): Promise<BidSessionListItem[]> {
    return this.reads.list(viewer, status, view);
  }

  get(viewer: SessionViewer, sessionId: string): Promise<BidSessionReadDetail> {
    return this.reads.get(viewer, sessionId);
  }

  getShared(viewer: SessionViewer, sessionId: string): Promise<SessionAnswer> {
    return this.reads.getShared(viewer, sessionId);
  }

  current(viewer: SessionViewer, view?: 'full' | 'summary'): Promise<SessionAnswer> {
    return this.reads.current(viewer, view);
  }

  participants(viewer: SessionViewer, sessionId: string): Promise<CachedAnswer> {
    return this.reads.participants(viewer, sessionId);
  }

  participantPage(viewer: SessionViewer, sessionId: string, query: ParticipantPageQuery): Promise<ParticipantPage> {
    return this.reads.participantPage(viewer, sessionId, query);
  }

  history(viewer: SessionViewer, sessionId: string): Promise<CachedAnswer> {
    return this.reads.history(viewer, sessionId);
  }

  results(viewer: SessionViewer, sessionId: string, options?: ResultsOptions): Promise<SessionResults> {
    return this.reads.results(viewer, sessionId, options);
  }

  exportStatus(sessionId: string): Promise<ExportStatus> {
    return this.reads.exportStatus(sessionId);
  }

  resultsForExport(viewer: SessionViewer, sessionId: string, options?: ResultsOptions) {
    return this.reads.resultsForExport(viewer, sessionId, options);
  }

  // The member's own place

  myParticipation(viewer: SessionViewer, sessionId: string) {
    return this.memberPlaces.myParticipation(viewer, sessionId);
  }

  bidStatus(viewer: SessionViewer) {
    return this.memberPlaces.bidStatus(viewer);
  }

  bidHistory(viewer: SessionViewer) {
    return this.memberPlaces.bidHistory(viewer);
  }

  join(
    viewer: SessionViewer,
    sessionId: string,
    view?: 'full' | 'summary',
  ): Promise<{ message: string; session: BidSessionReadDetail | BidSession }> {
    return this.memberPlaces.join(viewer, sessionId, view);
  }
}
