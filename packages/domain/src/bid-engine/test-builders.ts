/**
 * Builders of tiny departments for the engine's tests (and the server's, which may import this file
 * by path): seats by station, participants with sensible defaults, and a state whose seats and
 * assignments agree.
 */
import type { SeatPosition, Shift } from '../constants.ts';
import { applyCommand } from './apply-command.ts';
import { toSeatRef } from './seat-availability.ts';
import type {
  Actor,
  EngineCommand,
  EngineEvent,
  EngineNotification,
  EngineParticipant,
  EngineSeat,
  EngineSession,
  EngineState,
  HistoryEntryDraft,
  SeatChoice,
  SeatRef,
} from './types.ts';

/** Monday 6 January 2025, 14:00 UTC: the tests' "now" unless they move time. */
export const TEST_START_TIME = Date.UTC(2025, 0, 6, 14, 0, 0);
export const MINUTE_MS = 60_000;

export const TEST_ADMIN: Actor = { memberId: 'admin-1', name: 'Alex Admin', isAdmin: true };

export interface StationSeatsSpec {
  stationId: string;
  stationNumber: number;
  stationName?: string;
  /** Seats per shift and position, e.g. { A: { Captain: 1, Firefighter: 2 } }. */
  seats: Partial<Record<Shift, Partial<Record<SeatPosition, number>>>>;
}

/** The seats of one station, with ids "<stationId>-<shift>-<position>-<ordinal>", all free. */
export function buildStationSeats(spec: StationSeatsSpec): EngineSeat[] {
  const result: EngineSeat[] = [];
  for (const [shift, positions] of Object.entries(spec.seats) as [Shift, Partial<Record<SeatPosition, number>>][]) {
    for (const [seatPosition, count] of Object.entries(positions) as [SeatPosition, number][]) {
      for (let ordinal = 1; ordinal <= count; ordinal++) {
        result.push({
          seatId: seatIdOf(spec.stationId, shift, seatPosition, ordinal),
          stationId: spec.stationId,
          stationNumber: spec.stationNumber,
          stationName: spec.stationName ?? `Station ${spec.stationNumber}`,
          shift,
          seatPosition,
          ordinal,
          holderMemberId: null,
        });
      }
    }
  }
  return result;
}

export function seatIdOf(stationId: string, shift: Shift, seatPosition: SeatPosition, ordinal = 1): string {
  return `${stationId}-${shift}-${seatPosition}-${ordinal}`;
}

export interface ParticipantSpec extends Partial<Omit<EngineParticipant, 'preferences'>> {
  participantId: string;
  preferences?: Partial<EngineParticipant['preferences']>;
  /** A seat of `seats` (by id) the member holds before the session; sets `currentSeat` and the seat's holder. */
  holdsSeatId?: string;
}

/** A waiting participant: memberId "member-<id>", a Firefighter with 10 years, no seat, no preferences. */
export function buildParticipant(spec: ParticipantSpec): EngineParticipant {
  const { participantId, preferences, holdsSeatId: _ignored, ...overrides } = spec;
  return {
    participantId,
    memberId: `member-${participantId}`,
    name: `Member ${participantId}`,
    employeeId: `E-${participantId}`,
    rank: 'Firefighter',
    yearsOfService: 10,
    seniorityScore: 100,
    bidPriority: 1,
    queuePosition: 0,
    movedToBack: false,
    outcome: null,
    turnDeadline: null,
    currentSeat: null,
    awardedSeat: null,
    ...overrides,
    preferences: { autoBid: false, choices: [], preferredStationIds: [], preferredShifts: [], ...preferences },
  };
}

export interface EngineStateSpec {
  session?: Partial<EngineSession>;
  /** In queue order: queuePosition and bidPriority follow the list unless given. */
  participants: readonly ParticipantSpec[];
  seats: readonly EngineSeat[];
  /** Seats held by members who are not participants, by seat id -> member id. */
  outsiders?: Readonly<Record<string, string>>;
}

/** A draft session of 5-minute turns and 2-minute second chances, eligibility by rank. */
export function buildEngineState(spec: EngineStateSpec): EngineState {
  const holderBySeatId = new Map<string, string | null>(Object.entries(spec.outsiders ?? {}));
  const participants = spec.participants.map((participantSpec, index) => {
    const participant = buildParticipant({ queuePosition: index, bidPriority: index + 1, ...participantSpec });
    if (participantSpec.holdsSeatId === undefined) return participant;
    const seat = spec.seats.find((candidate) => candidate.seatId === participantSpec.holdsSeatId);
    if (!seat) throw new Error(`no seat ${participantSpec.holdsSeatId}`);
    holderBySeatId.set(seat.seatId, participant.memberId);
    return { ...participant, currentSeat: toSeatRef(seat) };
  });
  const seats = spec.seats.map((seat) =>
    holderBySeatId.has(seat.seatId) ? { ...seat, holderMemberId: holderBySeatId.get(seat.seatId) ?? null } : seat,
  );
  return {
    session: {
      status: 'draft',
      currentParticipant: 0,
      currentBidEnd: null,
      pausedRemainingMs: null,
      bidWindowMinutes: 5,
      autoAssignTimeoutMinutes: 2,
      eligibilityMode: 'rank',
      clearAssignments: false,
      actualStart: null,
      actualEnd: null,
      ...spec.session,
    },
    participants,
    seats,
  };
}

/** The actor of a participant's own command. */
export function actorFor(participant: Pick<EngineParticipant, 'memberId' | 'name'>, isAdmin = false): Actor {
  return { memberId: participant.memberId, name: participant.name, isAdmin };
}

export function choiceOf(seat: SeatRef): SeatChoice {
  return { stationId: seat.stationId, shift: seat.shift, seatPosition: seat.seatPosition };
}

/** Applies a command that must succeed; throws with the refusal otherwise. */
export function applyOrThrow(
  state: EngineState,
  command: EngineCommand,
): { state: EngineState; events: EngineEvent[] } {
  const result = applyCommand(state, command);
  if (!result.ok) throw new Error(`${command.type} refused: ${result.refusal.code} ${result.refusal.message}`);
  return { state: result.state, events: [...result.events] };
}

/** Starts the state's session at `now` as the test administrator. */
export function startSession(state: EngineState, now = TEST_START_TIME): { state: EngineState; events: EngineEvent[] } {
  return applyOrThrow(state, { type: 'start', now, actor: TEST_ADMIN });
}

export function historyOf(events: readonly EngineEvent[]): HistoryEntryDraft[] {
  return events.flatMap((event) => (event.kind === 'history' ? [event.entry] : []));
}

export function notificationsOf(events: readonly EngineEvent[]): EngineNotification[] {
  return events.flatMap((event) => (event.kind === 'notification' ? [event.notification] : []));
}

export function participantById(state: EngineState, participantId: string): EngineParticipant {
  const participant = state.participants.find((candidate) => candidate.participantId === participantId);
  if (!participant) throw new Error(`no participant ${participantId}`);
  return participant;
}

export function seatById(state: EngineState, seatId: string): EngineSeat {
  const seat = state.seats.find((candidate) => candidate.seatId === seatId);
  if (!seat) throw new Error(`no seat ${seatId}`);
  return seat;
}

/** Freezes a state all the way down, so a step that mutated its input would throw in the tests. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
