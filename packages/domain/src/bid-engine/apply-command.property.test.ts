/**
 * Property tests of the bid engine: random departments (stations, seats, members of random ranks,
 * some holding seats, with random preferences) driven by random command sequences, then run out by
 * the turn clock. After every step the seat rule and the queue must hold; at the end every
 * participant has one outcome, turns followed seniority except for moves to the back, and the session
 * completed within two turns per participant.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RANKS, SEAT_POSITIONS, type SeatPosition, SHIFTS, type Shift } from '../constants.ts';
import { applyCommand, getTurnHolder } from './apply-command.ts';
import { withSeatsAtStart } from './commands/rewind.ts';
import { BID_MESSAGES } from './messages.ts';
import { orderQueue } from './queue-order.ts';
import { findFreeSeat, isEligibleForSeat } from './seat-availability.ts';
import { computeSessionStatistics, countCompletedBids } from './session-statistics.ts';
import {
  buildStationSeats,
  deepFreeze,
  historyOf,
  notificationsOf,
  type StationSeatsSpec,
  TEST_ADMIN,
  TEST_START_TIME,
} from './test-builders.ts';
import {
  type Actor,
  ELIGIBILITY_MODES,
  type EngineCommand,
  type EngineEvent,
  type EngineParticipant,
  type EngineSeat,
  type EngineState,
  type SeatChoice,
  type SeatRef,
  type TieBreakLink,
} from './types.ts';

const MINUTE_MS = 60_000;
const MINIMUM_AFTER_RESUME_MS = 60_000;

// ---------------------------------------------------------------------------------------------
// Random departments

interface ChoiceSpec {
  stationIndex: number;
  shift: Shift;
  seatPosition: SeatPosition;
}

interface MemberSpec {
  rank: (typeof RANKS)[number];
  yearsOfService: number;
  seniorityScore: number;
  isDeleted: boolean;
  holding: { kind: 'none' } | { kind: 'seat'; index: number } | { kind: 'outside' };
  autoBid: boolean;
  choices: ChoiceSpec[];
  preferredStationIndexes: number[];
  preferredShifts: Shift[];
}

interface DepartmentSpec {
  stations: { number: number; seats: { shift: Shift; seatPosition: SeatPosition; count: number }[] }[];
  members: MemberSpec[];
  outsiderSeatIndexes: number[];
  bidWindowMinutes: number;
  autoAssignTimeoutMinutes: number;
  eligibilityMode: (typeof ELIGIBILITY_MODES)[number];
  clearAssignments: boolean;
  tieBreakChain: TieBreakLink[];
  randomSeed: string;
}

const choiceArbitrary = fc.record({
  // One past the last station stands for a station the session does not offer.
  stationIndex: fc.nat({ max: 6 }),
  shift: fc.constantFrom(...SHIFTS),
  seatPosition: fc.constantFrom(...SEAT_POSITIONS),
});

function departmentArbitrary(maxStations: number, maxMembers: number): fc.Arbitrary<DepartmentSpec> {
  return fc.record({
    stations: fc.array(
      fc.record({
        number: fc.integer({ min: 1, max: 9 }),
        seats: fc.array(
          fc.record({
            shift: fc.constantFrom(...SHIFTS),
            seatPosition: fc.constantFrom(...SEAT_POSITIONS),
            count: fc.integer({ min: 1, max: 2 }),
          }),
          { maxLength: 6 },
        ),
      }),
      { minLength: 1, maxLength: maxStations },
    ),
    members: fc.array(
      fc.record({
        rank: fc.constantFrom(...RANKS),
        // Small ranges, so ties and the tie-break chain come up often.
        yearsOfService: fc.integer({ min: 0, max: 3 }),
        seniorityScore: fc.integer({ min: 0, max: 4 }),
        isDeleted: fc.integer({ min: 0, max: 11 }).map((draw) => draw === 0),
        holding: fc.oneof(
          fc.constant({ kind: 'none' as const }),
          fc.record({ kind: fc.constant('seat' as const), index: fc.nat({ max: 200 }) }),
          fc.constant({ kind: 'outside' as const }),
        ),
        autoBid: fc.boolean(),
        choices: fc.array(choiceArbitrary, { maxLength: 4 }),
        preferredStationIndexes: fc.array(fc.nat({ max: 6 }), { maxLength: 3 }),
        preferredShifts: fc.subarray([...SHIFTS]),
      }),
      { minLength: 1, maxLength: maxMembers },
    ),
    outsiderSeatIndexes: fc.array(fc.nat({ max: 200 }), { maxLength: 3 }),
    bidWindowMinutes: fc.integer({ min: 1, max: 5 }),
    autoAssignTimeoutMinutes: fc.integer({ min: 1, max: 3 }),
    eligibilityMode: fc.constantFrom(...ELIGIBILITY_MODES),
    clearAssignments: fc.boolean(),
    tieBreakChain: fc.constantFrom<TieBreakLink[]>(
      ['yearsOfService', 'employeeId'],
      ['employeeId'],
      ['yearsOfService', 'random'],
      ['random'],
      [],
    ),
    randomSeed: fc.string({ maxLength: 8 }),
  });
}

const stationIdOf = (index: number) => `s${index}`;

function buildDepartment(spec: DepartmentSpec): { state: EngineState; outsiderSeatIds: Set<string> } {
  const seats: EngineSeat[] = spec.stations.flatMap((station, index) => {
    const perShift: StationSeatsSpec['seats'] = {};
    for (const { shift, seatPosition, count } of station.seats) {
      const positions = perShift[shift] ?? {};
      positions[seatPosition] = (positions[seatPosition] ?? 0) + count;
      perShift[shift] = positions;
    }
    return buildStationSeats({ stationId: stationIdOf(index), stationNumber: station.number, seats: perShift });
  });
  const holders = new Map<string, string>();
  const outsiderSeatIds = new Set<string>();
  spec.outsiderSeatIndexes.forEach((seatIndex, index) => {
    const seat = seats[seatIndex % Math.max(1, seats.length)];
    if (seat && !holders.has(seat.seatId)) {
      holders.set(seat.seatId, `outsider-${index}`);
      outsiderSeatIds.add(seat.seatId);
    }
  });
  const toChoice = (choice: ChoiceSpec): SeatChoice => ({
    stationId: stationIdOf(choice.stationIndex % (spec.stations.length + 1)),
    shift: choice.shift,
    seatPosition: choice.seatPosition,
  });

  const unordered: EngineParticipant[] = spec.members.map((member, index) => {
    const memberId = member.isDeleted ? null : `m${index}`;
    let currentSeat: SeatRef | null = null;
    if (memberId && member.holding.kind === 'seat' && seats.length > 0) {
      const seat = seats[member.holding.index % seats.length];
      if (seat && !holders.has(seat.seatId)) {
        holders.set(seat.seatId, memberId);
        currentSeat = toRef(seat);
      }
    } else if (memberId && member.holding.kind === 'outside') {
      currentSeat = {
        seatId: `outside-${index}`,
        stationId: 'elsewhere',
        stationNumber: 99,
        stationName: 'Not in this session',
        shift: 'A',
        seatPosition: 'Firefighter',
      };
    }
    return {
      participantId: `p${index}`,
      memberId,
      name: `Member ${index}`,
      employeeId: `E-${index}`,
      rank: member.rank,
      yearsOfService: member.yearsOfService,
      seniorityScore: member.seniorityScore,
      bidPriority: 0,
      queuePosition: 0,
      movedToBack: false,
      outcome: null,
      turnDeadline: null,
      currentSeat,
      awardedSeat: null,
      preferences: {
        autoBid: member.autoBid,
        choices: member.choices.map(toChoice),
        preferredStationIds: member.preferredStationIndexes.map((stationIndex) => stationIdOf(stationIndex)),
        preferredShifts: member.preferredShifts,
      },
    };
  });
  const ordered = orderQueue(
    unordered.map((participant) => ({ ...participant, memberId: participant.participantId })),
    spec.tieBreakChain,
    spec.randomSeed,
  );
  const participants = ordered.map((candidate, index) => {
    const participant = unordered.find((entry) => entry.participantId === candidate.participantId)!;
    return { ...participant, bidPriority: index + 1, queuePosition: index };
  });
  return {
    state: {
      session: {
        status: 'draft',
        currentParticipant: 0,
        currentBidEnd: null,
        pausedRemainingMs: null,
        bidWindowMinutes: spec.bidWindowMinutes,
        autoAssignTimeoutMinutes: spec.autoAssignTimeoutMinutes,
        eligibilityMode: spec.eligibilityMode,
        clearAssignments: spec.clearAssignments,
        actualStart: null,
        actualEnd: null,
      },
      participants,
      seats: seats.map((seat) => ({ ...seat, holderMemberId: holders.get(seat.seatId) ?? null })),
    },
    outsiderSeatIds,
  };
}

function toRef(seat: SeatRef): SeatRef {
  const { seatId, stationId, stationNumber, stationName, shift, seatPosition } = seat;
  return { seatId, stationId, stationNumber, stationName, shift, seatPosition };
}

// ---------------------------------------------------------------------------------------------
// Random command sequences

type TimeStep = { kind: 'stay' } | { kind: 'advance'; ms: number } | { kind: 'toDeadline'; offsetMs: -1 | 0 | 1 };
type ActorKind = 'self' | 'admin' | 'otherMember';
type Target = { kind: 'holder' } | { kind: 'index'; index: number };

type Action =
  | {
      type: 'bid';
      time: TimeStep;
      target: Target;
      actor: ActorKind;
      /** A seat of the session the bidder may take, any seat of the session, or any choice at all. */
      seat: { kind: 'eligible' | 'offered'; index: number } | ChoiceSpec;
    }
  | { type: 'skip'; time: TimeStep; target: Target; actor: ActorKind }
  | { type: 'move_to_back'; time: TimeStep; target: Target; actor: ActorKind }
  | { type: 'pause' | 'resume' | 'expire' | 'start' | 'end'; time: TimeStep; actor: ActorKind };

// Mostly within a turn, sometimes to the very millisecond of the deadline, sometimes long past it.
const timeArbitrary: fc.Arbitrary<TimeStep> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: 'stay' as const }) },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 40_000 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 12 * MINUTE_MS }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('toDeadline' as const),
      offsetMs: fc.constantFrom(-1 as const, 0 as const, 1 as const),
    }),
  },
);
const targetArbitrary: fc.Arbitrary<Target> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ kind: 'holder' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('index' as const), index: fc.nat({ max: 60 }) }) },
);
const actorArbitrary = fc.constantFrom<ActorKind>('self', 'self', 'self', 'admin', 'otherMember');

const actionArbitrary: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 60,
    arbitrary: fc.record({
      type: fc.constant('bid' as const),
      time: timeArbitrary,
      target: targetArbitrary,
      actor: actorArbitrary,
      seat: fc.oneof(
        { weight: 4, arbitrary: fc.record({ kind: fc.constant('eligible' as const), index: fc.nat({ max: 200 }) }) },
        { weight: 2, arbitrary: fc.record({ kind: fc.constant('offered' as const), index: fc.nat({ max: 200 }) }) },
        { weight: 1, arbitrary: choiceArbitrary },
      ),
    }),
  },
  {
    weight: 15,
    arbitrary: fc.record({
      type: fc.constant('skip' as const),
      time: timeArbitrary,
      target: targetArbitrary,
      actor: actorArbitrary,
    }),
  },
  {
    weight: 15,
    arbitrary: fc.record({
      type: fc.constant('move_to_back' as const),
      time: timeArbitrary,
      target: targetArbitrary,
      actor: fc.constantFrom<ActorKind>('admin', 'admin', 'self'),
    }),
  },
  {
    weight: 40,
    arbitrary: fc.record({
      type: fc.constantFrom(
        'pause' as const,
        'resume' as const,
        'expire' as const,
        'expire' as const,
        'start' as const,
      ),
      time: timeArbitrary,
      actor: fc.constantFrom<ActorKind>('admin', 'admin', 'self'),
    }),
  },
  // Rare, so that about half the sequences run to the end by themselves.
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('end' as const),
      time: timeArbitrary,
      actor: fc.constant<ActorKind>('admin'),
    }),
  },
);

// ---------------------------------------------------------------------------------------------
// The run and its checks

interface Turn {
  participantId: string;
  isSecondChance: boolean;
}

interface RunLog {
  turns: Turn[];
  movedToBackOrder: string[];
  endedEarly: boolean;
  expiriesToFinish: number;
}

function runSession(department: DepartmentSpec, actions: readonly Action[]): { state: EngineState; log: RunLog } {
  const { state: initial, outsiderSeatIds } = buildDepartment(department);
  let state = deepFreeze(initial);
  let now = TEST_START_TIME;
  const log: RunLog = { turns: [], movedToBackOrder: [], endedEarly: false, expiriesToFinish: 0 };

  const apply = (command: EngineCommand) => {
    const before = state;
    const result = applyCommand(before, command);
    if (!result.ok) {
      checkRefusal(before, command, result.refusal.message);
      return;
    }
    if (result.state === before) {
      expect(result.events).toEqual([]);
      return;
    }
    state = deepFreeze(result.state);
    checkStep(before, state, result.events, command, outsiderSeatIds);
    recordTurns(state, result.events, command.now, log);
  };

  apply({ type: 'start', now, actor: TEST_ADMIN });
  for (const action of actions) {
    now = nextTime(now, action.time, state);
    const command = toCommand(action, state, now);
    if (command) apply(command);
  }

  // The turn clock finishes the session with nobody touching it; at most two turns per participant.
  const participantCount = state.participants.length;
  while (state.session.status !== 'completed') {
    if (state.session.status === 'paused') {
      apply({ type: 'resume', now, actor: TEST_ADMIN });
      continue;
    }
    now = Math.max(now, (state.session.currentBidEnd ?? now) + 1);
    apply({ type: 'expire', now });
    log.expiriesToFinish += 1;
    expect(log.expiriesToFinish).toBeLessThanOrEqual(2 * participantCount);
  }
  return { state, log };
}

function nextTime(now: number, time: TimeStep, state: EngineState): number {
  switch (time.kind) {
    case 'stay':
      return now;
    case 'advance':
      return now + time.ms;
    case 'toDeadline': {
      const deadline = state.session.currentBidEnd;
      return deadline === null ? now : Math.max(now, deadline + time.offsetMs);
    }
  }
}

function toCommand(action: Action, state: EngineState, now: number): EngineCommand | undefined {
  const holder = getTurnHolder(state) ?? state.participants[0];
  const target = (spec: Target) =>
    spec.kind === 'holder' ? holder : state.participants[spec.index % Math.max(1, state.participants.length)];
  const actorOf = (kind: ActorKind, participant: EngineParticipant | undefined): Actor => {
    if (kind === 'admin') return TEST_ADMIN;
    if (kind === 'self' && participant?.memberId) {
      return { memberId: participant.memberId, name: participant.name, isAdmin: false };
    }
    const other = state.participants.find((candidate) => candidate.memberId && candidate !== participant);
    return { memberId: other?.memberId ?? 'stranger', name: other?.name ?? 'Stranger', isAdmin: false };
  };
  switch (action.type) {
    case 'bid': {
      const participant = target(action.target);
      if (!participant) return undefined;
      let seat: SeatChoice;
      if ('kind' in action.seat) {
        const candidates =
          action.seat.kind === 'offered'
            ? state.seats
            : state.seats.filter((seat) =>
                isEligibleForSeat(participant.rank, seat.seatPosition, state.session.eligibilityMode),
              );
        const offered = candidates[action.seat.index % Math.max(1, candidates.length)];
        if (!offered) return undefined;
        seat = { stationId: offered.stationId, shift: offered.shift, seatPosition: offered.seatPosition };
      } else {
        seat = {
          stationId: stationIdOf(action.seat.stationIndex),
          shift: action.seat.shift,
          seatPosition: action.seat.seatPosition,
        };
      }
      return {
        type: 'bid',
        now,
        actor: actorOf(action.actor, participant),
        participantId: participant.participantId,
        seat,
      };
    }
    case 'skip':
    case 'move_to_back': {
      const participant = target(action.target);
      if (!participant) return undefined;
      return {
        type: action.type,
        now,
        actor: actorOf(action.actor, participant),
        participantId: participant.participantId,
      };
    }
    case 'expire':
      return { type: 'expire', now };
    default:
      return { type: action.type, now, actor: actorOf(action.actor, holder) };
  }
}

/** A refusal about the turn or the clock must be true of the state it refused. */
function checkRefusal(state: EngineState, command: EngineCommand, message: string): void {
  if (command.type !== 'bid' && command.type !== 'skip') return;
  const holder = getTurnHolder(state);
  if (message === BID_MESSAGES.timeExpired) {
    expect(holder?.participantId).toBe(command.participantId);
    expect(command.now).toBeGreaterThan(state.session.currentBidEnd!);
  }
  if (message === BID_MESSAGES.notYourTurn) expect(holder?.participantId).not.toBe(command.participantId);
  if (message === BID_MESSAGES.seatUnavailable) {
    expect(command.type === 'bid' && findFreeSeat(state, command.seat)).toBeFalsy();
  }
}

function recordTurns(state: EngineState, events: readonly EngineEvent[], now: number, log: RunLog): void {
  for (const entry of historyOf(events)) {
    if (entry.action === 'moved_to_back' && entry.participantId) log.movedToBackOrder.push(entry.participantId);
    if (entry.action === 'session_completed' && entry.details.endedEarly === true) log.endedEarly = true;
  }
  const started = notificationsOf(events).filter((notification) => notification.type === 'turn_started');
  // One step begins at most one turn, and the turn it begins is the one the state shows.
  expect(started.length).toBeLessThanOrEqual(1);
  for (const notification of started) {
    const holder = getTurnHolder(state);
    expect(holder?.participantId).toBe(notification.participantId);
    expect(state.session.currentBidEnd).toBe(notification.deadline);
    const isSecondChance = holder?.movedToBack ?? false;
    const minutes = isSecondChance ? state.session.autoAssignTimeoutMinutes : state.session.bidWindowMinutes;
    expect(notification.deadline).toBe(now + minutes * MINUTE_MS);
    log.turns.push({ participantId: notification.participantId, isSecondChance });
  }
}

/** Everything that must hold after every accepted step. */
function checkStep(
  before: EngineState,
  after: EngineState,
  events: readonly EngineEvent[],
  command: EngineCommand,
  outsiderSeatIds: ReadonlySet<string>,
): void {
  const { session, participants, seats } = after;
  const memberIds = new Set(
    participants.flatMap((participant) => (participant.memberId ? [participant.memberId] : [])),
  );

  // Every change writes history.
  expect(historyOf(events).length).toBeGreaterThan(0);

  // The queue: positions 0..n-1 in order, the same people with their frozen priorities.
  expect(participants.map((participant) => participant.queuePosition)).toEqual(participants.map((_, index) => index));
  const priorityById = (state: EngineState) =>
    new Map(state.participants.map((participant) => [participant.participantId, participant.bidPriority]));
  expect(priorityById(after)).toEqual(priorityById(before));

  // The seats: the same seats; a seat has one holder and agrees with the participants.
  expect(seats.map((seat) => seat.seatId)).toEqual(before.seats.map((seat) => seat.seatId));
  const seatById = new Map(seats.map((seat) => [seat.seatId, seat]));
  const heldSeatIds = new Set<string>();
  for (const participant of participants) {
    const seat = participant.currentSeat;
    if (!seat) continue;
    expect(heldSeatIds.has(seat.seatId), `seat ${seat.seatId} held twice`).toBe(false);
    heldSeatIds.add(seat.seatId);
    const sessionSeat = seatById.get(seat.seatId);
    if (sessionSeat) expect(sessionSeat.holderMemberId).toBe(participant.memberId);
  }
  for (const seat of seats) {
    if (outsiderSeatIds.has(seat.seatId)) expect(seat.holderMemberId).toMatch(/^outsider-/);
    if (seat.holderMemberId && memberIds.has(seat.holderMemberId)) {
      const holder = participants.find((participant) => participant.memberId === seat.holderMemberId);
      expect(holder?.currentSeat?.seatId).toBe(seat.seatId);
    }
  }
  // No station's shift and position has more members than seats (counted from the members' side).
  const capacity = new Map<string, number>();
  const occupancy = new Map<string, number>();
  const kindOf = (seat: SeatRef) => `${seat.stationId}/${seat.shift}/${seat.seatPosition}`;
  for (const seat of seats) {
    capacity.set(kindOf(seat), (capacity.get(kindOf(seat)) ?? 0) + 1);
    if (outsiderSeatIds.has(seat.seatId)) occupancy.set(kindOf(seat), (occupancy.get(kindOf(seat)) ?? 0) + 1);
  }
  for (const participant of participants) {
    const seat = participant.currentSeat;
    if (seat && seatById.has(seat.seatId)) occupancy.set(kindOf(seat), (occupancy.get(kindOf(seat)) ?? 0) + 1);
  }
  for (const [kind, occupied] of occupancy) expect(occupied).toBeLessThanOrEqual(capacity.get(kind) ?? 0);

  // Outcomes: the done are ahead of the turn, the waiting behind it; an outcome and a won seat never change.
  const beforeById = new Map(before.participants.map((participant) => [participant.participantId, participant]));
  participants.forEach((participant, index) => {
    const previous = beforeById.get(participant.participantId)!;
    if (previous.outcome !== null) {
      expect(participant.outcome).toBe(previous.outcome);
      expect(participant.awardedSeat).toEqual(previous.awardedSeat);
    }
    if (previous.movedToBack) expect(participant.movedToBack).toBe(true);
    if (session.status === 'completed') {
      expect(participant.outcome).not.toBeNull();
    } else if (session.status === 'active' || session.status === 'paused') {
      expect(participant.outcome !== null).toBe(index < session.currentParticipant - 1);
    }
    const hasWonSeat =
      participant.outcome === 'bid' || participant.outcome === 'proxy_bid' || participant.outcome === 'auto_assigned';
    expect(participant.awardedSeat !== null).toBe(hasWonSeat);
    if (participant.awardedSeat) expect(participant.currentSeat?.seatId).toBe(participant.awardedSeat.seatId);
  });

  // Awards go only to eligible seats of the session, except a seat the member already held.
  for (const entry of historyOf(events)) {
    if ((entry.action !== 'bid_submitted' && entry.action !== 'auto_assigned') || !entry.seat) continue;
    if (entry.details.source === 'kept_current_seat') continue;
    const participant = participants.find((candidate) => candidate.participantId === entry.participantId)!;
    expect(seatById.has(entry.seat.seatId)).toBe(true);
    expect(isEligibleForSeat(participant.rank, entry.seat.seatPosition, session.eligibilityMode)).toBe(true);
  }

  // The clock: a running turn has its deadline, and never less than 60 s when it (re)starts.
  if (session.status === 'active') {
    const holder = getTurnHolder(after);
    expect(holder).toBeDefined();
    expect(holder?.memberId).not.toBeNull();
    expect(holder?.turnDeadline).toBe(session.currentBidEnd);
    expect(session.currentBidEnd! - command.now).toBeGreaterThanOrEqual(MINIMUM_AFTER_RESUME_MS);
  }
  if (command.type === 'resume') {
    const frozen = before.session.pausedRemainingMs ?? 0;
    expect(session.currentBidEnd).toBe(command.now + Math.max(frozen, MINIMUM_AFTER_RESUME_MS));
  }
  if (command.type === 'pause') {
    expect(session.pausedRemainingMs).toBe(Math.max(0, before.session.currentBidEnd! - command.now));
  }
  if (session.status === 'completed') {
    expect(session.currentBidEnd).toBeNull();
    expect(session.currentParticipant).toBe(participants.length + 1);
  }
}

/** Turns follow seniority; only participants moved to the back come round again, in the order they were moved. */
function checkTurnOrder(final: EngineState, log: RunLog): void {
  const bidPriorityOf = new Map(
    final.participants.map((participant) => [participant.participantId, participant.bidPriority]),
  );
  const firstTurns = log.turns.filter((turn) => !turn.isSecondChance).map((turn) => turn.participantId);
  const secondTurns = log.turns.filter((turn) => turn.isSecondChance).map((turn) => turn.participantId);
  const bySeniority = [...final.participants]
    .filter((participant) => participant.memberId !== null)
    .sort((a, b) => a.bidPriority - b.bidPriority)
    .map((participant) => participant.participantId);

  expect(firstTurns).toEqual(bySeniority.slice(0, firstTurns.length));
  expect(secondTurns).toEqual(log.movedToBackOrder.slice(0, secondTurns.length));
  const lastFirstTurn = log.turns.findLastIndex((turn) => !turn.isSecondChance);
  const firstSecondTurn = log.turns.findIndex((turn) => turn.isSecondChance);
  if (firstSecondTurn >= 0) expect(lastFirstTurn).toBeLessThan(firstSecondTurn);
  expect(new Set(log.movedToBackOrder).size).toBe(log.movedToBackOrder.length);
  for (const participantId of firstTurns) expect(bidPriorityOf.has(participantId)).toBe(true);

  if (!log.endedEarly) {
    expect(firstTurns).toEqual(bySeniority);
    expect(secondTurns).toEqual(log.movedToBackOrder);
  }
}

function checkFinal(final: EngineState, log: RunLog): void {
  expect(final.session.status).toBe('completed');
  expect(final.participants.every((participant) => participant.outcome !== null)).toBe(true);
  expect(countCompletedBids(final)).toBe(final.participants.length);
  const statistics = computeSessionStatistics(final);
  expect(
    statistics.successfulAssignments + statistics.autoAssignments + statistics.skipped + statistics.notAssigned,
  ).toBe(final.participants.length);
  expect(statistics.participantsMovedToBack).toBe(log.movedToBackOrder.length);
  checkTurnOrder(final, log);
}

describe('the bid engine over random departments and random commands', () => {
  it('keeps every seat rule, gives every participant one outcome, follows seniority and always completes', () => {
    fc.assert(
      fc.property(departmentArbitrary(3, 7), fc.array(actionArbitrary, { maxLength: 40 }), (department, actions) => {
        const { state, log } = runSession(department, actions);
        checkFinal(state, log);
      }),
      { numRuns: 200 },
    );
  });

  it('holds the same in bigger departments with longer sequences', () => {
    fc.assert(
      fc.property(departmentArbitrary(6, 30), fc.array(actionArbitrary, { maxLength: 200 }), (department, actions) => {
        const { state, log } = runSession(department, actions);
        checkFinal(state, log);
      }),
      { numRuns: 25 },
    );
  });

  it('completes with the turn clock alone, in at most two turns per participant', () => {
    fc.assert(
      fc.property(departmentArbitrary(3, 10), (department) => {
        const { state, log } = runSession(department, []);
        checkFinal(state, log);
        const withMember = state.participants.filter((participant) => participant.memberId !== null).length;
        expect(log.turns.length).toBeLessThanOrEqual(2 * withMember);
        expect(log.turns.length).toBe(withMember + log.movedToBackOrder.length);
      }),
      { numRuns: 100 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Rewind: a mistake undone is as if it had never been made

interface PlayedStep {
  command: EngineCommand;
  state: EngineState;
  events: readonly EngineEvent[];
}

/** A session run as runSession runs it, keeping every command that changed it and the state after it. */
function playSession(department: DepartmentSpec, actions: readonly Action[]) {
  const initial = deepFreeze(buildDepartment(department).state);
  const played: PlayedStep[] = [];
  let state = initial;
  let now = TEST_START_TIME;
  const apply = (command: EngineCommand) => {
    const result = applyCommand(state, command);
    if (!result.ok || result.state === state) return;
    state = deepFreeze(result.state);
    played.push({ command, state, events: result.events });
  };
  apply({ type: 'start', now, actor: TEST_ADMIN });
  for (const action of actions) {
    now = nextTime(now, action.time, state);
    const command = toCommand(action, state, now);
    if (command) apply(command);
  }
  for (let guard = 0; state.session.status !== 'completed' && guard < 500; guard++) {
    if (state.session.status === 'paused') apply({ type: 'resume', now, actor: TEST_ADMIN });
    else {
      now = Math.max(now, (state.session.currentBidEnd ?? now) + 1);
      apply({ type: 'expire', now });
    }
  }
  return { initial, played };
}

const shiftedBy = (command: EngineCommand, ms: number): EngineCommand => ({ ...command, now: command.now + ms });

const outcomesOf = (state: EngineState) =>
  [...state.participants]
    .sort((a, b) => a.bidPriority - b.bidPriority)
    .map(({ participantId, outcome, awardedSeat, currentSeat, movedToBack }) => ({
      participantId,
      outcome,
      awardedSeat,
      currentSeat,
      movedToBack,
    }));

describe('a rewind', () => {
  it('followed by the same commands gives the same awards as never having made the mistake', () => {
    fc.assert(
      fc.property(
        departmentArbitrary(3, 8),
        fc.array(actionArbitrary, { maxLength: 40 }),
        fc.nat(),
        fc.array(actionArbitrary, { minLength: 1, maxLength: 15 }),
        (department, actions, pick, mistakes) => {
          const { initial, played } = playSession(department, actions);
          // A moment a member's first turn began: the rewind goes back to it.
          const turnStarts = played.flatMap((step, index) => {
            const started = notificationsOf(step.events).find((notification) => notification.type === 'turn_started');
            const holder = getTurnHolder(step.state);
            return started && holder && !holder.movedToBack && step.state.session.status === 'active' ? [index] : [];
          });
          if (turnStarts.length === 0) return;
          const from = turnStarts[pick % turnStarts.length] as number;
          const { state: atTurn, command: began } = played[from] as PlayedStep;
          const member = getTurnHolder(atTurn) as EngineParticipant;

          // The mistakes: anything at all, from that turn on, perhaps to the end of the session.
          let state = atTurn;
          let now = began.now;
          for (const action of mistakes) {
            now = nextTime(now, action.time, state);
            const command = toCommand(action, state, now);
            const result = command && applyCommand(state, command);
            if (result?.ok) state = deepFreeze(result.state);
          }
          const rewoundAt = now + 1;
          const rewound = applyCommand(withSeatsAtStart(state, initial), {
            type: 'rewind',
            now: rewoundAt,
            actor: TEST_ADMIN,
            participantId: member.participantId,
            reason: 'The phone-in bid went to the wrong seat',
          });
          if (!rewound.ok) throw new Error(rewound.refusal.message);
          expect(getTurnHolder(rewound.state)?.participantId).toBe(member.participantId);
          state = rewound.state;
          // A rewind leaves a paused session paused, with the whole window kept for the turn it begins.
          if (state.session.status === 'paused') {
            const resumed = applyCommand(state, { type: 'resume', now: rewoundAt, actor: TEST_ADMIN });
            if (!resumed.ok) throw new Error(resumed.refusal.message);
            state = resumed.state;
          }

          // The same commands as before, as long after the rewind as they came after the turn began.
          for (const step of played.slice(from + 1)) {
            const result = applyCommand(state, shiftedBy(step.command, rewoundAt - began.now));
            if (!result.ok) throw new Error(`${step.command.type} refused after the rewind: ${result.refusal.message}`);
            state = result.state;
          }
          const withoutMistake = (played.at(-1) as PlayedStep).state;
          expect(outcomesOf(state)).toEqual(outcomesOf(withoutMistake));
          expect(state.seats).toEqual(withoutMistake.seats);
          expect(state.session.status).toBe('completed');
        },
      ),
      { numRuns: 300 },
    );
  });
});
