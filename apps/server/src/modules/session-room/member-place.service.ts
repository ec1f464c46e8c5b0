/**
 * A member's own place: their participation in one session, their bid status in the current
 * session, their accepted bids, and joining a live session (which shows them as connected).
 */
import {
  BID_MESSAGES,
  type BidSession,
  type BidSessionReadDetail,
  countTurnsBeforeRound,
  type HeldCertification,
  type Participant,
  type SessionRound,
  type TurnStory,
} from '@stationbid/domain';
import type { Database } from '../../db/client.ts';
import { AppError, forbidden } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  findParticipantByMember,
  listBidsOfMember,
  markParticipantJoined,
} from '../session-engine/bid-sessions.repository.ts';
import {
  readerFor,
  type SessionAccess,
  type SessionViewer,
  sessionAsReadBy,
  sessionDetailAsReadBy,
} from '../session-engine/session-access.ts';
import { versionKey } from '../session-engine/session-versions.ts';
import {
  EMPTY_TURN_STORY,
  hasTurnStory,
  presentBidStatus,
  presentMemberBid,
  presentMyParticipation,
  presentTurnStory,
} from './member-place-presenter.ts';
import { listTurnStoryRows, readStartSeats, type StartSeat } from './member-turn-story.repository.ts';
import type { SessionBoardService } from './session-board.service.ts';
import type { SessionReadsService } from './session-reads.service.ts';
import { findOwnCertifications } from './session-room.repository.ts';

/** As many as the members' kept places (own-places.ts): one a member watching a session. */
const MAX_KEPT_CERTIFICATIONS = 25_000;
/** Sessions whose start seats are kept: the few that run at once. */
const MAX_KEPT_START_SEATS = 4;

export class MemberPlaceService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly access: SessionAccess,
    private readonly reads: SessionReadsService,
    /** The shared boards, where each round begins in the queue (none: no round counts). */
    private readonly boards?: SessionBoardService,
  ) {}

  /**
   * Each member's certifications as their session counts them, kept per session version: they are
   * frozen at the start and change before it only with the queue, which moves the version.
   */
  private readonly keptCertifications = new Map<string, { versionsKey: string; value: HeldCertification[] }>();

  /**
   * The signed-in member's place in a session they can see, with the counters it was made at and
   * whether it stays the same while they do: not while the member's own turn's seconds run.
   */
  async myParticipation(viewer: SessionViewer, sessionId: string) {
    const versions = await this.access.readVisibleVersions(viewer, sessionId);
    const { session, participant } = await this.access.readOwnPlace(viewer, sessionId, versions);
    const key = versionKey(versions);
    const rounds = session.rounds as SessionRound[];
    const [certifications, board, turnStory] = await Promise.all([
      participant ? this.ownCertifications(viewer, sessionId, key) : [],
      participant && rounds.length > 0 && this.boards ? this.boards.readBoard(viewer, sessionId) : undefined,
      participant ? this.turnStory(sessionId, participant, session) : undefined,
    ]);
    const round = participant ? rounds[participant.round] : undefined;
    const answer = presentMyParticipation(
      session,
      participant,
      this.clock.now(),
      {
        certifications,
        myRound:
          participant && round && board
            ? {
                index: participant.round,
                name: round.name,
                turnsBefore: countTurnsBeforeRound(board, participant.round),
              }
            : null,
      },
      turnStory,
    );
    return {
      answer,
      versionsKey: key,
      isSteady: !(answer.isUserTurn && session.status === 'active'),
    };
  }

  /** How the member's turn went; a member who has only waited so far costs no read. */
  private async turnStory(
    sessionId: string,
    participant: Participant,
    session: Parameters<typeof hasTurnStory>[1],
  ): Promise<TurnStory> {
    if (!hasTurnStory(participant, session)) return EMPTY_TURN_STORY;
    const [rows, startSeats] = await Promise.all([
      listTurnStoryRows(this.db, sessionId, participant.id),
      participant.outcome !== null ? this.startSeats(sessionId) : undefined,
    ]);
    return presentTurnStory(participant, rows, startSeats?.get(participant.id) ?? null);
  }

  /** The participants' seats at the start, read once per session: the signed settings never change. */
  private readonly keptStartSeats = new Map<string, Promise<Map<string, StartSeat | null> | null>>();

  private startSeats(sessionId: string): Promise<Map<string, StartSeat | null> | null> {
    const kept = this.keptStartSeats.get(sessionId);
    if (kept) return kept;
    const read = readStartSeats(this.db, sessionId).then((seats) => {
      // Not kept before the start: the settings are written by the start step.
      if (seats === null) this.keptStartSeats.delete(sessionId);
      return seats;
    });
    this.keptStartSeats.set(sessionId, read);
    read.catch(() => this.keptStartSeats.delete(sessionId));
    if (this.keptStartSeats.size > MAX_KEPT_START_SEATS) {
      const oldest = this.keptStartSeats.keys().next().value;
      if (oldest !== undefined) this.keptStartSeats.delete(oldest);
    }
    return read;
  }

  private async ownCertifications(
    viewer: SessionViewer,
    sessionId: string,
    versionsKey: string,
  ): Promise<HeldCertification[]> {
    const key = `${sessionId}|${viewer.id}`;
    const kept = this.keptCertifications.get(key);
    if (kept && kept.versionsKey === versionsKey) return kept.value;
    const value = (await findOwnCertifications(this.db, sessionId, viewer.id)) ?? [];
    this.keptCertifications.delete(key);
    this.keptCertifications.set(key, { versionsKey, value });
    if (this.keptCertifications.size > MAX_KEPT_CERTIFICATIONS) {
      const oldest = this.keptCertifications.keys().next().value;
      if (oldest !== undefined) this.keptCertifications.delete(oldest);
    }
    return value;
  }

  /**
   * The member's place in their current session (active or paused, else scheduled); when they take
   * part in none, the department's current session with no place. The session's turn holder and
   * next in line are as the member may read them (session-access).
   */
  async bidStatus(viewer: SessionViewer) {
    const currentSessions = await this.reads.listCurrentSessions();
    const participations = await this.access.listSessionIdsOf(viewer);
    const session = currentSessions.find((candidate) => participations.has(candidate.id)) ?? currentSessions[0] ?? null;
    if (!session) return presentBidStatus(null, null, null, this.clock.now());
    const [mine, summary] = await Promise.all([
      participations.has(session.id) ? this.access.presentOwnParticipant(session, viewer) : null,
      this.reads.readSummary(session),
    ]);
    const reader = readerFor(viewer, participations.has(session.id));
    return presentBidStatus(session, mine, summary && sessionAsReadBy(reader, summary), this.clock.now());
  }

  /** The member's accepted bids in every session, newest first. */
  async bidHistory(viewer: SessionViewer) {
    return (await listBidsOfMember(this.db, viewer.id)).map(presentMemberBid);
  }

  /**
   * Marks the participant (or administrator) as connected. The spec's clients get the session back
   * as the joining member may read it (made fresh so it shows them connected: every participant
   * whole for administrators, the others' public facts for a participant); `summary` gives the web
   * app, which follows the board, the session's summary from the shared per-version cache.
   */
  async join(
    viewer: SessionViewer,
    sessionId: string,
    view: 'full' | 'summary' = 'full',
  ): Promise<{ message: string; session: BidSessionReadDetail | BidSession }> {
    const session = await this.access.findVisibleSession(this.db, viewer, sessionId);
    const participant = await findParticipantByMember(this.db, sessionId, viewer.id);
    if (!participant && !viewer.isAdmin) throw forbidden(BID_MESSAGES.notParticipant);
    if (participant) await markParticipantJoined(this.db, participant.id, this.clock.now());
    const message = `Successfully joined ${session.name}`;
    const reader = readerFor(viewer, participant !== undefined);
    if (view === 'summary') {
      const summary = await this.reads.readSummary(session);
      if (!summary) throw new AppError('NOT_FOUND', BID_MESSAGES.sessionNotFound);
      return { message, session: sessionAsReadBy(reader, summary) };
    }
    return { message, session: sessionDetailAsReadBy(reader, await this.reads.present(sessionId)) };
  }
}
