/**
 * Property tests of a department's rules: random departments with certifications (some expired),
 * seats that require them or must be filled, rounds and standing bids, driven by random commands
 * and run out by the turn clock. After every accepted step: no award went to an unqualified member,
 * rounds never went back, and the must-fill seats were never made harder to fill, which a matching
 * written independently here (one seat and one member at a time) checks. A session that could staff
 * every must-fill seat at its start ends with all of them filled.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  getSeatPositionForRank,
  type Rank,
  SEAT_POSITIONS,
  type SeatPosition,
  SHIFTS,
  type Shift,
} from '../constants.ts';
import { applyCommand, getTurnHolder } from './apply-command.ts';
import { forecastSession } from './forecast.ts';
import { TurnRules } from './seat-choice.ts';
import { TEST_ADMIN, TEST_START_TIME } from './test-builders.ts';
import type {
  EngineCommand,
  EngineParticipant,
  EngineSeat,
  EngineState,
  HistoryEntryDraft,
  SeatChoice,
} from './types.ts';
import { runWhatIf } from './what-if.ts';

const MINUTE_MS = 60_000;
const SESSION_DAY = '2026-12-01';
const EXPIRIES = [null, '2026-11-30', SESSION_DAY, '2027-06-30'] as const;
const RANK_OF_POSITION: Record<SeatPosition, Rank> = {
  Captain: 'Captain',
  Lieutenant: 'Lieutenant',
  Engineer: 'Engineer',
  Firefighter: 'Firefighter',
};
const ROUND_OF_POSITION: Record<SeatPosition, number> = { Captain: 0, Lieutenant: 0, Engineer: 1, Firefighter: 2 };

const requiresArbitrary = fc.oneof(
  { weight: 3, arbitrary: fc.constant<string[]>([]) },
  { weight: 2, arbitrary: fc.constant(['PM']) },
  { weight: 1, arbitrary: fc.constant(['DO']) },
  { weight: 1, arbitrary: fc.constant(['DO', 'PM']) },
);

const seatGroupArbitrary = fc.record({
  station: fc.nat({ max: 2 }),
  shift: fc.constantFrom(...SHIFTS),
  position: fc.constantFrom(...SEAT_POSITIONS),
  count: fc.integer({ min: 1, max: 3 }),
  requires: requiresArbitrary,
  mustFill: fc.boolean(),
});

const memberArbitrary = fc.record({
  position: fc.constantFrom(...SEAT_POSITIONS),
  certifications: fc.uniqueArray(
    fc.record({ code: fc.constantFrom('PM', 'DO'), expiresOn: fc.constantFrom(...EXPIRIES) }),
    { selector: (held) => held.code, maxLength: 2 },
  ),
  standingBid: fc.boolean(),
  autoBid: fc.boolean(),
  choices: fc.array(fc.nat({ max: 11 }), { maxLength: 3 }),
  holds: fc.option(fc.nat({ max: 40 }), { nil: null }),
});

const actionArbitrary = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({ type: fc.constant('bid' as const), kind: fc.nat({ max: 11 }), byAdmin: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('skip' as const) }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('expire' as const) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('move_to_back' as const) }) },
);

const departmentArbitrary = fc.record({
  groups: fc.array(seatGroupArbitrary, { minLength: 1, maxLength: 8 }),
  members: fc.array(memberArbitrary, { minLength: 1, maxLength: 9 }),
  mode: fc.constantFrom('rank' as const, 'any' as const),
  withRounds: fc.boolean(),
  actions: fc.array(actionArbitrary, { maxLength: 30 }),
});

type Department = typeof departmentArbitrary extends fc.Arbitrary<infer T> ? T : never;

function buildState(department: Department): EngineState {
  const seats: EngineSeat[] = [];
  const ordinals = new Map<string, number>();
  for (const group of department.groups) {
    for (let index = 0; index < group.count; index += 1) {
      const kind = `${group.station}-${group.shift}-${group.position}`;
      const ordinal = (ordinals.get(kind) ?? 0) + 1;
      ordinals.set(kind, ordinal);
      seats.push({
        seatId: `${kind}-${ordinal}`,
        stationId: `s${group.station}`,
        stationNumber: group.station + 1,
        stationName: `Station ${group.station + 1}`,
        shift: group.shift,
        seatPosition: group.position,
        ordinal,
        holderMemberId: null,
        requires: group.requires,
        mustFill: group.mustFill,
      });
    }
  }
  const kinds = [...new Set(seats.map((seat) => `${seat.stationId}|${seat.shift}|${seat.seatPosition}`))];
  const choiceOf = (index: number): SeatChoice => {
    const [stationId, shift, seatPosition] = (kinds[index % kinds.length] as string).split('|');
    return { stationId: stationId as string, shift: shift as Shift, seatPosition: seatPosition as SeatPosition };
  };
  const members = department.members
    .map((member, index) => ({ member, index }))
    .sort((a, b) =>
      department.withRounds ? ROUND_OF_POSITION[a.member.position] - ROUND_OF_POSITION[b.member.position] : 0,
    );
  const participants: EngineParticipant[] = members.map(({ member, index }, place) => {
    const heldSeat = member.holds === null ? undefined : seats[member.holds % seats.length];
    const memberId = `m${index}`;
    if (heldSeat && heldSeat.holderMemberId === null) heldSeat.holderMemberId = memberId;
    const currentSeat =
      heldSeat && heldSeat.holderMemberId === memberId
        ? {
            seatId: heldSeat.seatId,
            stationId: heldSeat.stationId,
            stationNumber: heldSeat.stationNumber,
            stationName: heldSeat.stationName,
            shift: heldSeat.shift,
            seatPosition: heldSeat.seatPosition,
          }
        : null;
    return {
      participantId: `p${index}`,
      memberId,
      name: `Member ${index}`,
      employeeId: `E${index}`,
      rank: RANK_OF_POSITION[member.position],
      yearsOfService: 10,
      seniorityScore: 100,
      certifications: member.certifications,
      round: department.withRounds ? ROUND_OF_POSITION[member.position] : undefined,
      bidPriority: place + 1,
      queuePosition: place,
      movedToBack: false,
      outcome: null,
      turnDeadline: null,
      currentSeat,
      awardedSeat: null,
      preferences: {
        autoBid: member.autoBid,
        standingBid: member.standingBid,
        choices: member.choices.map(choiceOf),
        preferredStationIds: [],
        preferredShifts: [],
      },
    };
  });
  return {
    session: {
      status: 'draft',
      currentParticipant: 0,
      currentBidEnd: null,
      pausedRemainingMs: null,
      bidWindowMinutes: 5,
      autoAssignTimeoutMinutes: 2,
      eligibilityMode: department.mode,
      clearAssignments: false,
      actualStart: null,
      actualEnd: null,
      effectiveDate: SESSION_DAY,
      certificationNames: { PM: 'Paramedic', DO: 'Driver/Operator' },
      rounds: department.withRounds
        ? [
            { name: 'Officers', ranks: ['Captain', 'Lieutenant'], bidWindowMinutes: 5 },
            { name: 'Engineers', ranks: ['Engineer'], bidWindowMinutes: 4 },
            { name: 'Firefighters', ranks: ['Firefighter'], bidWindowMinutes: 3 },
          ]
        : undefined,
    },
    participants,
    seats,
  };
}

// ---------------------------------------------------------------------------------------------
// The rules, written again the plain way

function qualifies(state: EngineState, participant: EngineParticipant, seat: EngineSeat): boolean {
  if (state.session.eligibilityMode === 'rank' && getSeatPositionForRank(participant.rank) !== seat.seatPosition) {
    return false;
  }
  return (seat.requires ?? []).every((code) =>
    participant.certifications?.some(
      (held) => held.code === code && (held.expiresOn === null || held.expiresOn >= SESSION_DAY),
    ),
  );
}

/** Free must-fill seats that no matching of members still to bid (and not filling one already) fills. */
function bruteForceShortfall(state: EngineState): number {
  const filling = new Set(state.seats.filter((seat) => seat.mustFill).map((seat) => seat.holderMemberId));
  const waiting = state.participants.filter(
    (participant) => participant.outcome === null && participant.memberId && !filling.has(participant.memberId),
  );
  const open = state.seats.filter((seat) => seat.mustFill && seat.holderMemberId === null);
  const matchedSeatOf = new Map<number, number>();
  const tryAssign = (seatIndex: number, visited: Set<number>): boolean => {
    for (const [memberIndex, member] of waiting.entries()) {
      if (visited.has(memberIndex) || !qualifies(state, member, open[seatIndex] as EngineSeat)) continue;
      visited.add(memberIndex);
      const current = matchedSeatOf.get(memberIndex);
      if (current === undefined || tryAssign(current, visited)) {
        matchedSeatOf.set(memberIndex, seatIndex);
        return true;
      }
    }
    return false;
  };
  let matched = 0;
  for (let seatIndex = 0; seatIndex < open.length; seatIndex += 1) if (tryAssign(seatIndex, new Set())) matched += 1;
  return open.length - matched;
}

function toCommand(state: EngineState, action: Department['actions'][number], now: number): EngineCommand | null {
  const holder = getTurnHolder(state);
  if (action.type === 'expire') return { type: 'expire', now: (state.session.currentBidEnd ?? now) + 1 };
  if (!holder) return null;
  const self = { memberId: holder.memberId, name: holder.name, isAdmin: false };
  if (action.type === 'skip') return { type: 'skip', now, actor: self, participantId: holder.participantId };
  if (action.type === 'move_to_back') {
    return { type: 'move_to_back', now, actor: TEST_ADMIN, participantId: holder.participantId };
  }
  const seat = state.seats[action.kind % state.seats.length] as EngineSeat;
  return {
    type: 'bid',
    now,
    actor: action.byAdmin ? TEST_ADMIN : self,
    participantId: holder.participantId,
    seat: { stationId: seat.stationId, shift: seat.shift, seatPosition: seat.seatPosition },
  };
}

function checkStep(before: EngineState, after: EngineState, history: readonly HistoryEntryDraft[]): void {
  expect(bruteForceShortfall(after)).toBeLessThanOrEqual(bruteForceShortfall(before));
  for (const entry of history) {
    if (!entry.seat || !entry.participantId || entry.details.source === 'kept_current_seat') continue;
    const participant = after.participants.find((candidate) => candidate.participantId === entry.participantId);
    const seat = after.seats.find((candidate) => candidate.seatId === entry.seat?.seatId);
    if (!participant || !seat) throw new Error('an award names an unknown participant or seat');
    expect(qualifies(after, participant, seat), `${participant.name} is qualified for ${seat.seatId}`).toBe(true);
  }
  const holderBefore = getTurnHolder(before);
  const holderAfter = getTurnHolder(after);
  if (holderBefore && holderAfter) expect(holderAfter.round ?? 0).toBeGreaterThanOrEqual(holderBefore.round ?? 0);
}

/** The same state in new lists of new objects: nothing the engine kept about the old ones applies. */
function copiedAnew(state: EngineState): EngineState {
  return {
    session: { ...state.session },
    participants: state.participants.map((participant) => ({ ...participant })),
    seats: state.seats.map((seat) => ({ ...seat })),
  };
}

const holding = (seat: EngineSeat) => `${seat.seatId}:${seat.holderMemberId ?? '-'}`;

describe('a department’s rules under random commands', () => {
  it('never awards an unqualified seat, never goes back a round, never makes a must-fill seat harder to fill, and decides as on a state seen for the first time', () => {
    fc.assert(
      fc.property(departmentArbitrary, (department) => {
        let state = buildState(department);
        const startShortfall = bruteForceShortfall(state);
        const started = applyCommand(state, { type: 'start', now: TEST_START_TIME, actor: TEST_ADMIN });
        if (!started.ok) throw new Error(started.refusal.message);
        checkStep(
          state,
          started.state,
          started.events.flatMap((event) => (event.kind === 'history' ? [event.entry] : [])),
        );
        state = started.state;
        let now = TEST_START_TIME;
        const run = (action: Department['actions'][number]) => {
          now += MINUTE_MS / 2;
          const command = toCommand(state, action, now);
          if (!command) return;
          const result = applyCommand(state, command);
          // The engine keeps what it works out about a session's lists from step to step; a state
          // it has never seen must get the same answer.
          const fresh = applyCommand(copiedAnew(state), command);
          expect(fresh.ok ? 'accepted' : fresh.refusal.message).toBe(result.ok ? 'accepted' : result.refusal.message);
          if (!result.ok) return;
          if (fresh.ok) expect(fresh.state.seats.map(holding)).toEqual(result.state.seats.map(holding));
          checkStep(
            state,
            result.state,
            result.events.flatMap((event) => (event.kind === 'history' ? [event.entry] : [])),
          );
          state = result.state;
          now = Math.max(now, command.now);
        };
        for (const action of department.actions) run(action);
        for (
          let guard = 0;
          state.session.status === 'active' && guard < 4 * department.members.length + 4;
          guard += 1
        ) {
          run({ type: 'expire' });
        }
        expect(state.session.status).toBe('completed');
        if (startShortfall === 0) {
          const unfilled = state.seats.filter((seat) => seat.mustFill && seat.holderMemberId === null);
          expect(unfilled.map((seat) => seat.seatId)).toEqual([]);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('forecasts exactly what a member finds at their turn when every member ahead bids their saved list', () => {
    fc.assert(
      fc.property(departmentArbitrary, (department) => {
        // Standing bids resolve before a turn can be watched; the forecast plays them as the lists they are.
        const built = buildState(department);
        const state: EngineState = {
          ...built,
          participants: built.participants.map((participant) => ({
            ...participant,
            preferences: { ...participant.preferences, standingBid: false },
          })),
        };
        const outcome = forecastSession(state, TEST_START_TIME);
        // Members without a list (or with theirs used up) do what the run guessed, as a must-fill seat may require.
        const run = runWhatIf(state, TEST_START_TIME);
        const guessed = new Map(
          run.ok
            ? run.result.awards.map((award) => [
                award.participantId,
                award.source === 'firstQualified' ? award.seat : null,
              ])
            : [],
        );
        const started = applyCommand(state, { type: 'start', now: TEST_START_TIME, actor: TEST_ADMIN });
        expect(outcome.ok).toBe(started.ok);
        if (!outcome.ok || !started.ok) return;
        let current = started.state;
        let compared = 0;
        for (let guard = 0; current.session.status === 'active' && guard <= current.participants.length; guard += 1) {
          const holder = getTurnHolder(current);
          if (!holder) throw new Error('an active session without a turn holder');
          const forecast = outcome.forecasts.get(holder.participantId);
          if (!forecast) throw new Error(`no forecast for ${holder.name}, whose turn came`);
          // Each member bids the first choice of their list the rules allow, or else the run's guess.
          const rules = new TurnRules(current, holder, TEST_START_TIME);
          const listed = rules.pickFromList(holder.preferences.choices);
          const bidFor = listed?.seat ?? guessed.get(holder.participantId) ?? null;
          if (forecast.aheadWithoutList === 0 && forecast.aheadListRanOut === 0) {
            compared += 1;
            expect(forecast.choices.map((entry) => entry.freeAtTurn)).toEqual(
              holder.preferences.choices.map((choice) => rules.pick(choice).ok),
            );
            expect(forecast.expectedPlace).toBe(listed?.place ?? null);
            for (const entry of forecast.choices) {
              if (entry.freeAtTurn) expect(entry.chance).toBe('likely');
              else expect(entry.chance).not.toBe('possible');
            }
          }
          const result = bidFor
            ? applyCommand(current, {
                type: 'bid',
                now: TEST_START_TIME,
                actor: TEST_ADMIN,
                participantId: holder.participantId,
                seat: { stationId: bidFor.stationId, shift: bidFor.shift, seatPosition: bidFor.seatPosition },
              })
            : applyCommand(current, {
                type: 'skip',
                now: TEST_START_TIME,
                actor: { memberId: holder.memberId, name: holder.name, isAdmin: false },
                participantId: holder.participantId,
              });
          if (!result.ok) throw new Error(`turn of ${holder.name} refused: ${result.refusal.message}`);
          current = result.state;
        }
        expect(current.session.status).toBe('completed');
        // The first member always has no one ahead: every run compares at least one turn.
        expect(compared).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });

  it('plays a what-if run exactly as the same turns, bid one command at a time, would go', () => {
    fc.assert(
      fc.property(departmentArbitrary, (department) => {
        const state = buildState(department);
        const run = runWhatIf(state, TEST_START_TIME);
        const started = applyCommand(state, { type: 'start', now: TEST_START_TIME, actor: TEST_ADMIN });
        expect(run.ok).toBe(started.ok);
        if (!run.ok || !started.ok) return;
        const byParticipant = new Map(run.result.awards.map((award) => [award.participantId, award]));
        let current = started.state;
        for (let guard = 0; current.session.status === 'active' && guard <= current.participants.length; guard += 1) {
          const holder = getTurnHolder(current);
          const award = holder && byParticipant.get(holder.participantId);
          if (!holder || !award) throw new Error('the run skipped a turn the engine gave');
          // The run bids its list's choice or its first-seat guess, and passes otherwise.
          const bids = award.source === 'rankedList' || award.source === 'firstQualified';
          const result =
            bids && award.seat
              ? applyCommand(current, {
                  type: 'bid',
                  now: TEST_START_TIME,
                  actor: TEST_ADMIN,
                  participantId: holder.participantId,
                  seat: {
                    stationId: award.seat.stationId,
                    shift: award.seat.shift,
                    seatPosition: award.seat.seatPosition,
                  },
                })
              : applyCommand(current, {
                  type: 'skip',
                  now: TEST_START_TIME,
                  actor: { memberId: holder.memberId, name: holder.name, isAdmin: false },
                  participantId: holder.participantId,
                });
          if (!result.ok) throw new Error(`turn of ${holder.name} refused: ${result.refusal.message}`);
          current = result.state;
        }
        expect(current.session.status).toBe('completed');
        const holding = (seat: EngineSeat) => `${seat.seatId}:${seat.holderMemberId ?? '-'}`;
        expect(run.result.finalState.seats.map(holding)).toEqual(current.seats.map(holding));
      }),
      { numRuns: 300 },
    );
  });
});
