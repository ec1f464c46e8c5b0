/**
 * The words for a bid session's things that more than one place shows: the web app's screens, the
 * .xlsx export and the printed bid sheet. One list each, so a participant's outcome or a history
 * action reads the same on the screen and in the file a member downloads. Wording only one screen
 * uses stays with that screen.
 */
import type { BidSessionStatus, HistoryAction, ParticipantOutcome } from './bid-engine/types.ts';
import type { SessionStatistics } from './schemas/bid-session.ts';

export const SESSION_STATUS_LABELS: Readonly<Record<BidSessionStatus, string>> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  active: 'Active',
  paused: 'Paused',
  completed: 'Completed',
};

export const HISTORY_ACTION_LABELS: Readonly<Record<HistoryAction, string>> = {
  session_started: 'Session started',
  session_paused: 'Session paused',
  session_resumed: 'Session resumed',
  session_completed: 'Session completed',
  bid_submitted: 'Bid submitted',
  turn_skipped: 'Turn skipped',
  moved_to_back: 'Moved to back of queue',
  auto_assigned: 'Auto-assigned',
  round_started: 'Round started',
  session_rewound: 'Bid rewound',
  turn_undone: 'Turn undone',
};

/** What became of a participant in a session. */
export const PARTICIPANT_OUTCOME_LABELS: Readonly<Record<ParticipantOutcome, string>> = {
  bid: 'Own bid',
  proxy_bid: 'Phone-in bid',
  auto_assigned: 'Auto-assigned',
  skipped: 'Skipped',
  not_assigned: 'Not assigned',
};

/** How an accepted bid was made: by the member, by an administrator for them, or by the engine. */
export const BID_KIND_LABELS: Readonly<Record<'own' | 'proxy' | 'auto', string>> = {
  own: 'Own bid',
  proxy: 'Phone-in',
  auto: 'Automatic',
};

/**
 * What a results row says became of a participant: their outcome's words, the very outcome the
 * results' figures count (computeSessionStatistics), so "Skipped 1" is one row reading Skipped.
 * "Waiting" while they have none.
 */
export function resultOutcomeLabel(participant: { outcome: ParticipantOutcome | null }): string {
  return participant.outcome === null ? 'Waiting' : PARTICIPANT_OUTCOME_LABELS[participant.outcome];
}

/** A participant's result: Assigned when they won a seat in the session, else Not Assigned. */
export function participantResultLabel(participant: { hasBid: boolean }): 'Assigned' | 'Not Assigned' {
  return participant.hasBid ? 'Assigned' : 'Not Assigned';
}

/** The figures of a session's results (and the participant count), in the order they are shown. */
export const SESSION_STATISTIC_LABELS: Readonly<Record<keyof SessionStatistics | 'participants', string>> = {
  participants: 'Participants',
  successfulAssignments: 'Successful assignments',
  autoAssignments: 'Auto-assignments',
  totalBidsSubmitted: 'Bids submitted',
  averageBidsPerParticipant: 'Average bids per participant',
  participantsMovedToBack: 'Moved to back',
  skipped: 'Skipped',
  notAssigned: 'Not assigned',
};

/** The columns of a session's participant results, on the results screen and in the export. */
export const RESULT_COLUMN_LABELS = {
  queue: 'Queue',
  priority: 'Priority',
  /** The place in the session's seniority order (its bid priority), which results number rows by. */
  seniority: 'Seniority',
  name: 'Name',
  employeeId: 'Employee ID',
  rank: 'Rank',
  seniorityScore: 'Seniority score',
  outcome: 'Outcome',
  result: 'Status',
  seat: 'Seat',
  station: 'Station',
  shift: 'Shift',
  position: 'Position',
  movedToBack: 'Moved to back',
  reason: 'Why this seat',
} as const;

/**
 * The columns of a session's history, on the history screens and in the export. The screens show
 * the seat in one column; the export splits it into station, shift and position.
 */
export const HISTORY_COLUMN_LABELS = {
  time: 'Time',
  action: 'Action',
  participant: 'Participant',
  actor: 'By',
  seat: 'Seat',
  station: 'Station',
  shift: 'Shift',
  position: 'Position',
  details: 'Details',
} as const;

/** Who made a history entry: the member or administrator by name, or "System" for the engine's own. */
export function historyActorLabel(actorName: string): string {
  return actorName === 'system' ? 'System' : actorName;
}
