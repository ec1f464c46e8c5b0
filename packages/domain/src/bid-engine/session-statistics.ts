/**
 * A session's results figures (bidding-rules.md, "Results"), computed from the participants'
 * outcomes so the results screen, the export and the API agree.
 */
import type { SessionStatistics } from '../schemas/bid-session.ts';
import { roundHalfAwayFromZero } from '../seniority.ts';
import type { EngineParticipant, EngineState } from './types.ts';

/** Participants who are done: they bid, skipped, were auto-assigned or are Not Assigned. */
export function countCompletedBids(state: Pick<EngineState, 'participants'>): number {
  return state.participants.filter((participant) => participant.outcome !== null).length;
}

/** What the statistics read of a participant; only whether a seat was awarded matters of `awardedSeat`. */
export type StatisticsParticipant = Pick<EngineParticipant, 'outcome' | 'movedToBack'> & { awardedSeat: unknown };

/**
 * successfulAssignments: own and phone-in bids; autoAssignments: seats the turn clock gave;
 * totalBidsSubmitted: both together; averageBidsPerParticipant: that over the participants, to 2
 * decimals (0 without participants).
 */
export function computeSessionStatistics(state: { participants: readonly StatisticsParticipant[] }): SessionStatistics {
  let successfulAssignments = 0;
  let autoAssignments = 0;
  let participantsMovedToBack = 0;
  let skipped = 0;
  let notAssigned = 0;
  for (const participant of state.participants) {
    if (participant.movedToBack) participantsMovedToBack += 1;
    switch (participant.outcome) {
      case 'bid':
      case 'proxy_bid':
        successfulAssignments += 1;
        break;
      case 'auto_assigned':
        if (participant.awardedSeat) autoAssignments += 1;
        break;
      case 'skipped':
        skipped += 1;
        break;
      case 'not_assigned':
        notAssigned += 1;
        break;
      case null:
        break;
    }
  }
  const totalBidsSubmitted = successfulAssignments + autoAssignments;
  const participantCount = state.participants.length;
  const averageBidsPerParticipant =
    participantCount === 0
      ? 0
      : roundHalfAwayFromZero(Number(((totalBidsSubmitted / participantCount) * 100).toFixed(9))) / 100;
  return {
    successfulAssignments,
    autoAssignments,
    totalBidsSubmitted,
    averageBidsPerParticipant,
    participantsMovedToBack,
    skipped,
    notAssigned,
  };
}
