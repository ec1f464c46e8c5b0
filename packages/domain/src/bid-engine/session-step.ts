/**
 * One engine step's working copy of the state: the commands change it through these methods and
 * collect the step's events (history entries and notifications), then hand back the result.
 */
import { carryMustFillSeatIndexes } from './staffing.ts';
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
 * Each seat's index in a session's seat list, kept with the list it was built for. A step's result
 * lists the seats in the same order (only changed seats are new objects), so the next step of the
 * same session finds the index without building it again: at 25,000 seats that map is most of a
 * step's work.
 */
const seatIndexByList = new WeakMap<readonly EngineSeat[], ReadonlyMap<string, number>>();

/**
 * A step's working copy of the state: copies of the arrays in which only changed entries are new
 * objects, so the input is never mutated and the server can write back only what differs.
 */
export class SessionStep {
  session: EngineSession;
  participants: EngineParticipant[];
  private seats: EngineSeat[];
  private readonly inputSeats: readonly EngineSeat[];
  private seatIndexById: ReadonlyMap<string, number> | undefined;
  private readonly events: EngineEvent[] = [];
  /** Participants whose standing bid this step read, in the order it read them (the record keeps them). */
  private readonly standingBidsRead: string[] = [];

  constructor(
    state: EngineState,
    readonly now: number,
  ) {
    this.session = { ...state.session };
    this.participants = [...state.participants];
    this.inputSeats = state.seats;
    this.seats = [...state.seats];
    this.seatIndexById = seatIndexByList.get(state.seats);
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
    const index = this.seatIndex(seatId);
    const seat = index === undefined ? undefined : this.seats[index];
    if (index !== undefined && seat && memberId !== null && seat.holderMemberId === memberId) {
      this.seats[index] = { ...seat, holderMemberId: null };
    }
  }

  takeSeat(seatId: string, memberId: string | null): void {
    const index = this.seatIndex(seatId);
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

  noteStandingBidRead(participantId: string): void {
    this.standingBidsRead.push(participantId);
  }

  notify(notification: EngineNotification): void {
    this.events.push({ kind: 'notification', notification });
  }

  toResult(): EngineResult {
    if (this.seatIndexById) seatIndexByList.set(this.seats, this.seatIndexById);
    carryMustFillSeatIndexes(this.inputSeats, this.seats);
    return {
      ok: true,
      state: { session: this.session, participants: this.participants, seats: this.seats },
      events: this.events,
      ...(this.standingBidsRead.length > 0 ? { standingBidsRead: this.standingBidsRead } : {}),
    };
  }

  private seatIndex(seatId: string): number | undefined {
    if (!this.seatIndexById) {
      this.seatIndexById = new Map(this.seats.map((seat, index) => [seat.seatId, index]));
      seatIndexByList.set(this.seats, this.seatIndexById);
    }
    return this.seatIndexById.get(seatId);
  }
}
