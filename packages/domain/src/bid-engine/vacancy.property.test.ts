/**
 * Property test of vacancy bids (bidding-rules.md, "Vacancy bids"): random departments with open
 * seats and members holding seats (some with ranked lists and standing bids), driven by random
 * bids, passes and expiries, then run out by the turn clock. The chain always ends; no member moves
 * twice; every move took an open seat and opened the one left; nobody holds two seats; and when it
 * ends, every member who had not moved passed on the last offer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type SeatPosition, SHIFTS } from '../constants.ts';
import { applyCommand, getTurnHolder } from './apply-command.ts';
import { TEST_ADMIN, TEST_START_TIME } from './test-builders.ts';
import type {
  EngineCommand,
  EngineParticipant,
  EngineSeat,
  EngineState,
  HistoryEntryDraft,
  SeatChoice,
} from './types.ts';

const POSITIONS: SeatPosition[] = ['Engineer', 'Firefighter'];

const departmentArbitrary = fc.record({
  groups: fc.array(
    fc.record({
      station: fc.nat({ max: 3 }),
      shift: fc.constantFrom(...SHIFTS),
      position: fc.constantFrom(...POSITIONS),
      count: fc.integer({ min: 1, max: 2 }),
    }),
    { minLength: 1, maxLength: 6 },
  ),
  members: fc.array(
    fc.record({
      position: fc.constantFrom(...POSITIONS),
      holds: fc.option(fc.nat({ max: 20 }), { nil: null }),
      choices: fc.array(fc.nat({ max: 11 }), { maxLength: 3 }),
      standingBid: fc.boolean(),
      autoBid: fc.boolean(),
    }),
    { minLength: 1, maxLength: 8 },
  ),
  mode: fc.constantFrom('rank' as const, 'any' as const),
  actions: fc.array(
    fc.oneof(
      { weight: 4, arbitrary: fc.record({ type: fc.constant('bid' as const), kind: fc.nat({ max: 11 }) }) },
      { weight: 2, arbitrary: fc.record({ type: fc.constant('skip' as const) }) },
      { weight: 1, arbitrary: fc.record({ type: fc.constant('expire' as const) }) },
    ),
    { maxLength: 40 },
  ),
});
type Department = typeof departmentArbitrary extends fc.Arbitrary<infer T> ? T : never;

function buildState(department: Department): { state: EngineState; kinds: SeatChoice[] } {
  const seats: EngineSeat[] = [];
  const ordinals = new Map<string, number>();
  for (const group of department.groups) {
    for (let index = 0; index < group.count; index += 1) {
      const kind = `s${group.station}|${group.shift}|${group.position}`;
      const ordinal = (ordinals.get(kind) ?? 0) + 1;
      ordinals.set(kind, ordinal);
      seats.push({
        seatId: `${kind}|${ordinal}`,
        stationId: `s${group.station}`,
        stationNumber: group.station + 1,
        stationName: `Station ${group.station + 1}`,
        shift: group.shift,
        seatPosition: group.position,
        ordinal,
        holderMemberId: null,
      });
    }
  }
  const kinds = [...ordinals.keys()].map((key) => {
    const [stationId, shift, seatPosition] = key.split('|');
    return { stationId, shift, seatPosition } as SeatChoice;
  });
  const participants: EngineParticipant[] = department.members.map((member, index) => {
    const memberId = `m${index}`;
    const held = member.holds === null ? undefined : seats[member.holds % seats.length];
    const holds = held !== undefined && held.holderMemberId === null;
    if (holds) held.holderMemberId = memberId;
    return {
      participantId: `p${index}`,
      memberId,
      name: `Member ${index}`,
      employeeId: `E${index}`,
      rank: member.position,
      yearsOfService: 20 - index,
      seniorityScore: 100 - index,
      certifications: [],
      bidPriority: index + 1,
      queuePosition: index,
      movedToBack: false,
      outcome: null,
      turnDeadline: null,
      currentSeat: holds
        ? {
            seatId: held.seatId,
            stationId: held.stationId,
            stationNumber: held.stationNumber,
            stationName: held.stationName,
            shift: held.shift,
            seatPosition: held.seatPosition,
          }
        : null,
      awardedSeat: null,
      preferences: {
        autoBid: member.autoBid,
        standingBid: member.standingBid,
        choices: member.choices.map((choice) => kinds[choice % kinds.length] as SeatChoice),
        preferredStationIds: [],
        preferredShifts: [],
      },
    };
  });
  return {
    kinds,
    state: {
      session: {
        status: 'draft',
        currentParticipant: 0,
        currentBidEnd: null,
        pausedRemainingMs: null,
        bidWindowMinutes: 5,
        autoAssignTimeoutMinutes: 1,
        eligibilityMode: department.mode,
        clearAssignments: false,
        actualStart: null,
        actualEnd: null,
        vacancy: true,
      },
      participants,
      seats,
    },
  };
}

const isMove = (entry: HistoryEntryDraft) => entry.action === 'bid_submitted' || entry.action === 'auto_assigned';

describe('a vacancy bid, on random departments', () => {
  it('always ends, never moves a member twice, opens each seat left, and ends only when everyone left passed', () => {
    fc.assert(
      fc.property(departmentArbitrary, (department) => {
        const { state: initial, kinds } = buildState(department);
        const history: HistoryEntryDraft[] = [];
        let state = initial;
        let now = TEST_START_TIME;
        const run = (command: EngineCommand) => {
          const result = applyCommand(state, command);
          if (!result?.ok) return;
          for (const event of result.events) {
            if (event.kind !== 'history') continue;
            const entry = event.entry;
            if (isMove(entry) && entry.seat) {
              // An open seat: free before this step, or left by a move earlier in the same step.
              const before = state.seats.find((seat) => seat.seatId === entry.seat?.seatId);
              const openedInStep = history.some(
                (earlier) => (earlier.details.opened as { seatId?: string } | undefined)?.seatId === entry.seat?.seatId,
              );
              expect(before?.holderMemberId === null || openedInStep).toBe(true);
            }
            history.push(entry);
          }
          state = result.state;
        };
        run({ type: 'start', now, actor: TEST_ADMIN });
        const holderCommand = (action: Department['actions'][number]): EngineCommand | undefined => {
          const holder = getTurnHolder(state);
          if (!holder) return undefined;
          if (action.type === 'expire') {
            now = (state.session.currentBidEnd ?? now) + 1;
            return { type: 'expire', now };
          }
          if (action.type === 'skip') {
            return {
              type: 'skip',
              now,
              actor: { memberId: holder.memberId, name: holder.name, isAdmin: false },
              participantId: holder.participantId,
            };
          }
          const seat = kinds[action.kind % kinds.length] as SeatChoice;
          return { type: 'bid', now, actor: TEST_ADMIN, participantId: holder.participantId, seat };
        };
        for (const action of department.actions) {
          const command = holderCommand(action);
          if (command) run(command);
        }
        // The turn clock alone ends it: at most one offer per member after each move.
        const members = initial.participants.length;
        for (let guard = 0; state.session.status === 'active' && guard <= members * (members + 2); guard += 1) {
          run(holderCommand({ type: 'expire' }) as EngineCommand);
        }
        expect(state.session.status).toBe('completed');

        const moves = history.filter(isMove);
        const movers = moves.map((entry) => entry.participantId);
        expect(new Set(movers).size).toBe(movers.length);
        // Each move opened the seat its member left, and nobody holds two seats.
        for (const entry of moves) {
          const before = initial.participants.find((participant) => participant.participantId === entry.participantId);
          expect((entry.details.opened as { seatId?: string } | undefined)?.seatId ?? null).toBe(
            before?.currentSeat?.seatId ?? null,
          );
        }
        const holders = state.seats.flatMap((seat) => (seat.holderMemberId ? [seat.holderMemberId] : []));
        expect(new Set(holders).size).toBe(holders.length);
        // After the last move, every member who had not moved passed on the offer.
        const lastMove = history.findLastIndex(isMove);
        const passedSince = new Set(
          history
            .slice(lastMove + 1)
            .filter((entry) => entry.action === 'turn_skipped')
            .map((entry) => entry.participantId),
        );
        for (const participant of state.participants) {
          if (participant.awardedSeat === null) expect(passedSince.has(participant.participantId)).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });
});
