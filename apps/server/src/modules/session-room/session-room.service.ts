/**
 * Bid sessions, management and read side: the one service the routes (and the bid sheet) call. It
 * wires the parts, each with one job, and hands each call to its part:
 * - session-access: who may read what (drafts, participants-only reads, the member's kept place);
 * - session-reads.service: the list, one session, the current one, participants, history, results;
 * - member-place.service: a member's own place, bid status, bid history, and joining;
 * - session-management.service: creating, editing and deleting sessions and their queues.
 * The answers are shaped by the presenters (session-presenter reads the rows; session-row-presenter,
 * session-results-presenter and member-place-presenter shape them, pure). The engine steps (start, bids, turns) are in session-engine.service.
 */
import type {
  BidSession,
  BidSessionDetail,
  BidSessionListItem,
  BidSessionStatus,
  createBidSessionRequestSchema,
  ExportStatus,
  Participant,
  ParticipantPage,
  ParticipantPageQuery,
  SessionResults,
} from '@stationbid/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ParsedUpdateRequest } from '../session-admin/session-changes.ts';
import { SessionManagementService } from '../session-admin/session-management.service.ts';
import { OwnPlaceCache } from '../session-engine/own-places.ts';
import { SessionAccess, type SessionViewer } from '../session-engine/session-access.ts';
import type { CachedAnswer, SessionReadCache } from '../session-engine/session-read-cache.ts';
import type { SessionVersionTracker } from '../session-engine/session-versions.ts';
import { MemberPlaceService } from './member-place.service.ts';
import type { SessionBoardService } from './session-board.service.ts';
import { type ResultsOptions, SessionReadsService } from './session-reads.service.ts';

export type { SessionViewer } from '../session-engine/session-access.ts';

type ParsedCreateRequest = z.output<typeof createBidSessionRequestSchema>;

export class BidSessionsService {
  private readonly reads: SessionReadsService;
  private readonly memberPlaces: MemberPlaceService;
  private readonly management: SessionManagementService;

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
    this.memberPlaces = new MemberPlaceService(db, clock, access, this.reads);
    this.management = new SessionManagementService(db, clock);
  }

  // Reading

  list(
    viewer: SessionViewer,
    status: BidSessionStatus | undefined,
    view?: 'full' | 'summary',
  ): Promise<BidSessionListItem[]> {
    return this.reads.list(viewer, status, view);
  }

  get(viewer: SessionViewer, sessionId: string): Promise<BidSessionDetail> {
    return this.reads.get(viewer, sessionId);
  }

  getShared(viewer: SessionViewer, sessionId: string): Promise<CachedAnswer> {
    return this.reads.getShared(viewer, sessionId);
  }

  current(viewer: SessionViewer, view?: 'full' | 'summary'): Promise<CachedAnswer> {
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
  ): Promise<{ message: string; session: BidSessionDetail | BidSession }> {
    return this.memberPlaces.join(viewer, sessionId, view);
  }

  // Changing

  create(body: ParsedCreateRequest, actor: SessionViewer): Promise<BidSessionDetail> {
    return this.management.create(body, actor);
  }

  update(sessionId: string, body: ParsedUpdateRequest, actor: SessionViewer): Promise<BidSessionDetail> {
    return this.management.update(sessionId, body, actor);
  }

  delete(sessionId: string, actor: SessionViewer): Promise<string> {
    return this.management.delete(sessionId, actor);
  }

  deleteCompleted(sessionId: string, actor: SessionViewer): Promise<void> {
    return this.management.deleteCompleted(sessionId, actor);
  }

  addParticipants(sessionId: string, memberIds: readonly string[]): Promise<Participant[]> {
    return this.management.addParticipants(sessionId, memberIds);
  }

  removeParticipant(sessionId: string, memberId: string): Promise<Participant[]> {
    return this.management.removeParticipant(sessionId, memberId);
  }
}
