/**
 * How sessions, turns and history read on the administrator's screens. The words every feature shares
 * (status labels, history actions, seats, dates) live in src/lib/session-format.ts.
 */
import {
  type BidSession,
  type EligibilityMode,
  PARTICIPANT_OUTCOME_LABELS,
  type Participant,
  type TieBreakLink,
} from '@stationbid/domain';
import { formatSeat } from '../../../lib/session-format.ts';

export const ELIGIBILITY_MODE_LABELS: Readonly<Record<EligibilityMode, string>> = {
  rank: 'By rank (seat position matches the rank)',
  any: 'Any position',
};

const TIE_BREAK_LINK_LABELS: Readonly<Record<TieBreakLink, string>> = {
  yearsOfService: 'years of service',
  employeeId: 'employee ID',
  random: 'a seeded random draw',
};

/** "Seniority score, then years of service, then employee ID". */
export function describeTieBreakChain(chain: readonly TieBreakLink[]): string {
  return ['Seniority score', ...chain.map((link) => TIE_BREAK_LINK_LABELS[link])].join(', then ');
}

/** completedBids of participantCount, as a whole percentage for the progress bar. */
export function getSessionProgress(session: Pick<BidSession, 'completedBids' | 'participantCount'>) {
  const total = session.participantCount;
  const completed = Math.min(session.completedBids, total);
  return { completed, total, percent: total === 0 ? 0 : Math.round((completed / total) * 100) };
}

/** What became of a participant: their outcome and the seat won, or where they stand in the queue. */
export function describeParticipantResult(participant: Participant): string {
  if (participant.outcome === null) return participant.isCurrentTurn ? 'Bidding now' : 'Waiting';
  const seat = formatSeat(participant.assignedStation, participant.assignedShift, participant.assignedPosition);
  const outcome = PARTICIPANT_OUTCOME_LABELS[participant.outcome];
  return seat === null ? outcome : `${outcome}: ${seat}`;
}

function formatDuration(ms: number): string {
  const totalSeconds = Math.round(ms / 1000);
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = String(totalSeconds % 60).padStart(2, '0');
  return `${minutes}:${seconds}`;
}

/** The facts of a history entry's details worth reading: a phone-in bid, a reason, a seed, time left. */
export function describeHistoryDetails(details: Readonly<Record<string, unknown>>): string | null {
  const facts: string[] = [];
  if (details.proxy === true) facts.push(PARTICIPANT_OUTCOME_LABELS.proxy_bid);
  if (details.endedEarly === true) facts.push('Ended early');
  if (typeof details.reason === 'string' && details.reason.trim() !== '') facts.push(details.reason);
  const seed = details.randomSeed ?? details.seed;
  if (typeof seed === 'string' && seed !== '') facts.push(`Random draw seed: ${seed}`);
  if (typeof details.remainingMs === 'number') facts.push(`${formatDuration(details.remainingMs)} left in the turn`);
  return facts.length === 0 ? null : facts.join('; ');
}
