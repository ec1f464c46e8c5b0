/**
 * The engine steps of a live session: start, pause, resume, end, bids, skips, moves to the back and
 * expired turns. Each step is one transaction: lock the session row, load its state, apply one
 * command of the pure engine, write back what changed. The lock serialises every step of a session
 * (across server processes too); the unique seat reference in the database stands behind the rule
 * that no seat is ever given twice.
 */
import {
  type Actor,
  applyCommand,
  BID_MESSAGES,
  type BidPositionLabel,
  type BidSession,
  type BidSessionDetail,
  bidSubmittedMessage,
  buildBoardHead,
  type EngineCommand,
  type EngineEvent,
  type EngineState,
  findStateChanges,
  getSeatPositionForBidLabel,
  getTurnHolder,
  officerSeatNeedsOfficerRankMessage,
  presentWhatIf,
  previewRewind,
  type RewindPreview,
  type RewindRequest,
  rewoundMessage,
  runWhatIf,
  type SeatRef,
  type Shift,
  type StateChanges,
  SYSTEM_ACTOR,
  type WhatIf,
  withSeatsAtStart,
} from '@stationbid/domain';
import { TransactionRollbackError } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, conflict } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { readRecordedSettings } from '../session-record/session-record.repository.ts';
import { findParticipantByMember, findSessionById } from './bid-sessions.repository.ts';
import { EngineStateCache, type StateVersions } from './engine-state-cache.ts';
import {
  type LoadedEngineState,
  loadEngineState,
  lockSessionRow,
  type SessionRow,
  toEngineSession,
} from './engine-state-loader.repository.ts';
import { saveEngineStep } from './engine-step-writer.repository.ts';
import { countChangeForOtherSessions, markEngineStep, readEngineDataVersion } from './engine-versions.repository.ts';
import { freezeRulesAtStart } from './rules-freeze.ts';
import { freezeSeniorityAtStart, readSeniorityCorrections } from './seniority-freeze.ts';
import { readerFor, sessionAsReadBy } from './session-access.ts';
import { presentSession, presentSessionSummary } from './session-presenter.ts';
import { isRunningStatus } from './session-row-presenter.ts';
import { auditEngineStep } from './step-audit.ts';

/** Who asks for a step: a signed-in member (an administrator or not). */
export interface SessionActor {
  id: string;
  isAdmin: boolean;
  firstName: string;
  lastName: string;
}

/** What one step did: the state before and after, and its events (none when nothing changed). */
export interface EngineStepResult {
  loaded: LoadedEngineState;
  after: EngineState;
  events: readonly EngineEvent[];
  now: Date;
  hasChanged: boolean;
  /** The session's version after the step (unchanged when the step changed nothing). */
  version: number;
  /** The participants and seats the step changed. */
  changes: StateChanges;
}

/** Hears of a committed step (after its transaction), e.g. to publish it on the live stream. */
export type StepAnnouncer = (sessionId: string, step: EngineStepResult) => void;

/** What the turn clock found when it looked at one due session. */
export type DueSessionOutcome =
  /** A step was applied (an expired turn or a scheduled start). */
  | 'processed'
  /** Nothing was due any more once the session was locked. */
  | 'not_due'
  /** Another transaction (a request, or another process's clock) holds the session; try next tick. */
  | 'busy';

export interface SubmitBidInput {
  sessionId: string;
  /** `position`: a seat position, or a label of the spec's bid dialog read by the bidder's rank. */
  bidData: { station: string | number; shift: Shift; position: BidPositionLabel };
  userId?: string | undefined;
}

const notFound = () => new AppError('NOT_FOUND', BID_MESSAGES.sessionNotFound);

/** Reads of a running session's row to match its kept state before the state is read from the database. */
const STATE_TO_PLAY_ATTEMPTS = 3;

function toActor(member: SessionActor): Actor {
  return { memberId: member.id, name: `${member.firstName} ${member.lastName}`, isAdmin: member.isAdmin };
}

/**
 * A seat taken outside the session in the same instant (an administrator's assignment, which the
 * step's snapshot could not see), or a seat deleted meanwhile: the database refuses, and so do we.
 */
function isSeatRaceLost(error: unknown): boolean {
  if (isUniqueViolation(error, 'members_current_seat_unique')) return true;
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23503' && candidate.constraint === 'members_current_seat_id_seats_id_fk') return true;
    current = candidate.cause;
  }
  return false;
}

/** Writes the e-mail and SMS of a step's events to the outbox, in the step's transaction. */
export type StepMessageQueue = (
  executor: Executor,
  step: { sessionId: string; sessionName: string; events: readonly EngineEvent[]; now: Date },
) => Promise<unknown>;

export class SessionEngineService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    /** Told of every committed step that changed something (the live stream); never of a rolled-back one. */
    private readonly announceStep: StepAnnouncer = () => {},
    /** Queues the step's e-mail and SMS in the step's transaction (session-messages). */
    private readonly queueStepMessages?: StepMessageQueue,
    /**
     * Participants and seats of the sessions stepped last, so a big session is not read whole
     * every step; shared with the board, which reads the state a step has just written.
     */
    private readonly stateCache: EngineStateCache = new EngineStateCache(),
    /** The department's time zone now (issue 16): the in-app turn notice names its deadline in it. */
    private readonly departmentTimeZone: () => string = () => 'UTC',
  ) {}

  /**
   * One engine step in one transaction. `buildCommand` sees the locked state and the server's time,
   * and may refuse by throwing; an engine refusal becomes an AppError with its code and message.
   * It may answer the state the command reads too, when that holds more than the loaded state (a
   * rewind reads the seats held at the start).
   */
  async runEngineCommand(
    sessionId: string,
    buildCommand: (
      loaded: LoadedEngineState,
      now: number,
      tx: Executor,
    ) => EngineCommand | Promise<EngineCommand | { command: EngineCommand; state: EngineState }>,
    /** Runs under the lock before the state is read (the start freezes seniority here); answers the row as changed. */
    prepare?: (tx: Executor, locked: SessionRow) => Promise<SessionRow>,
  ): Promise<EngineStepResult> {
    try {
      const { step, cacheVersions, command } = await this.db.transaction(async (tx) => {
        const found = await lockSessionRow(tx, sessionId);
        if (!found) throw notFound();
        const locked = prepare ? await prepare(tx, found) : found;
        const loaded = await this.loadLockedState(tx, locked);
        // Read after the lock: steps of one session are then in time order, whatever waited for the lock.
        const now = this.clock.now();
        const built = await buildCommand(loaded, now.getTime(), tx);
        const { command, input } =
          'command' in built
            ? { command: built.command, input: { ...loaded, state: built.state } }
            : { command: built, input: loaded };
        const result = applyCommand(input.state, command);
        if (!result.ok) throw new AppError(result.refusal.code, result.refusal.message);
        return { ...(await this.saveStep(tx, input, command, result, now)), command };
      });
      this.keepStateAfterCommit(sessionId, step, cacheVersions);
      this.announceAfterCommit(sessionId, step, command);
      return step;
    } catch (error) {
      // A refusal wrote nothing, so the state kept is still right; anything else may have been a
      // change the state did not know of (a seat taken meanwhile), so it is read afresh next time.
      if (!(error instanceof AppError)) this.stateCache.forget(sessionId);
      if (isSeatRaceLost(error)) throw conflict(BID_MESSAGES.seatUnavailable);
      throw error;
    }
  }

  /**
   * A what-if run (bid-engine/what-if.ts); nothing is written. A draft or scheduled session runs
   * from its start, a running one from its current turn (`stateToPlay`).
   */
  async whatIf(sessionId: string): Promise<WhatIf> {
    const row = await findSessionById(this.db, sessionId);
    if (!row) throw notFound();
    if (row.status === 'completed') throw conflict(BID_MESSAGES.whatIfAfterCompletion);
    const now = this.clock.now();
    const { state, ranFrom } = await this.stateToPlay(row, now);
    const outcome = runWhatIf(state, now.getTime());
    if (!outcome.ok) throw conflict(outcome.message);
    return presentWhatIf(sessionId, ranFrom, outcome.result);
  }

  /**
   * The state a run to the end plays from (the what-if, the forecast). A running session's as it
   * stands, the kept state when still current. A draft or scheduled session is first frozen as its
   * start would freeze it (seniority, rules), in a transaction that is then rolled back: the state
   * read is plain data, and the run itself happens after, holding no lock. `readAt`: the running
   * session's counters the state is of.
   */
  async stateToPlay(
    row: NonNullable<Awaited<ReturnType<typeof findSessionById>>>,
    now: Date,
  ): Promise<{ state: EngineState; ranFrom: 'start' | 'currentTurn'; readAt?: StateVersions }> {
    const sessionId = row.id;
    if (isRunningStatus(row.status)) {
      let current = row;
      for (let attempt = 1; ; attempt++) {
        const versions = { version: current.version, outsideVersion: await readEngineDataVersion(this.db) };
        const cached = this.stateCache.get(sessionId, versions);
        if (cached) {
          const state = { session: toEngineSession(current), participants: cached.participants, seats: cached.seats };
          return { state, ranFrom: 'currentTurn', readAt: versions };
        }
        // A step came after the row was read, and its state is kept: the row is read again to
        // match it, rather than the whole state from the database (which at 20,000 participants
        // holds up every other request, and happens at every pick that lands during a read).
        if (attempt < STATE_TO_PLAY_ATTEMPTS && this.stateCache.hasNewer(sessionId, versions)) {
          const again = await findSessionById(this.db, sessionId);
          if (again && isRunningStatus(again.status)) {
            current = again;
            continue;
          }
        }
        const state = (await loadEngineState(this.db, sessionId, { lockedRow: current }))?.state;
        if (!state) throw notFound();
        return { state, ranFrom: 'currentTurn', readAt: versions };
      }
    }
    let frozen: EngineState | undefined;
    try {
      await this.db.transaction(async (tx) => {
        const locked = await lockSessionRow(tx, sessionId);
        if (!locked) throw notFound();
        const rules = await freezeRulesAtStart(tx, await freezeOrRefuse(tx, locked), now, this.departmentTimeZone());
        frozen = (await loadEngineState(tx, sessionId, { lockedRow: rules }))?.state;
        if (!frozen) throw notFound();
        tx.rollback();
      });
    } catch (error) {
      if (!(error instanceof TransactionRollbackError)) throw error;
    }
    if (!frozen) throw new Error('the frozen state was not read');
    return { state: frozen, ranFrom: 'start' };
  }

  async start(member: SessionActor, sessionId: string) {
    return this.steer(member, sessionId, 'start', BID_MESSAGES.sessionStarted);
  }

  async pause(member: SessionActor, sessionId: string) {
    return this.steer(member, sessionId, 'pause', BID_MESSAGES.sessionPausedSuccess);
  }

  async resume(member: SessionActor, sessionId: string) {
    return this.steer(member, sessionId, 'resume', BID_MESSAGES.sessionResumed);
  }

  async end(member: SessionActor, sessionId: string) {
    return this.steer(member, sessionId, 'end', BID_MESSAGES.sessionEnded);
  }

  /**
   * Rewinds the bid to a member's turn (bidding-rules.md, "Rewind"), with the seniority their
   * members' records hold now and the seats held at the start from the record's settings.
   */
  async rewind(
    member: SessionActor,
    sessionId: string,
    request: RewindRequest,
  ): Promise<{ session: BidSessionDetail; message: string }> {
    const actor = toActor(member);
    const step = await this.runEngineCommand(sessionId, async ({ session, state }, now, tx) => {
      const participant = findParticipantOrRefuse(state, request.toUserId);
      const rewound = await this.stateToRewind(tx, session, state);
      const command: EngineCommand = {
        type: 'rewind',
        now,
        actor,
        participantId: participant.participantId,
        reason: request.reason,
        ...(rewound.corrections.length > 0 ? { corrections: rewound.corrections } : {}),
      };
      return { command, state: rewound.state };
    });
    const undone = step.events.filter((event) => event.kind === 'history' && event.entry.action === 'turn_undone');
    return { session: await this.present(sessionId), message: rewoundMessage(undone.length) };
  }

  /** What a rewind to `toUserId` would do now (or, without one, which places corrected seniority moves); nothing is written. */
  async previewRewind(member: SessionActor, sessionId: string, toUserId: string | undefined): Promise<RewindPreview> {
    const row = await findSessionById(this.db, sessionId);
    if (!row) throw notFound();
    if (row.status === 'draft' || row.status === 'scheduled') throw conflict(BID_MESSAGES.rewindBeforeStart);
    const loaded = await loadEngineState(this.db, sessionId, { lockedRow: row });
    if (!loaded) throw notFound();
    const participant = toUserId === undefined ? null : findParticipantOrRefuse(loaded.state, toUserId);
    const rewound = await this.stateToRewind(this.db, row, loaded.state);
    return previewRewind({
      sessionId,
      state: rewound.state,
      participantId: participant?.participantId ?? null,
      corrections: rewound.corrections,
      actor: toActor(member),
      now: this.clock.now().getTime(),
    });
  }

  /** The state a rewind reads (with the seats held at the start), and the seniority corrected since the start. */
  private async stateToRewind(executor: Executor, session: SessionRow, state: EngineState) {
    const recorded = await readRecordedSettings(executor, session.id);
    const corrections = await readSeniorityCorrections(executor, session, state.participants);
    return { state: recorded ? withSeatsAtStart(state, recorded.settings.state) : state, corrections };
  }

  /** Sends the turn holder to the back; `memberId`, when given, must name them. */
  async moveToBack(
    member: SessionActor,
    sessionId: string,
    memberId: string | undefined,
  ): Promise<{ session: BidSessionDetail; message: string }> {
    const actor = toActor(member);
    await this.runEngineCommand(sessionId, ({ state }, now) => {
      const participant = memberId
        ? state.participants.find((candidate) => candidate.memberId === memberId)
        : getTurnHolder(state);
      if (memberId && !participant) throw new AppError('NOT_FOUND', BID_MESSAGES.participantNotFound);
      // With no turn held, the engine answers why (the session is not running).
      return { type: 'move_to_back', now, actor, participantId: participant?.participantId ?? '' };
    });
    return { session: await this.present(sessionId), message: BID_MESSAGES.movedToBack };
  }

  /**
   * A bid for the member's own turn, or an administrator's phone-in bid for the turn holder named
   * by `userId`. The station is named by its id or its number; the position by its seat position or
   * by a label of the spec's bid dialog (Paramedic, Driver, Officer), read by the bidder's rank.
   */
  async submitBid(member: SessionActor, input: SubmitBidInput) {
    const actor = toActor(member);
    const targetMemberId = input.userId ?? member.id;
    if (targetMemberId !== member.id && !member.isAdmin) throw new AppError('FORBIDDEN', BID_MESSAGES.adminOnlyProxy);
    const step = await this.runEngineCommand(input.sessionId, ({ state }, now) => {
      const participant = state.participants.find((candidate) => candidate.memberId === targetMemberId);
      if (!participant) {
        throw targetMemberId === member.id
          ? new AppError('FORBIDDEN', BID_MESSAGES.notParticipant)
          : new AppError('NOT_FOUND', BID_MESSAGES.participantNotFound);
      }
      const station = input.bidData.station;
      const offeredSeat =
        typeof station === 'number'
          ? state.seats.find((seat) => seat.stationNumber === station)
          : state.seats.find((seat) => seat.stationId === station);
      if (!offeredSeat) throw new AppError('BAD_REQUEST', BID_MESSAGES.stationNotOffered);
      const seatPosition = getSeatPositionForBidLabel(input.bidData.position, participant.rank);
      if (!seatPosition) throw new AppError('BAD_REQUEST', officerSeatNeedsOfficerRankMessage(participant.rank));
      return {
        type: 'bid',
        now,
        actor,
        participantId: participant.participantId,
        seat: { stationId: offeredSeat.stationId, shift: input.bidData.shift, seatPosition },
      };
    });
    const seat = findAwardedSeat(step);
    const station = { id: seat.stationId, _id: seat.stationId, name: seat.stationName, number: seat.stationNumber };
    // The step's state knows the counts: the answer need not count a queue of thousands again.
    const { counts } = buildBoardHead(step.after);
    const session: BidSession = await presentSessionSummary(this.db, input.sessionId, {
      now: this.clock.now(),
      knownCounts: new Map([[input.sessionId, counts]]),
    });
    return {
      success: true as const,
      message: bidSubmittedMessage(seat.stationName, seat.shift, seat.seatPosition),
      station,
      shift: seat.shift,
      position: seat.seatPosition,
      // The spec's client's success message reads these.
      assignedStation: seat.stationName,
      assignedShift: seat.shift,
      assignedPosition: seat.seatPosition,
      // As the bidder reads it: an administrator whole, a member the others' public facts.
      session: sessionAsReadBy(readerFor(member, true), session),
    };
  }

  /** The turn holder passes, keeping the seat they hold. */
  async skipTurn(member: SessionActor, sessionId: string): Promise<void> {
    const actor = toActor(member);
    await this.runEngineCommand(sessionId, ({ state }, now) => {
      const participant = state.participants.find((candidate) => candidate.memberId === member.id);
      if (!participant) throw new AppError('FORBIDDEN', BID_MESSAGES.notParticipant);
      return { type: 'skip', now, actor, participantId: participant.participantId };
    });
  }

  /**
   * The clients' trigger for an expired turn, for participants and administrators. It does what the
   * turn clock does, so calling it twice, or together with the clock, processes a deadline once.
   * True when this call processed a deadline, or the current turn's deadline has passed.
   */
  async checkTimeExpiration(member: SessionActor, sessionId: string): Promise<boolean> {
    const session = await findSessionById(this.db, sessionId);
    if (!session) throw notFound();
    if (!member.isAdmin && !(await findParticipantByMember(this.db, sessionId, member.id))) {
      throw new AppError('FORBIDDEN', BID_MESSAGES.notParticipant);
    }
    const now = this.clock.now().getTime();
    // Most calls find nothing due: answered without taking the session's lock.
    if (!isTurnOverdue(session.status, session.currentBidEnd, now)) return false;
    const step = await this.runEngineCommand(sessionId, (_, lockedNow) => ({ type: 'expire', now: lockedNow }));
    if (step.hasChanged) return true;
    const { status, currentBidEnd } = step.after.session;
    return status === 'active' && currentBidEnd !== null && currentBidEnd < step.now.getTime();
  }

  /**
   * The turn clock's step for one session: an expired turn, or a scheduled start that has come.
   * The session is locked without waiting (a busy one is left for the next tick) and checked again
   * under the lock, so a deadline processed by someone else meanwhile is not processed twice.
   */
  async processDueSession(sessionId: string): Promise<DueSessionOutcome> {
    try {
      const outcome = await this.db.transaction(async (tx) => {
        const locked = await lockSessionRow(tx, sessionId, { skipLocked: true });
        if (!locked) return 'busy' as const;
        const now = this.clock.now();
        const isScheduledStartDue =
          locked.status === 'scheduled' && locked.scheduledStart !== null && locked.scheduledStart <= now;
        if (!isScheduledStartDue && !isTurnOverdue(locked.status, locked.currentBidEnd, now.getTime())) {
          return 'not_due' as const;
        }
        let startingRow = locked;
        if (isScheduledStartDue) {
          const frozen = await freezeSeniorityAtStart(tx, locked);
          if (!frozen.ok) {
            this.log.warn({ sessionId, refusal: frozen.message }, 'turn clock: the scheduled start was refused');
            return 'not_due' as const;
          }
          startingRow = await freezeRulesAtStart(tx, frozen.session, now, this.departmentTimeZone());
        }
        const loaded = await this.loadLockedState(tx, startingRow);
        const command: EngineCommand = isScheduledStartDue
          ? { type: 'start', now: now.getTime(), actor: SYSTEM_ACTOR }
          : { type: 'expire', now: now.getTime() };
        const result = applyCommand(loaded.state, command);
        if (!result.ok) {
          this.log.warn({ sessionId, refusal: result.refusal }, 'turn clock: the scheduled start was refused');
          return 'not_due' as const;
        }
        return { ...(await this.saveStep(tx, loaded, command, result, now)), command };
      });
      if (outcome === 'busy' || outcome === 'not_due') return outcome;
      this.keepStateAfterCommit(sessionId, outcome.step, outcome.cacheVersions);
      this.announceAfterCommit(sessionId, outcome.step, outcome.command);
      return outcome.step.hasChanged ? 'processed' : 'not_due';
    } catch (error) {
      this.stateCache.forget(sessionId);
      if (isSeatRaceLost(error)) {
        // An administrator took the seat the clock was giving; the next tick decides again.
        this.log.info({ sessionId }, 'turn clock: a seat was taken meanwhile; retrying on the next tick');
        return 'busy';
      }
      throw error;
    }
  }

  /**
   * The locked session's state: its participants and seats from the cache when nothing they are
   * read from has changed since (the engine data version says so), else read afresh and kept.
   */
  private async loadLockedState(tx: Executor, locked: SessionRow): Promise<LoadedEngineState & StateVersions> {
    const versions = { version: locked.version, outsideVersion: await readEngineDataVersion(tx) };
    // Another session's steps count only against running sessions (countChangeForOtherSessions):
    // a session that is about to start reads its state afresh.
    const cached = isRunningStatus(locked.status) ? this.stateCache.get(locked.id, versions) : undefined;
    if (cached) {
      return {
        session: locked,
        state: { session: toEngineSession(locked), participants: cached.participants, seats: cached.seats },
        ...versions,
      };
    }
    const loaded = await loadEngineState(tx, locked.id, { lockedRow: locked });
    if (!loaded) throw notFound();
    this.stateCache.set(locked.id, versions, loaded.state);
    return { ...loaded, ...versions };
  }

  /**
   * Writes a step that changed something, counted as one change of the engine data. Answers the
   * version the new state can be kept at, or null when someone else changed the data meanwhile.
   */
  private async saveStep(
    tx: Executor,
    loaded: LoadedEngineState & StateVersions,
    command: EngineCommand,
    result: { state: EngineState; events: readonly EngineEvent[]; standingBidsRead?: readonly string[] },
    now: Date,
  ): Promise<{ step: EngineStepResult; cacheVersions: StateVersions | null }> {
    const hasChanged = result.state !== loaded.state;
    if (!hasChanged) {
      const changes: StateChanges = { participants: [], seats: [] };
      const step = {
        loaded,
        after: result.state,
        events: result.events,
        now,
        hasChanged,
        version: loaded.version,
        changes,
      };
      return { step, cacheVersions: loaded };
    }
    const changes = findStateChanges(loaded.state, result.state);
    await markEngineStep(tx);
    const { version } = await saveEngineStep(tx, {
      sessionId: loaded.session.id,
      session: loaded.session,
      before: loaded.state,
      after: result.state,
      events: result.events,
      now,
      changes,
      command,
      standingBidsRead: result.standingBidsRead ?? [],
      timeZone: this.departmentTimeZone(),
    });
    await this.queueMessagesOf(tx, loaded.session, result.events, now);
    const { outsideVersion, hasCounted } = await countChangeForOtherSessions(tx, {
      sessionId: loaded.session.id,
      ...findSeatMoves(changes),
    });
    const step = { loaded, after: result.state, events: result.events, now, hasChanged, version, changes };
    // The state written is exactly the state at these counters only if no one else changed anything meanwhile.
    const isOnlyThisStep =
      version === loaded.version + 1 && outsideVersion === loaded.outsideVersion + (hasCounted ? 1 : 0);
    return { step, cacheVersions: isOnlyThisStep ? { version, outsideVersion } : null };
  }

  /**
   * Queues the step's e-mail and SMS inside a savepoint: a failure to queue them is logged and
   * rolled back alone, and never fails or undoes the step (the in-app notifications stay).
   */
  private async queueMessagesOf(
    tx: Executor,
    session: LoadedEngineState['session'],
    events: readonly EngineEvent[],
    now: Date,
  ): Promise<void> {
    const queue = this.queueStepMessages;
    if (!queue || !events.some((event) => event.kind === 'notification')) return;
    try {
      await tx.transaction(async (savepoint) =>
        queue(savepoint, { sessionId: session.id, sessionName: session.name, events, now }),
      );
    } catch (error) {
      this.log.error({ err: error, sessionId: session.id }, 'queuing the e-mail and SMS of an engine step failed');
    }
  }

  /**
   * After the commit: a step that changed something is announced, and its audit lines written
   * (step-audit.ts); a failure to announce is only logged.
   */
  private announceAfterCommit(sessionId: string, step: EngineStepResult, command: EngineCommand): void {
    if (!step.hasChanged) return;
    auditEngineStep(this.log, sessionId, step, 'actor' in command ? command.actor : undefined);
    try {
      this.announceStep(sessionId, step);
    } catch (error) {
      this.log.error({ err: error, sessionId }, 'announcing an engine step failed');
    }
  }

  /** After the commit: the step's new state is what the next step starts from, unless stale. */
  private keepStateAfterCommit(sessionId: string, step: EngineStepResult, cacheVersions: StateVersions | null): void {
    if (cacheVersions === null || step.after.session.status === 'completed') {
      this.stateCache.forget(sessionId);
      return;
    }
    if (step.hasChanged) this.stateCache.set(sessionId, cacheVersions, step.after);
  }

  private async steer(
    member: SessionActor,
    sessionId: string,
    type: 'start' | 'pause' | 'resume' | 'end',
    message: string,
  ): Promise<{ session: BidSessionDetail; message: string }> {
    const actor = toActor(member);
    const freezeAtStart = async (tx: Executor, locked: SessionRow) =>
      freezeRulesAtStart(tx, await freezeOrRefuse(tx, locked), this.clock.now(), this.departmentTimeZone());
    await this.runEngineCommand(
      sessionId,
      (_, now) => ({ type, now, actor }),
      type === 'start' ? freezeAtStart : undefined,
    );
    return { session: await this.present(sessionId), message };
  }

  private present(sessionId: string): Promise<BidSessionDetail> {
    return presentSession(this.db, sessionId, { now: this.clock.now() });
  }
}

function findParticipantOrRefuse(state: EngineState, memberId: string) {
  const participant = state.participants.find((candidate) => candidate.memberId === memberId);
  if (!participant) throw new AppError('NOT_FOUND', BID_MESSAGES.participantNotFound);
  return participant;
}

/** The start's seniority freeze (seniority-freeze.ts); a participant lacking a key the rule needs refuses it (409). */
async function freezeOrRefuse(tx: Executor, locked: SessionRow): Promise<SessionRow> {
  const frozen = await freezeSeniorityAtStart(tx, locked);
  if (!frozen.ok) throw conflict(frozen.message, { missingSeniorityKeys: frozen.missing });
  return frozen.session;
}

/** An active session whose turn deadline has passed (a bid exactly at the deadline still counts). */
function isTurnOverdue(status: string, currentBidEnd: Date | null, now: number): boolean {
  return status === 'active' && currentBidEnd !== null && currentBidEnd.getTime() < now;
}

/** The stations and members whose seats a step changed: what other sessions may have in common with it. */
function findSeatMoves(changes: StateChanges): { stationIds: string[]; memberIds: string[] } {
  const stationIds = new Set<string>();
  const memberIds = new Set<string>();
  for (const { before: was, after: is } of changes.seats) {
    if (was.holderMemberId === is.holderMemberId) continue;
    stationIds.add(is.stationId);
    if (was.holderMemberId) memberIds.add(was.holderMemberId);
    if (is.holderMemberId) memberIds.add(is.holderMemberId);
  }
  // A member's seat outside the session's stations (released when they win one here) counts too.
  for (const { before: was, after: is } of changes.participants) {
    if (was.currentSeat?.seatId === is.currentSeat?.seatId || is.memberId === null) continue;
    memberIds.add(is.memberId);
    if (was.currentSeat) stationIds.add(was.currentSeat.stationId);
    if (is.currentSeat) stationIds.add(is.currentSeat.stationId);
  }
  return { stationIds: [...stationIds], memberIds: [...memberIds] };
}

/** The seat a successful bid step awarded. */
function findAwardedSeat(step: EngineStepResult): SeatRef {
  for (const event of step.events) {
    if (event.kind === 'history' && event.entry.action === 'bid_submitted' && event.entry.seat) return event.entry.seat;
  }
  throw new Error('a successful bid step recorded no awarded seat');
}
