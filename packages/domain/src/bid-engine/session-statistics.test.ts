import { describe, expect, it } from 'vitest';
import { computeSessionStatistics, countCompletedBids } from './session-statistics.ts';
import { buildParticipant } from './test-builders.ts';
import type { SeatRef } from './types.ts';

const seat: SeatRef = {
  seatId: 'seat',
  stationId: 's1',
  stationNumber: 1,
  stationName: 'Downtown',
  shift: 'A',
  seatPosition: 'Firefighter',
};

describe('computeSessionStatistics', () => {
  it('counts each outcome and the participants moved to the back', () => {
    const participants = [
      buildParticipant({ participantId: 'own', outcome: 'bid', awardedSeat: seat }),
      buildParticipant({ participantId: 'phone', outcome: 'proxy_bid', awardedSeat: seat }),
      buildParticipant({ participantId: 'auto', outcome: 'auto_assigned', awardedSeat: seat, movedToBack: true }),
      buildParticipant({ participantId: 'pass', outcome: 'skipped' }),
      buildParticipant({ participantId: 'none', outcome: 'not_assigned', movedToBack: true }),
      buildParticipant({ participantId: 'waiting' }),
    ];
    expect(computeSessionStatistics({ participants })).toEqual({
      successfulAssignments: 2,
      autoAssignments: 1,
      totalBidsSubmitted: 3,
      averageBidsPerParticipant: 0.5,
      participantsMovedToBack: 2,
      skipped: 1,
      notAssigned: 1,
    });
    expect(countCompletedBids({ participants })).toBe(5);
  });

  it('rounds the average to 2 decimals, and gives 0 without participants', () => {
    const participants = [
      buildParticipant({ participantId: 'a', outcome: 'bid', awardedSeat: seat }),
      buildParticipant({ participantId: 'b', outcome: 'skipped' }),
      buildParticipant({ participantId: 'c', outcome: 'skipped' }),
    ];
    expect(computeSessionStatistics({ participants }).averageBidsPerParticipant).toBe(0.33);
    const twoOfThree = [
      buildParticipant({ participantId: 'a', outcome: 'bid', awardedSeat: seat }),
      buildParticipant({ participantId: 'b', outcome: 'proxy_bid', awardedSeat: seat }),
      buildParticipant({ participantId: 'c', outcome: 'skipped' }),
    ];
    expect(computeSessionStatistics({ participants: twoOfThree }).averageBidsPerParticipant).toBe(0.67);
    expect(computeSessionStatistics({ participants: [] }).averageBidsPerParticipant).toBe(0);
    expect(countCompletedBids({ participants: [] })).toBe(0);
  });
});
