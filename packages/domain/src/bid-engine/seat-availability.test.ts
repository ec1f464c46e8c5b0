import { describe, expect, it } from 'vitest';
import { RANKS, SEAT_POSITIONS } from '../constants.ts';
import { findAutoAssignSeat, findFreeSeat, isEligibleForSeat } from './seat-availability.ts';
import { buildEngineState, buildStationSeats, seatIdOf } from './test-builders.ts';

describe('isEligibleForSeat', () => {
  it.each([
    ['Firefighter', 'Firefighter'],
    ['Engineer', 'Engineer'],
    ['Lieutenant', 'Lieutenant'],
    ['Captain', 'Captain'],
    ['Battalion Chief', 'Captain'],
    ['Deputy Chief', 'Captain'],
    ['Chief', 'Captain'],
  ] as const)('by rank, a %s may take only a %s seat', (rank, allowedPosition) => {
    for (const seatPosition of SEAT_POSITIONS) {
      expect(isEligibleForSeat(rank, seatPosition, 'rank')).toBe(seatPosition === allowedPosition);
    }
  });

  it('lets every rank take every seat in "any" mode', () => {
    for (const rank of RANKS) {
      for (const seatPosition of SEAT_POSITIONS) expect(isEligibleForSeat(rank, seatPosition, 'any')).toBe(true);
    }
  });
});

describe('findFreeSeat', () => {
  const seats = buildStationSeats({ stationId: 's1', stationNumber: 1, seats: { A: { Firefighter: 3 } } });

  it('picks the free seat of that kind with the lowest ordinal', () => {
    const state = buildEngineState({
      participants: [],
      seats,
      outsiders: { [seatIdOf('s1', 'A', 'Firefighter', 1)]: 'someone' },
    });
    const seat = findFreeSeat(state, { stationId: 's1', shift: 'A', seatPosition: 'Firefighter' });
    expect(seat?.seatId).toBe(seatIdOf('s1', 'A', 'Firefighter', 2));
  });

  it('finds nothing when every seat of the kind is held, or the kind is not offered', () => {
    const full = buildEngineState({
      participants: [],
      seats,
      outsiders: Object.fromEntries(seats.map((seat, index) => [seat.seatId, `member-${index}`])),
    });
    expect(findFreeSeat(full, { stationId: 's1', shift: 'A', seatPosition: 'Firefighter' })).toBeUndefined();
    const empty = buildEngineState({ participants: [], seats });
    expect(findFreeSeat(empty, { stationId: 's1', shift: 'B', seatPosition: 'Firefighter' })).toBeUndefined();
    expect(findFreeSeat(empty, { stationId: 's2', shift: 'A', seatPosition: 'Firefighter' })).toBeUndefined();
  });
});

describe('findAutoAssignSeat', () => {
  const seats = [
    ...buildStationSeats({
      stationId: 's2',
      stationNumber: 2,
      seats: { A: { Firefighter: 1 }, C: { Firefighter: 1 } },
    }),
    ...buildStationSeats({
      stationId: 's1',
      stationNumber: 1,
      seats: { B: { Firefighter: 1, Captain: 1 }, C: { Firefighter: 1 } },
    }),
    ...buildStationSeats({ stationId: 's3', stationNumber: 3, seats: { A: { Firefighter: 1, Captain: 1 } } }),
  ];
  const state = buildEngineState({ participants: [], seats });
  const firefighter = (preferredStationIds: string[] = [], preferredShifts: ('A' | 'B' | 'C')[] = []) => ({
    rank: 'Firefighter' as const,
    preferences: { preferredStationIds, preferredShifts },
  });

  it('without preferences takes the first eligible seat by station number, then shift A, B, C', () => {
    expect(findAutoAssignSeat(state, firefighter(), 'rank')?.seatId).toBe(seatIdOf('s1', 'B', 'Firefighter'));
  });

  it('takes preferred stations in their order, then preferred shifts in their order', () => {
    expect(findAutoAssignSeat(state, firefighter(['s2', 's1'], ['C', 'A']), 'rank')?.seatId).toBe(
      seatIdOf('s2', 'C', 'Firefighter'),
    );
    expect(findAutoAssignSeat(state, firefighter(['s3', 's2']), 'rank')?.seatId).toBe(
      seatIdOf('s3', 'A', 'Firefighter'),
    );
    // Shifts alone: a C seat anywhere before an A seat, then by station number.
    expect(findAutoAssignSeat(state, firefighter([], ['C', 'A']), 'rank')?.seatId).toBe(
      seatIdOf('s1', 'C', 'Firefighter'),
    );
  });

  it('falls back to the first eligible seat when no preferred seat is free or eligible', () => {
    const taken = buildEngineState({
      participants: [],
      seats,
      outsiders: { [seatIdOf('s1', 'B', 'Firefighter')]: 'someone' },
    });
    expect(findAutoAssignSeat(taken, firefighter(['s1'], ['B']), 'rank')?.seatId).toBe(
      seatIdOf('s1', 'C', 'Firefighter'),
    );
  });

  it('never picks a seat the rank may not take, and finds nothing when none is left', () => {
    const captain = { rank: 'Captain' as const, preferences: { preferredStationIds: [], preferredShifts: [] } };
    expect(findAutoAssignSeat(state, captain, 'rank')?.seatId).toBe(seatIdOf('s1', 'B', 'Captain'));
    const engineer = { rank: 'Engineer' as const, preferences: { preferredStationIds: [], preferredShifts: [] } };
    expect(findAutoAssignSeat(state, engineer, 'rank')).toBeUndefined();
  });

  it('in "any" mode prefers the seat matching the rank within a station and shift', () => {
    const captain = { rank: 'Captain' as const, preferences: { preferredStationIds: ['s3'], preferredShifts: [] } };
    expect(findAutoAssignSeat(state, captain, 'any')?.seatId).toBe(seatIdOf('s3', 'A', 'Captain'));
    const engineer = { rank: 'Engineer' as const, preferences: { preferredStationIds: [], preferredShifts: [] } };
    // No Engineer seat anywhere: Captain to Firefighter order, at the first station and shift.
    expect(findAutoAssignSeat(state, engineer, 'any')?.seatId).toBe(seatIdOf('s1', 'B', 'Captain'));
  });
});
