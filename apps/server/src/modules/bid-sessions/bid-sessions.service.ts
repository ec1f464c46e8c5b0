/**
 * Bid sessions, management and read side: creating and editing sessions and their queues, who may
 * see what, joining, history, results, export, and a member's own bid status. The engine steps
 * (start, bids, turns) live in session-actions; both present sessions through session-presenter.
 */
import { randomBytes } from 'node:crypto';
import {
  BID_MESSAGES,
  type BidSession,
  type BidSessionDetail,
  type BidSessionListItem,
  type BidSessionStatus,
  computeSeniorityScore,
  computeSessionStatistics,
  type createBidSessionRequestSchema,
  type ExportStatus,
  orderQueue,
  PARTICIPANT_PAGE_DEFAULT_LIMIT,
  type Participant,
  type ParticipantPage,
  type ParticipantPageQuery,
  type SessionResults,
  type TieBreakLink,
  type updateBidSessionRequestSchema,
} from '@stationbid/domain';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { AppError, badRequest, conflict, forbidden } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { readResultReasons } from '../session-record/result-reasons.ts';
import {
  countParticipantsMatching,
  countParticipantsWithEmail,
  deleteParticipants,
  deleteSession,
  findParticipantByMember,
  findParticipantViewByMember,
  insertParticipants,
  insertSession,
  listActiveMembersByIds,
  listBidsOfMember,
  listExistingStationIds,
  listHistory,
  listParticipantRows,
  listParticipantViewsPage,
  listParticipationsOfMember,
  listSessionStationIds,
  listSessions,
  lockSessionById,
  markParticipantJoined,
  type ParticipantCandidateRow,
  type ParticipantRow,
  renumberParticipants,
  replaceSessionStations,
  type SessionChanges,
  type SessionRow,
  updateSession,
} from './bid-sessions.repository.ts';
import { readEngineDataVersion } from './engine-state.repository.ts';
import { type OwnPlace, OwnPlaceCache } from './own-places.ts';
import { type SessionBoardService, versionKey } from './session-board.service.ts';
import {
  CONNECTED_WITHIN_MS,
  findSessionOrRefuse,
  isRunningStatus,
  presentHistoryEntry,
  presentParticipants,
  presentSession,
  presentSessionSummaries,
  presentSomeParticipants,
  secondsFromMilliseconds,
} from './session-presenter.ts';
import { type CachedAnswer, SessionReadCache } from './session-read-cache.ts';
import type { SessionVersions, SessionVersionTracker } from './session-versions.ts';

/** Shared answers that show presence ("connected", seen in the last 2 minutes) are at most this old. */
const PRESENCE_MAX_AGE_MS = 15_000;

/** Who asks: administrators see and change everything, members see sessions past draft. */
export interface SessionViewer {
  id: string;
  isAdmin: boolean;
  firstName: string;
  lastName: string;
}

type ParsedCreateRequest = z.output<typeof createBidSessionRequestSchema>;
type ParsedUpdateRequest = z.output<typeof updateBidSessionRequestSchema>;

export interface ResultsOptions {
  /** The department's time zone (IANA) for the times in the reasons; UTC when not given. */
  timeZone?: string;
}

/** Statuses members see; drafts are the administrators' work in progress. */
const MEMBER_VISIBLE_STATUSES: readonly BidSessionStatus[] = ['scheduled', 'active', 'paused', 'completed'];
/** Fields a running session may still change (bidding-rules.md, "Session lifecycle"). */
const LIVE_EDITABLE_FIELDS = ['name', 'description', 'bidWindowDuration', 'autoAssignTimeout'] as const;

const viewerName = (viewer: SessionViewer) => `${viewer.firstName} ${viewer.lastName}`;
const isBeforeStart = (status: string) => status === 'draft' || status === 'scheduled';
const toDate = (value: string | null | undefined) => (value ? new Date(value) : null);
/** A seed for the random tie-break: 128 bits, written to the session so the draw can be checked. */
const newRandomSeed = () => randomBytes(16).toString('hex');

function liveEditRefusal(fields: readonly string[]): string {
  return `While a session is running only its name, description, bid window and auto-assign timeout can change (not: ${fields.join(', ')})`;
}

function unknownMembersMessage(count: number): string {
  return count === 1
    ? '1 selected participant is not an active member. Choose active members only.'
    : `${count} selected participants are not active members. Choose active members only.`;
}

function unknownStationsMessage(count: number): string {
  return count === 1 ? '1 selected station does not exist' : `${count} selected stations do not exist`;
}

export class BidSessionsService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    /** Each session's counters, known in memory between changes (decision 014). */
    private readonly versions: SessionVersionTracker,
    /** The answers every watcher shares, made once per session version (decision 012). */
    private readonly readCache: SessionReadCache = new SessionReadCache(clock),
    /** The boards, for the free seats the spec's client reads in the session list. */
    private readonly boards?: SessionBoardService,
    /** Each member's own place, per session version (decision 014). */
    private readonly ownPlaces = new OwnPlaceCache(),
  ) {}

  // -------------------------------------------------------------------------------------------
  // Reading

  /**
   * Newest first; members never see drafts. With the full view (the spec's client), each session
   * also carries its free seats and its participants: all of them for administrators, the viewer's
   * own entry for members (finding 3 of docs/security.md).
   */
  async list(
    viewer: SessionViewer,
    status: BidSessionStatus | undefined,
    view: 'full' | 'summary' = 'full',
  ): Promise<BidSessionListItem[]> {
    const visible = viewer.isAdmin ? null : MEMBER_VISIBLE_STATUSES;
    const statuses = status ? (visible && !visible.includes(status) ? [] : [status]) : visible;
    if (statuses?.length === 0) return [];
    const rows = await listSessions(this.db, statuses);
    const outsideVersion = await readEngineDataVersion(this.db);
    const key = `${rows.map((row) => `${row.id}@${row.version}`).join(',')}.${outsideVersion}`;
    const summaries = (
      await this.readCache.read(
        `list:${statuses?.join('+') ?? 'all'}`,
        key,
        () => presentSessionSummaries(this.db, rows, { now: this.clock.now() }),
        { maxAgeMs: PRESENCE_MAX_AGE_MS },
      )
    ).value as BidSession[];
    if (view === 'summary') return summaries;
    const byId = new Map(rows.map((row) => [row.id, row]));
    return Promise.all(
      summaries.map(async (summary) => {
        const row = byId.get(summary.id);
        if (!row) return summary;
        const [board, participants] = await Promise.all([
          this.boards?.readBoard(viewer, summary.id),
          viewer.isAdmin
            ? this.participants(viewer, summary.id).then((answer) => (answer.value as ParticipantPage).participants)
            : this.presentOwnParticipant(row, viewer).then((mine) => (mine ? [mine] : [])),
        ]);
        const availableStations = board?.stations.reduce((sum, station) => sum + station.available, 0);
        return { ...summary, participants, ...(availableStations === undefined ? {} : { availableStations }) };
      }),
    );
  }

  async get(viewer: SessionViewer, sessionId: string): Promise<BidSessionDetail> {
    return ((await this.getShared(viewer, sessionId)).value as { session: BidSessionDetail }).session;
  }

  /**
   * `{ session }` with every participant, made once per session version and shared by every
   * viewer (at most PRESENCE_MAX_AGE_MS old, for "connected"). The spec's clients read it; the web
   * app follows the board instead.
   */
  async getShared(viewer: SessionViewer, sessionId: string): Promise<CachedAnswer> {
    const versions = await this.readVisibleVersions(viewer, sessionId);
    const whole = await this.readCache.read(
      `detail:${sessionId}`,
      versionKey(versions),
      async () => toDetailAnswer(await this.present(sessionId)),
      { maxAgeMs: PRESENCE_MAX_AGE_MS },
    );
    if (await this.mayReadParticipants(viewer, sessionId)) return whole;
    // Made from the whole answer, so it follows it: the same ETag never names two contents.
    return this.readCache.read(`detail-public:${sessionId}`, whole.etag, async () =>
      toDetailAnswer(withoutParticipants((whole.value as { session: BidSessionDetail }).session)),
    );
  }

  /** The first active or paused session, else the next scheduled one; and all of those. */
  /**
   * The session the viewer's dashboard and Bidding page centre on, and every active, paused or
   * scheduled one. Running sessions come before scheduled ones (spec section 4), and within each
   * group one the viewer takes part in comes first: with two sessions at once, a member must see
   * their own, not whichever started first.
   */
  /**
   * `{ session, sessions }`: the viewer's current session (whole, or with `summary` without its
   * participants and stations, for a client that follows the board) and every current one.
   */
  async current(viewer: SessionViewer, view: 'full' | 'summary' = 'full'): Promise<CachedAnswer> {
    const rows = await this.listCurrentSessions(this.db);
    const centred = await this.pickViewersSession(viewer, rows);
    const outsideVersion = await readEngineDataVersion(this.db);
    // The answer changes with any of the listed sessions; it is shared by all who centre on the same one.
    const key = `${rows.map((row) => `${row.id}@${row.version}`).join(',')}.${outsideVersion}`;
    const role =
      centred && view === 'full' && !(await this.mayReadParticipants(viewer, centred.id)) ? 'public' : 'whole';
    return this.readCache.read(
      `current-${view}-${role}:${centred?.id ?? 'none'}`,
      key,
      async () => {
        const sessions = await presentSessionSummaries(this.db, rows, { now: this.clock.now() });
        if (view === 'summary')
          return { session: sessions.find((session) => session.id === centred?.id) ?? null, sessions };
        const detail = centred ? await this.getShared(viewer, centred.id) : null;
        return { session: (detail?.value as { session: BidSessionDetail } | undefined)?.session ?? null, sessions };
      },
      { maxAgeMs: PRESENCE_MAX_AGE_MS },
    );
  }

  /** The participant list and every participant's details: administrators and the session's participants. */
  private async mayReadParticipants(viewer: SessionViewer, sessionId: string): Promise<boolean> {
    if (viewer.isAdmin) return true;
    // The member's kept place answers it: no query while nothing changes (decision 014).
    const versions = await this.versions.read(sessionId);
    return versions !== undefined && (await this.readOwnPlace(viewer, sessionId, versions)).participant !== null;
  }

  /** Every participant in queue order, shared like the session (administrators and participants). */
  async participants(viewer: SessionViewer, sessionId: string): Promise<CachedAnswer> {
    const versions = await this.readParticipantsVersions(viewer, sessionId);
    return this.readCache.read(
      `participants:${sessionId}`,
      versionKey(versions),
      async () => {
        const participants = await this.presentParticipantsOf(sessionId);
        return { participants, nextCursor: null, total: participants.length };
      },
      { maxAgeMs: PRESENCE_MAX_AGE_MS },
    );
  }

  /** A page of participants in queue order; the cursor is the last queue position of the previous page. */
  async participantPage(
    viewer: SessionViewer,
    sessionId: string,
    query: ParticipantPageQuery,
  ): Promise<ParticipantPage> {
    await this.readParticipantsVersions(viewer, sessionId);
    const session = await findSessionOrRefuse(this.db, sessionId);
    const limit = query.limit ?? PARTICIPANT_PAGE_DEFAULT_LIMIT;
    const filter = {
      search: query.search || undefined,
      connectedSince:
        query.connected === 'true' ? new Date(this.clock.now().getTime() - CONNECTED_WITHIN_MS) : undefined,
    };
    // One more than asked tells whether another page follows.
    const [views, total] = await Promise.all([
      listParticipantViewsPage(this.db, sessionId, { ...filter, afterPosition: query.cursor, limit: limit + 1 }),
      countParticipantsMatching(this.db, sessionId, filter),
    ]);
    const pageViews = views.slice(0, limit);
    const participants = await presentSomeParticipants(this.db, session, pageViews, { now: this.clock.now() });
    const last = pageViews.at(-1);
    return { participants, nextCursor: views.length > limit && last ? last.participant.queuePosition : null, total };
  }

  /** Oldest first; shared per session version (history is only ever added to, by the steps). */
  async history(viewer: SessionViewer, sessionId: string): Promise<CachedAnswer> {
    const versions = await this.readParticipantsVersions(viewer, sessionId);
    return this.readCache.read(`history:${sessionId}`, versionKey(versions), async () => ({
      history: (await listHistory(this.db, sessionId)).map(presentHistoryEntry),
    }));
  }

  /** `timeZone`: the department's (IANA), for the times in each participant's reason. */
  async results(viewer: SessionViewer, sessionId: string, options: ResultsOptions = {}): Promise<SessionResults> {
    await this.findSessionForParticipantsAndAdmins(viewer, sessionId);
    return (await this.presentResults(sessionId, options)).results;
  }

  /** The results with the session they are about, as the results call and the export show them. */
  private async presentResults(
    sessionId: string,
    { timeZone = 'UTC' }: ResultsOptions,
  ): Promise<{ results: SessionResults; session: BidSessionDetail }> {
    const [session, historyRows, reasons] = await Promise.all([
      this.present(sessionId),
      listHistory(this.db, sessionId),
      readResultReasons(this.db, sessionId, timeZone),
    ]);
    const statistics = computeSessionStatistics({
      participants: session.participants.map((participant) => ({
        outcome: participant.outcome,
        movedToBack: participant.movedToBack,
        awardedSeat: participant.hasBid ? participant.assignedStation : null,
      })),
    });
    const results: SessionResults = {
      id: session.id,
      _id: session.id,
      name: session.name,
      year: session.year,
      status: session.status,
      totalParticipants: session.totalParticipants,
      completedBids: session.completedBids,
      statistics,
      sessionDuration: minutesBetween(session.actualStart, session.actualEnd),
      scheduledStart: session.scheduledStart,
      scheduledEnd: session.scheduledEnd,
      actualStart: session.actualStart,
      actualEnd: session.actualEnd,
      participants: session.participants.map((participant) => ({
        ...participant,
        reason: reasons.get(participant.id) ?? null,
      })),
      sessionHistory: historyRows.map(presentHistoryEntry),
    };
    return { results, session };
  }

  async exportStatus(sessionId: string): Promise<ExportStatus> {
    const session = await findSessionOrRefuse(this.db, sessionId);
    const { total, withEmail } = await countParticipantsWithEmail(this.db, sessionId);
    const isCompleted = session.status === 'completed';
    return {
      canExport: isCompleted,
      // Reminders go to the participants of any session they can see (every status but draft).
      canSendReminders: session.status !== 'draft' && total > 0,
      totalParticipants: total,
      participantsWithEmail: withEmail,
      participantsWithoutEmail: total - withEmail,
    };
  }

  /** The results of a completed session, for the export; any other status is refused. */
  /** The export holds what the results show, so the same people may download it. */
  async resultsForExport(viewer: SessionViewer, sessionId: string, options: ResultsOptions = {}) {
    const session = await this.findSessionForParticipantsAndAdmins(viewer, sessionId);
    if (session.status !== 'completed') throw conflict(BID_MESSAGES.cannotExport);
    return this.presentResults(sessionId, options);
  }

  /** The signed-in member's place in a session they can see. */
  async myParticipation(viewer: SessionViewer, sessionId: string) {
    const versions = await this.readVisibleVersions(viewer, sessionId);
    const { session, participant: mine } = await this.readOwnPlace(viewer, sessionId, versions);
    return {
      participant: mine,
      isUserTurn: mine?.isCurrentTurn ?? false,
      peopleAhead: mine ? countPeopleAhead(mine, session) : 0,
      timeRemaining: mine ? this.secondsLeftInTurn(session, mine) : 0,
    };
  }

  /**
   * The member's place in their current session (active or paused, else scheduled); when they take
   * part in none, the department's current session with no place.
   */
  async bidStatus(viewer: SessionViewer) {
    const currentSessions = await this.listCurrentSessions(this.db);
    const participations = await this.listSessionIdsOf(viewer);
    const session = currentSessions.find((candidate) => participations.has(candidate.id)) ?? currentSessions[0] ?? null;
    if (!session) return { position: null, isUserTurn: false, timeRemaining: 0, session: null };
    const [mine, summary] = await Promise.all([
      participations.has(session.id) ? this.presentOwnParticipant(session, viewer) : null,
      this.readSummary(session),
    ]);
    return {
      position: mine ? (mine.outcome === null ? countPeopleAhead(mine, session) + 1 : mine.position + 1) : null,
      isUserTurn: mine?.isCurrentTurn ?? false,
      timeRemaining: mine ? this.secondsLeftInTurn(session, mine) : 0,
      session: summary ?? null,
    };
  }

  /** The member's accepted bids in every session, newest first. */
  async bidHistory(viewer: SessionViewer) {
    const rows = await listBidsOfMember(this.db, viewer.id);
    return rows.map(({ bid, session, bidPriority }) => ({
      _id: bid.id,
      id: bid.id,
      createdAt: bid.createdAt.toISOString(),
      timestamp: bid.createdAt.toISOString(),
      session: { _id: session.id, id: session.id, name: session.name, year: session.year },
      station: { name: bid.stationName, number: bid.stationNumber },
      shift: bid.shift as Participant['bidHistory'][number]['shift'],
      position: bid.seatPosition as Participant['bidHistory'][number]['position'],
      kind: bid.kind as Participant['bidHistory'][number]['kind'],
      status: session.status === 'completed' ? ('completed' as const) : ('active' as const),
      bidPriority,
    }));
  }

  // -------------------------------------------------------------------------------------------
  // Changing

  async create(body: ParsedCreateRequest, actor: SessionViewer): Promise<BidSessionDetail> {
    const now = this.clock.now();
    const memberIds = [...new Set(body.participantIds)];
    const stationIds = [...new Set(body.stationIds)];
    if (memberIds.length === 0) throw badRequest(BID_MESSAGES.participantsRequired);
    this.checkSchedule(toDate(body.scheduledStart), toDate(body.scheduledEnd), now);
    const created = await this.db.transaction(async (tx) => {
      const candidates = await this.findActiveMembers(tx, memberIds);
      await this.checkStationsExist(tx, stationIds);
      const tieBreakChain = [...body.tieBreakChain];
      const session = await insertSession(tx, {
        name: body.name,
        description: body.description,
        year: body.year,
        status: body.scheduledStart ? 'scheduled' : 'draft',
        bidWindowMinutes: body.bidWindowDuration,
        autoAssignTimeoutMinutes: body.autoAssignTimeout,
        startDate: toDate(body.startDate),
        endDate: toDate(body.endDate),
        scheduledStart: toDate(body.scheduledStart),
        scheduledEnd: toDate(body.scheduledEnd),
        clearAssignments: body.clearAssignments,
        eligibilityMode: body.eligibilityMode,
        tieBreakChain,
        randomSeed: tieBreakChain.includes('random') ? newRandomSeed() : null,
        createdById: actor.id,
        createdAt: now,
        updatedAt: now,
      });
      await replaceSessionStations(tx, session.id, stationIds);
      await this.writeQueue(tx, session, [], candidates);
      await recordActivity(tx, {
        memberId: actor.id,
        actorName: viewerName(actor),
        type: 'session',
        title: 'Bid session created',
        description: `${viewerName(actor)} created the bid session ${session.name} with ${candidates.length} participants`,
        details: { sessionId: session.id, action: 'create' },
        at: now,
      });
      return session;
    });
    return this.present(created.id);
  }

  async update(sessionId: string, body: ParsedUpdateRequest, actor: SessionViewer): Promise<BidSessionDetail> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const session = await this.lockSessionOrRefuse(tx, sessionId);
      if (session.status === 'completed') throw conflict(BID_MESSAGES.completedSessionCannotChange);
      const changed = await this.changedFields(tx, session, body);
      if (isRunningStatus(session.status)) {
        const refused = changed.filter((field) => !(LIVE_EDITABLE_FIELDS as readonly string[]).includes(field));
        if (refused.length > 0) throw conflict(liveEditRefusal(refused));
      }
      const changes = this.sessionChanges(session, body, now);
      const startDate = changes.startDate === undefined ? session.startDate : changes.startDate;
      const endDate = changes.endDate === undefined ? session.endDate : changes.endDate;
      if (startDate && endDate && endDate < startDate) throw badRequest(BID_MESSAGES.endBeforeStart);
      if (changed.includes('scheduledStart') || changed.includes('scheduledEnd')) {
        this.checkSchedule(
          changes.scheduledStart === undefined ? session.scheduledStart : changes.scheduledStart,
          changes.scheduledEnd === undefined ? session.scheduledEnd : changes.scheduledEnd,
          now,
        );
      }
      // A new start time gets its own day-before e-mail (session-messages).
      if (changed.includes('scheduledStart')) changes.dayBeforeReminderSentAt = null;
      await updateSession(tx, sessionId, changes);
      const updated = { ...session, ...changes } as SessionRow;
      if (body.stationIds !== undefined && changed.includes('stationIds')) {
        const stationIds = [...new Set(body.stationIds)];
        await this.checkStationsExist(tx, stationIds);
        await replaceSessionStations(tx, sessionId, stationIds);
      }
      if (body.participantIds !== undefined && changed.includes('participantIds')) {
        await this.replaceParticipants(tx, updated, body.participantIds);
      } else if (changed.includes('tieBreakChain')) {
        await this.writeQueue(tx, updated, await listParticipantRows(tx, sessionId), []);
      }
      await recordActivity(tx, {
        memberId: actor.id,
        actorName: viewerName(actor),
        type: 'session',
        title: 'Bid session updated',
        description: `${viewerName(actor)} updated the bid session ${updated.name}`,
        details: { sessionId, action: 'update', fields: changed },
        at: now,
      });
    });
    return this.present(sessionId);
  }

  /** Deletes a draft, scheduled or completed session; answers the message to show. */
  async delete(sessionId: string, actor: SessionViewer): Promise<string> {
    return this.db.transaction(async (tx) => {
      const session = await this.lockSessionOrRefuse(tx, sessionId);
      if (isRunningStatus(session.status)) throw conflict(BID_MESSAGES.runningSessionCannotBeDeleted);
      await this.deleteLocked(tx, session, actor);
      return session.status === 'completed' ? BID_MESSAGES.sessionDeletedWithResults : BID_MESSAGES.sessionDeleted;
    });
  }

  /** DELETE /admin/delete-completed-session: completed sessions only. */
  async deleteCompleted(sessionId: string, actor: SessionViewer): Promise<void> {
    await this.db.transaction(async (tx) => {
      const session = await this.lockSessionOrRefuse(tx, sessionId);
      if (session.status !== 'completed') throw conflict(BID_MESSAGES.onlyCompletedSessionDeletedHere);
      await this.deleteLocked(tx, session, actor);
    });
  }

  async addParticipants(sessionId: string, memberIds: readonly string[]): Promise<Participant[]> {
    await this.db.transaction(async (tx) => {
      const session = await this.lockSessionBeforeStart(tx, sessionId);
      const existing = await listParticipantRows(tx, sessionId);
      const present = new Set(existing.map((row) => row.memberId));
      const newIds = [...new Set(memberIds)].filter((id) => !present.has(id));
      await this.writeQueue(tx, session, existing, await this.findActiveMembers(tx, newIds));
    });
    return this.presentParticipantsOf(sessionId);
  }

  async removeParticipant(sessionId: string, memberId: string): Promise<Participant[]> {
    await this.db.transaction(async (tx) => {
      const session = await this.lockSessionBeforeStart(tx, sessionId);
      const existing = await listParticipantRows(tx, sessionId);
      const leaving = existing.find((row) => row.memberId === memberId);
      if (!leaving) throw new AppError('NOT_FOUND', BID_MESSAGES.participantNotFound);
      await deleteParticipants(tx, [leaving.id]);
      await this.writeQueue(
        tx,
        session,
        existing.filter((row) => row !== leaving),
        [],
      );
    });
    return this.presentParticipantsOf(sessionId);
  }

  /** A participant or administrator joins the live session and shows as connected. */
  /**
   * Marks the participant as connected. The spec's clients get the whole session back (every
   * participant, made fresh so it shows them connected); `summary` gives the web app, which
   * follows the board, the session's summary from the shared per-version cache.
   */
  async join(
    viewer: SessionViewer,
    sessionId: string,
    view: 'full' | 'summary' = 'full',
  ): Promise<{ message: string; session: BidSessionDetail | BidSession }> {
    const session = await this.findVisibleSession(this.db, viewer, sessionId);
    const participant = await findParticipantByMember(this.db, sessionId, viewer.id);
    if (!participant && !viewer.isAdmin) throw forbidden(BID_MESSAGES.notParticipant);
    if (participant) await markParticipantJoined(this.db, participant.id, this.clock.now());
    const message = `Successfully joined ${session.name}`;
    if (view === 'summary') {
      const summary = await this.readSummary(session);
      if (!summary) throw new AppError('NOT_FOUND', BID_MESSAGES.sessionNotFound);
      return { message, session: summary };
    }
    return { message, session: await this.present(sessionId) };
  }

  // -------------------------------------------------------------------------------------------
  // Helpers

  private present(sessionId: string): Promise<BidSessionDetail> {
    return presentSession(this.db, sessionId, { now: this.clock.now() });
  }

  /** The viewer as a participant of the session, or null: one member's rows, whatever the session's size. */
  private async presentOwnParticipant(session: SessionRow, viewer: SessionViewer): Promise<Participant | null> {
    const view = await findParticipantViewByMember(this.db, session.id, viewer.id);
    if (!view) return null;
    const [mine] = await presentSomeParticipants(this.db, session, [view], { now: this.clock.now() });
    return mine ?? null;
  }

  /** A session's summary, shared per version like its other reads. */
  private async readSummary(session: SessionRow): Promise<BidSession | null> {
    const outsideVersion = await readEngineDataVersion(this.db);
    const answer = await this.readCache.read(
      `summary:${session.id}`,
      versionKey({ version: session.version, outsideVersion }),
      async () => (await presentSessionSummaries(this.db, [session], { now: this.clock.now() }))[0] ?? null,
      { maxAgeMs: PRESENCE_MAX_AGE_MS },
    );
    return answer.value as BidSession | null;
  }

  /** The session's counters, once the viewer may see it (drafts: administrators only, as 404). */
  private async readVisibleVersions(viewer: SessionViewer, sessionId: string): Promise<SessionVersions> {
    const versions = await this.versions.read(sessionId);
    if (!versions || (!viewer.isAdmin && !MEMBER_VISIBLE_STATUSES.includes(versions.status as BidSessionStatus))) {
      throw new AppError('NOT_FOUND', BID_MESSAGES.sessionNotFound);
    }
    return versions;
  }

  /** The same for what only administrators and the session's participants read. */
  private async readParticipantsVersions(viewer: SessionViewer, sessionId: string): Promise<SessionVersions> {
    const versions = await this.readVisibleVersions(viewer, sessionId);
    if (!viewer.isAdmin && !(await this.readOwnPlace(viewer, sessionId, versions)).participant) {
      throw forbidden(BID_MESSAGES.notParticipant);
    }
    return versions;
  }

  /** The viewer's own place in a session at `versions`, shared between their polls (decision 014). */
  private readOwnPlace(viewer: SessionViewer, sessionId: string, versions: SessionVersions): Promise<OwnPlace> {
    return this.ownPlaces.read(sessionId, versions, viewer.id, async () => {
      const session = await findSessionOrRefuse(this.db, sessionId);
      return { session, participant: await this.presentOwnParticipant(session, viewer) };
    });
  }

  private async presentParticipantsOf(sessionId: string): Promise<Participant[]> {
    const session = await findSessionOrRefuse(this.db, sessionId);
    return presentParticipants(this.db, session, { now: this.clock.now() });
  }

  private async lockSessionOrRefuse(executor: Executor, sessionId: string): Promise<SessionRow> {
    const session = await lockSessionById(executor, sessionId);
    if (!session) throw new AppError('NOT_FOUND', BID_MESSAGES.sessionNotFound);
    return session;
  }

  private async lockSessionBeforeStart(executor: Executor, sessionId: string): Promise<SessionRow> {
    const session = await this.lockSessionOrRefuse(executor, sessionId);
    if (!isBeforeStart(session.status)) throw conflict(BID_MESSAGES.participantsChangeOnlyBeforeStart);
    return session;
  }

  /** A draft does not exist for members: the same answer as an unknown id. */
  private async findVisibleSession(executor: Executor, viewer: SessionViewer, sessionId: string) {
    const session = await findSessionOrRefuse(executor, sessionId);
    if (!viewer.isAdmin && !MEMBER_VISIBLE_STATUSES.includes(session.status as BidSessionStatus)) {
      throw new AppError('NOT_FOUND', BID_MESSAGES.sessionNotFound);
    }
    return session;
  }

  /** Participants, history and results: administrators, and the session's own participants. */
  private async findSessionForParticipantsAndAdmins(viewer: SessionViewer, sessionId: string) {
    const session = await this.findVisibleSession(this.db, viewer, sessionId);
    if (!viewer.isAdmin && !(await findParticipantByMember(this.db, sessionId, viewer.id))) {
      throw forbidden(BID_MESSAGES.notParticipant);
    }
    return session;
  }

  /** Active or paused sessions (earliest started first), then scheduled ones (soonest first). */
  private async listSessionIdsOf(viewer: SessionViewer): Promise<Set<string>> {
    return new Set(
      (await listParticipationsOfMember(this.db, viewer.id)).map((participation) => participation.sessionId),
    );
  }

  /** Of `rows` (running first, then scheduled), the first of the first group the viewer takes part in. */
  private async pickViewersSession(viewer: SessionViewer, rows: readonly SessionRow[]): Promise<SessionRow | null> {
    const [first] = rows;
    if (!first) return null;
    const group = rows.filter((row) => isRunningStatus(row.status) === isRunningStatus(first.status));
    const participations = await this.listSessionIdsOf(viewer);
    return group.find((row) => participations.has(row.id)) ?? first;
  }

  private async listCurrentSessions(executor: Executor): Promise<SessionRow[]> {
    const rows = await listSessions(executor, ['active', 'paused', 'scheduled']);
    const running = rows
      .filter((row) => isRunningStatus(row.status))
      .sort((a, b) => timeOrMax(a.actualStart) - timeOrMax(b.actualStart));
    const scheduled = rows
      .filter((row) => row.status === 'scheduled')
      .sort((a, b) => timeOrMax(a.scheduledStart) - timeOrMax(b.scheduledStart));
    return [...running, ...scheduled];
  }

  /** Seconds left in the participant's turn by the server's clock: the frozen remainder while paused. */
  private secondsLeftInTurn(session: SessionRow, participant: Participant): number {
    if (!participant.isCurrentTurn) return 0;
    if (session.status === 'paused') return secondsFromMilliseconds(session.pausedRemainingMs ?? 0);
    const deadline = session.currentBidEnd ?? toDate(participant.timeWindow.end);
    return deadline ? secondsFromMilliseconds(deadline.getTime() - this.clock.now().getTime()) : 0;
  }

  private async findActiveMembers(executor: Executor, memberIds: readonly string[]) {
    const found = await listActiveMembersByIds(executor, memberIds);
    const missing = memberIds.length - found.length;
    if (missing > 0) throw badRequest(unknownMembersMessage(missing));
    return found;
  }

  private async checkStationsExist(executor: Executor, stationIds: readonly string[]): Promise<void> {
    const missing = stationIds.length - (await listExistingStationIds(executor, stationIds)).length;
    if (missing > 0) throw badRequest(unknownStationsMessage(missing));
  }

  private checkSchedule(scheduledStart: Date | null, scheduledEnd: Date | null, now: Date): void {
    if (scheduledStart && scheduledStart <= now) throw badRequest(BID_MESSAGES.scheduledStartInPast);
    if (scheduledStart && scheduledEnd && scheduledEnd <= scheduledStart) {
      throw badRequest(BID_MESSAGES.scheduledEndBeforeStart);
    }
  }

  /**
   * Orders kept participants and newly added members together by the session's queue order and
   * writes every place: kept rows are re-numbered, new members inserted with their copied details.
   */
  private async writeQueue(
    executor: Executor,
    session: SessionRow,
    kept: readonly ParticipantRow[],
    added: readonly ParticipantCandidateRow[],
  ): Promise<void> {
    const candidates = [
      ...kept.map((row) => ({
        memberId: row.memberId ?? row.id,
        employeeId: row.employeeId,
        yearsOfService: row.yearsOfService,
        seniorityScore: row.seniorityScore,
        kept: row,
        added: null,
      })),
      ...added.map((member) => ({
        memberId: member.id,
        employeeId: member.employeeId,
        yearsOfService: member.yearsOfService,
        seniorityScore: computeSeniorityScore(member),
        kept: null,
        added: member,
      })),
    ];
    const ordered = orderQueue(candidates, session.tieBreakChain as TieBreakLink[], session.randomSeed);
    const places = ordered.map((candidate, place) => ({ candidate, place }));
    await renumberParticipants(
      executor,
      places.flatMap(({ candidate, place }) => (candidate.kept ? [{ id: candidate.kept.id, place }] : [])),
    );
    await insertParticipants(
      executor,
      places.flatMap(({ candidate, place }) =>
        candidate.added
          ? [
              {
                sessionId: session.id,
                memberId: candidate.added.id,
                firstName: candidate.added.firstName,
                lastName: candidate.added.lastName,
                employeeId: candidate.added.employeeId,
                rank: candidate.added.rank,
                position: candidate.added.position,
                yearsOfService: candidate.added.yearsOfService,
                seniorityScore: candidate.seniorityScore,
                bidPriority: place + 1,
                queuePosition: place,
              },
            ]
          : [],
      ),
    );
  }

  /** The queue becomes exactly these members, each copied afresh from their member record. */
  private async replaceParticipants(executor: Executor, session: SessionRow, memberIds: readonly string[]) {
    const uniqueIds = [...new Set(memberIds)];
    if (uniqueIds.length === 0) throw badRequest(BID_MESSAGES.participantsRequired);
    const candidates = await this.findActiveMembers(executor, uniqueIds);
    const existing = await listParticipantRows(executor, session.id);
    await deleteParticipants(
      executor,
      existing.map((row) => row.id),
    );
    await this.writeQueue(executor, session, [], candidates);
  }

  /** The names of the request's fields whose value differs from the stored session. */
  private async changedFields(executor: Executor, session: SessionRow, body: ParsedUpdateRequest): Promise<string[]> {
    const sameTime = (value: string | null | undefined, stored: Date | null) =>
      (toDate(value)?.getTime() ?? null) === (stored?.getTime() ?? null);
    const sameSet = (a: readonly string[], b: readonly (string | null)[]) =>
      new Set(a).size === new Set(b).size && a.every((item) => b.includes(item));
    const checks: Record<keyof ParsedUpdateRequest, () => Promise<boolean> | boolean> = {
      name: () => body.name === session.name,
      description: () => body.description === session.description,
      year: () => body.year === session.year,
      startDate: () => sameTime(body.startDate, session.startDate),
      endDate: () => sameTime(body.endDate, session.endDate),
      scheduledStart: () => sameTime(body.scheduledStart, session.scheduledStart),
      scheduledEnd: () => sameTime(body.scheduledEnd, session.scheduledEnd),
      bidWindowDuration: () => body.bidWindowDuration === session.bidWindowMinutes,
      autoAssignTimeout: () => body.autoAssignTimeout === session.autoAssignTimeoutMinutes,
      clearAssignments: () => body.clearAssignments === session.clearAssignments,
      eligibilityMode: () => body.eligibilityMode === session.eligibilityMode,
      tieBreakChain: () => JSON.stringify(body.tieBreakChain) === JSON.stringify(session.tieBreakChain),
      stationIds: async () =>
        sameSet(
          body.stationIds ?? [],
          (await listSessionStationIds(executor, [session.id])).map((link) => link.stationId),
        ),
      participantIds: async () =>
        sameSet(
          body.participantIds ?? [],
          (await listParticipantRows(executor, session.id)).map((row) => row.memberId),
        ),
    };
    const changed: string[] = [];
    for (const [field, isSame] of Object.entries(checks)) {
      if (body[field as keyof ParsedUpdateRequest] !== undefined && !(await isSame())) changed.push(field);
    }
    return changed;
  }

  /** The column changes a request asks for; status follows the scheduled start before the session starts. */
  private sessionChanges(session: SessionRow, body: ParsedUpdateRequest, now: Date): SessionChanges {
    const changes: SessionChanges = { updatedAt: now };
    if (body.name !== undefined) changes.name = body.name;
    if (body.description !== undefined) changes.description = body.description;
    if (body.year !== undefined) changes.year = body.year;
    if (body.startDate !== undefined) changes.startDate = toDate(body.startDate);
    if (body.endDate !== undefined) changes.endDate = toDate(body.endDate);
    if (body.scheduledStart !== undefined) changes.scheduledStart = toDate(body.scheduledStart);
    if (body.scheduledEnd !== undefined) changes.scheduledEnd = toDate(body.scheduledEnd);
    if (body.bidWindowDuration !== undefined) changes.bidWindowMinutes = body.bidWindowDuration;
    if (body.autoAssignTimeout !== undefined) changes.autoAssignTimeoutMinutes = body.autoAssignTimeout;
    if (body.clearAssignments !== undefined) changes.clearAssignments = body.clearAssignments;
    if (body.eligibilityMode !== undefined) changes.eligibilityMode = body.eligibilityMode;
    if (body.tieBreakChain !== undefined) {
      changes.tieBreakChain = [...body.tieBreakChain];
      const hadRandom = session.tieBreakChain.includes('random');
      const hasRandom = body.tieBreakChain.includes('random');
      if (hasRandom !== hadRandom) changes.randomSeed = hasRandom ? newRandomSeed() : null;
    }
    if (isBeforeStart(session.status) && body.scheduledStart !== undefined) {
      changes.status = body.scheduledStart ? 'scheduled' : 'draft';
    }
    return changes;
  }

  private async deleteLocked(executor: Executor, session: SessionRow, actor: SessionViewer): Promise<void> {
    await deleteSession(executor, session.id);
    await recordActivity(executor, {
      memberId: actor.id,
      actorName: viewerName(actor),
      type: 'session',
      title: 'Bid session deleted',
      description: `${viewerName(actor)} deleted the ${session.status} bid session ${session.name}`,
      details: { sessionId: session.id, action: 'delete', status: session.status },
      at: this.clock.now(),
    });
  }
}

/** GET /:id as the spec's client reads it: `session`, its alias `bidSession`, and the stations' free seats. */
function toDetailAnswer(session: BidSessionDetail) {
  return {
    session,
    bidSession: session,
    availableStations: session.availableStations.map(({ availablePositions: _byShift, ...station }) => ({
      ...station,
      availablePositions: station.available,
    })),
  };
}

/** The session as a member who takes no part in it sees it: everything but the participant list. */
function withoutParticipants(session: BidSessionDetail): BidSessionDetail {
  return { ...session, participants: [] };
}

/** Whole minutes from start to end (bidding-rules.md, "Results"); null until both exist. */
function minutesBetween(start: string | null, end: string | null): number | null {
  if (!start || !end) return null;
  return Math.round((new Date(end).getTime() - new Date(start).getTime()) / 60_000);
}
const timeOrMax = (date: Date | null) => date?.getTime() ?? Number.MAX_SAFE_INTEGER;

/**
 * Participants still to bid before this one; 0 when it is their turn or they are done. Turns are
 * taken in queue order and a participant is done only after their turn, so everyone between the
 * turn (or the queue's start, before the session runs) and this one is still waiting.
 */
function countPeopleAhead(mine: Participant, session: SessionRow): number {
  if (mine.outcome !== null || mine.isCurrentTurn) return 0;
  const firstWaiting = isRunningStatus(session.status) ? Math.max(0, session.currentParticipant - 1) : 0;
  return Math.max(0, mine.position - firstWaiting);
}
