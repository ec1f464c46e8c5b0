/**
 * Who may read what of a bid session (docs/security.md, 3 and 17), in one place:
 * - members never see drafts (answered as an unknown id);
 * - the participant list, history and results are for administrators and the session's own
 *   participants;
 * - what each reader sees of a participant in the session reads (the list, GET /:id, /current,
 *   /users/bid-status, join, the bid's answer): administrators every participant whole; a
 *   participant their own entry whole and everyone else's public facts (name, rank, place, status,
 *   the seat they took); a member who takes no part no participant list, and the turn holder and
 *   next in line as public facts only (`SessionReader`, `participantAsReadBy`).
 * The answers come from the session's counters and the member's kept place, so a poll that changes
 * nothing asks the database nothing (decision 014).
 */
import {
  BID_MESSAGES,
  type BidSession,
  type BidSessionDetail,
  type BidSessionReadDetail,
  type BidSessionStatus,
  isWholeParticipant,
  type Participant,
  type SessionParticipant,
} from '@stationbid/domain';
import type { Database, Executor } from '../../db/client.ts';
import { AppError, forbidden } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { findParticipantByMember, listParticipationsOfMember, type SessionRow } from './bid-sessions.repository.ts';
import { type OwnPlace, OwnPlaceCache } from './own-places.ts';
import { findParticipantViewByMember } from './participant-views.repository.ts';
import { findSessionOrRefuse, presentSomeParticipants } from './session-presenter.ts';
import { presentPublicParticipant } from './session-row-presenter.ts';
import type { SessionVersions, SessionVersionTracker } from './session-versions.ts';

/** Who asks: administrators see and change everything, members see sessions past draft. */
export interface SessionViewer {
  id: string;
  isAdmin: boolean;
  firstName: string;
  lastName: string;
}

/** Statuses members see; drafts are the administrators' work in progress. */
export const MEMBER_VISIBLE_STATUSES: readonly BidSessionStatus[] = ['scheduled', 'active', 'paused', 'completed'];

export const isVisibleTo = (viewer: SessionViewer, status: string) =>
  viewer.isAdmin || MEMBER_VISIBLE_STATUSES.includes(status as BidSessionStatus);

/** How a viewer reads one session's participants. */
export type SessionReader =
  /** Every participant whole. */
  | { role: 'administrator' }
  /** Their own entry whole, everyone else's public facts. */
  | { role: 'participant'; memberId: string }
  /** A member who takes no part: no participant list; the turn holder and next in line as public facts. */
  | { role: 'outsider' };

/** The reader a viewer is of a session they do (`takesPart`) or do not take part in. */
export function readerFor(viewer: SessionViewer, takesPart: boolean): SessionReader {
  if (viewer.isAdmin) return { role: 'administrator' };
  return takesPart ? { role: 'participant', memberId: viewer.id } : { role: 'outsider' };
}

/** One participant as the reader may see them: whole for administrators and for the member themselves. */
export function participantAsReadBy(reader: SessionReader, participant: SessionParticipant): SessionParticipant {
  if (!isWholeParticipant(participant)) return participant;
  const seesWhole =
    reader.role === 'administrator' || (reader.role === 'participant' && participant.user.id === reader.memberId);
  return seesWhole ? participant : presentPublicParticipant(participant);
}

/** A session's turn holder and next in line as the reader may see them. */
export function sessionAsReadBy<T extends BidSession>(reader: SessionReader, session: T): T {
  if (reader.role === 'administrator') return session;
  return {
    ...session,
    currentTurn: session.currentTurn && participantAsReadBy(reader, session.currentTurn),
    nextParticipant: session.nextParticipant && participantAsReadBy(reader, session.nextParticipant),
  };
}

/** A session's participant list as the reader may see it: none for a member who takes no part. */
export function participantsAsReadBy(
  reader: SessionReader,
  participants: readonly SessionParticipant[],
): SessionParticipant[] {
  if (reader.role === 'outsider') return [];
  return participants.map((participant) => participantAsReadBy(reader, participant));
}

/** A session with its participants as the reader may see it. */
export function sessionDetailAsReadBy(
  reader: SessionReader,
  session: BidSessionDetail | BidSessionReadDetail,
): BidSessionReadDetail {
  if (reader.role === 'administrator') return session;
  return { ...sessionAsReadBy(reader, session), participants: participantsAsReadBy(reader, session.participants) };
}

export class SessionAccess {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    /** Each session's counters, known in memory between changes (decision 014). */
    private readonly versions: SessionVersionTracker,
    /** Each member's own place, per session version (decision 014). */
    private readonly ownPlaces = new OwnPlaceCache(),
  ) {}

  /** The session's counters, once the viewer may see it (drafts: administrators only, as 404). */
  async readVisibleVersions(viewer: SessionViewer, sessionId: string): Promise<SessionVersions> {
    const versions = await this.versions.read(sessionId);
    if (!versions || !isVisibleTo(viewer, versions.status)) {
      throw new AppError('NOT_FOUND', BID_MESSAGES.sessionNotFound);
    }
    return versions;
  }

  /** The same for what only administrators and the session's participants read. */
  async readParticipantsVersions(viewer: SessionViewer, sessionId: string): Promise<SessionVersions> {
    const versions = await this.readVisibleVersions(viewer, sessionId);
    if (!viewer.isAdmin && !(await this.readOwnPlace(viewer, sessionId, versions)).participant) {
      throw forbidden(BID_MESSAGES.notParticipant);
    }
    return versions;
  }

  /** The participant list and every participant's details: administrators and the session's participants. */
  async mayReadParticipants(viewer: SessionViewer, sessionId: string): Promise<boolean> {
    if (viewer.isAdmin) return true;
    // The member's kept place answers it: no query while nothing changes (decision 014).
    const versions = await this.versions.read(sessionId);
    return versions !== undefined && (await this.readOwnPlace(viewer, sessionId, versions)).participant !== null;
  }

  /** How the viewer reads the session's participants (the member's kept place answers it). */
  async readerOf(viewer: SessionViewer, sessionId: string): Promise<SessionReader> {
    if (viewer.isAdmin) return readerFor(viewer, false);
    return readerFor(viewer, await this.mayReadParticipants(viewer, sessionId));
  }

  /** How the viewer reads each of many sessions: one query for all of them. */
  async readersOf(viewer: SessionViewer): Promise<(sessionId: string) => SessionReader> {
    if (viewer.isAdmin) return () => readerFor(viewer, false);
    const takesPart = await this.listSessionIdsOf(viewer);
    return (sessionId) => readerFor(viewer, takesPart.has(sessionId));
  }

  /** The viewer's own place in a session at `versions`, shared between their polls (decision 014). */
  readOwnPlace(viewer: SessionViewer, sessionId: string, versions: SessionVersions): Promise<OwnPlace> {
    return this.ownPlaces.read(sessionId, versions, viewer.id, async () => {
      const session = await findSessionOrRefuse(this.db, sessionId);
      return { session, participant: await this.presentOwnParticipant(session, viewer) };
    });
  }

  /** The viewer as a participant of the session, or null: one member's rows, whatever the session's size. */
  async presentOwnParticipant(session: SessionRow, viewer: SessionViewer): Promise<Participant | null> {
    const view = await findParticipantViewByMember(this.db, session.id, viewer.id);
    if (!view) return null;
    const [mine] = await presentSomeParticipants(this.db, session, [view], { now: this.clock.now() });
    return mine ?? null;
  }

  /** A draft does not exist for members: the same answer as an unknown id. */
  async findVisibleSession(executor: Executor, viewer: SessionViewer, sessionId: string): Promise<SessionRow> {
    const session = await findSessionOrRefuse(executor, sessionId);
    if (!isVisibleTo(viewer, session.status)) throw new AppError('NOT_FOUND', BID_MESSAGES.sessionNotFound);
    return session;
  }

  /** Participants, history and results: administrators, and the session's own participants. */
  async findSessionForParticipantsAndAdmins(viewer: SessionViewer, sessionId: string): Promise<SessionRow> {
    const session = await this.findVisibleSession(this.db, viewer, sessionId);
    if (!viewer.isAdmin && !(await findParticipantByMember(this.db, sessionId, viewer.id))) {
      throw forbidden(BID_MESSAGES.notParticipant);
    }
    return session;
  }

  /** The ids of the sessions the viewer takes part in. */
  async listSessionIdsOf(viewer: SessionViewer): Promise<Set<string>> {
    return new Set(
      (await listParticipationsOfMember(this.db, viewer.id)).map((participation) => participation.sessionId),
    );
  }
}
