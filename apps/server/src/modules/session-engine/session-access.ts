/**
 * Who may read what of a bid session: members never see drafts (answered as an unknown id), and
 * the participant list, history and results are for administrators and the session's own
 * participants. The answers come from the session's counters and the member's kept place, so a
 * poll that changes nothing asks the database nothing (decision 014).
 */
import { BID_MESSAGES, type BidSessionStatus, type Participant } from '@stationbid/domain';
import type { Database, Executor } from '../../db/client.ts';
import { AppError, forbidden } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { findParticipantByMember, listParticipationsOfMember, type SessionRow } from './bid-sessions.repository.ts';
import { type OwnPlace, OwnPlaceCache } from './own-places.ts';
import { findParticipantViewByMember } from './participant-views.repository.ts';
import { findSessionOrRefuse, presentSomeParticipants } from './session-presenter.ts';
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
