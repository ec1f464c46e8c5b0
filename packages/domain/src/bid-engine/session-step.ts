/**
 * One engine step's working copy of the state: the commands change it through these methods and
 * collect the step's events (history entries and notifications), then hand back the result.
 */
import { carryListMemos } from './list-memos.ts';
import { seatIndexOf } from './seat-availability.ts';
import type {
  Actor,
  EngineEvent,
  EngineNotification,
  EngineParticipant,
  EngineResult,
  EngineSeat,
  EngineSession,
  EngineState,
  HistoryEntryDraft,
  SeatRef,
} from './types.ts';

export interface HistoryInput {
  action: HistoryEntryDraft['action'];
  actor: Actor;
  participant?: EngineParticipant;
  seat?: SeatRef | null;
  details: Record<string, unknown>;
}

/**
 * A step's working copy of the state: copies of the arrays in which only changed entries are new
 * objects, so the input is never mutated and the server can write back only what differs. The
 * copies keep the lists' order, so what was worked out for the input lists holds for them
 * (list-memos.ts).
 */
export class SessionStep {
  session: EngineSession;
  participants: EngineParticipant[];
  private seats: EngineSeat[];
  private readonly events: EngineEvent[] = [];
  /** Participants whose standing bid this step read, in the order it read them (the record keeps them). */
  private readonly standingBidsRead: string[] = [];

  constructor(
    state: EngineState,
    readonly now: number,
  ) {
    this.session = { ...state.session };
    this.participants = [...state.participants];
    this.seats = [...state.seats];
    carryListMemos(state, { seats: this.seats, participants: this.participants });
  }

  updateSession(changes: Partial<EngineSession>): void {
    this.session = { ...this.session, ...changes };
  }

  updateParticipant(index: number, changes: Partial<EngineParticipant>): void {
    const participant = this.participants[index];
    if (participant) this.participants[index] = { ...participant, ...changes };
  }

  /** Frees a seat of the session if this member holds it (a seat outside the session is the server's to free). */
  releaseSeat(seatId: string, memberId: string | null): void {
    const index = seatIndexOf(this.seats, seatId);
    const seat = index === undefined ? undefined : this.seats[index];
    if (index !== undefined && seat && memberId !== null && seat.holderMemberId === memberId) {
      this.seats[index] = { ...seat, holderMemberId: null };
    }
  }

  takeSeat(seatId: string, memberId: string | null): void {
    const index = seatIndexOf(this.seats, seatId);
    const seat = index === undefined ? undefined : this.seats[index];
    if (index !== undefined && seat && seat.holderMemberId !== memberId) {
      this.seats[index] = { ...seat, holderMemberId: memberId };
    }
  }

  addHistory(input: HistoryInput): void {
    this.events.push({
      kind: 'history',
      entry: {
        action: input.action,
        at: this.now,
        actorMemberId: input.actor.memberId,
        actorName: input.actor.name,
        participantId: input.participant?.participantId ?? null,
        userName: input.participant?.name ?? null,
        seat: input.seat ?? null,
        bidPriority: input.participant?.bidPriority ?? null,
        details: input.details,
      },
    });
  }

  /** The working state as it stands: what the rules read mid-step. Read-only for the caller. */
  view(): EngineState {
    return { session: this.session, participants: this.participants, seats: this.seats };
  }

  /** The events collected so far, in order (a what-if run reads each turn's as it goes). */
  eventsSoFar(): readonly EngineEvent[] {
    return this.events;
  }

  noteStandingBidRead(participantId: string): void {
    this.standingBidsRead.push(participantId);
  }

  notify(notification: EngineNotification): void {
    this.events.push({ kind: 'notification', notification });
  }

  toResult(): EngineResult {
    return {
      ok: true,
      state: { session: this.session, participants: this.participants, seats: this.seats },
      events: this.events,
      ...(this.standingBidsRead.length > 0 ? { standingBidsRead: this.standingBidsRead } : {}),
    };
  }
}
