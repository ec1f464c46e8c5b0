/**
 * What the engine and the bid-session calls answer with (issue "The bid engine"). One place, so the
 * server's refusals and the screens' texts agree.
 */
import type { SeatPosition } from '../constants.ts';

export const BID_MESSAGES = {
  notYourTurn: 'It is not your turn',
  timeExpired: 'Time expired! Your turn has passed.',
  seatUnavailable: 'That seat is no longer available',
  sessionPaused: 'Session is paused',
  sessionNotActive: 'This session is not running',
  sessionNotFound: 'Session not found',
  notParticipant: 'You are not a participant in this session',
  noParticipants: 'Add at least one participant before starting the session',
  stationNotOffered: 'That station is not part of this session',
  cannotExport: 'Cannot export this session',
  cannotSendReminders: 'Cannot send reminders for this session',
  adminOnlyProxy: 'Only an administrator can bid for another member',
  participantNotFound: 'That member is not a participant in this session',
  sessionAlreadyStarted: 'This session has already started',
  rewindBeforeStart: 'Only a session that has started can be rewound',
  rewindReasonRequired: 'Say why the bid is rewound: everyone whose turn is undone reads it',
  rewindCorrectionsInvalid:
    'The corrected seniority must give every participant one place, 1 to the number of participants',
  rewindNothingToUndo: "Nothing to rewind: this member's turn has not come yet, and no place has moved",
  rewindSeatsAtStartUnknown: 'The seats members held when this session started are not known, so no turn can be undone',
  whatIfAfterCompletion: 'This session has completed: there is nothing left to run. Its results show what happened.',
  vacancyNoMoveToBack:
    'A vacancy bid has no back of the queue: a missed turn is a pass, and the member is offered the seats again when one opens.',
  vacancyNoRewind:
    'A vacancy bid cannot be rewound: each move re-offered every open seat. End it and create a new vacancy bid with the seats still open.',
  vacancyNeedsOpenSeat: 'A vacancy bid needs at least one open seat: name the station, shift and position that opened.',
  openSeatsOnlyInVacancy: 'Open seats belong to a vacancy bid: choose the vacancy type, or leave the open seats out.',
  vacancyNoRoundsOrClearing:
    "A vacancy bid has no rounds and clears nobody's seat: members move only when they take an open seat.",
  vacancyTooManyOpenSeats: 'At most 200 open seats in one vacancy bid',
  forecastAfterCompletion: 'This session has completed: your result is on the board and in the results.',
  sessionNotPaused: 'This session is not paused',
  onlyTurnHolderSkips: 'Only the member holding the turn can skip it',
  onlyTurnHolderMovedToBack: 'Only the member holding the turn can be moved to the back',
  alreadyMovedToBack: 'This member has already been moved to the back once',
  // Session lifecycle refusals (bidding-rules.md, "Session lifecycle").
  completedSessionCannotChange: 'A completed session cannot be changed',
  runningSessionCannotBeDeleted: 'An active or paused session cannot be deleted. End it first.',
  onlyCompletedSessionDeletedHere: 'Only a completed session can be deleted here',
  participantsChangeOnlyBeforeStart: 'Participants can only be changed before the session starts',
  sessionStarted: 'Bid session started successfully',
  sessionPausedSuccess: 'Bid session paused successfully',
  sessionResumed: 'Bid session resumed successfully',
  sessionEnded: 'Bid session ended',
  movedToBack: 'User moved to back of queue successfully',
  turnSkipped: 'Turn skipped successfully!',
  sessionCreated: 'Bid session created successfully',
  sessionUpdated: 'Bid session updated successfully',
  sessionDeleted: 'Bid session deleted successfully',
  completedSessionDeleted: 'Completed bid session deleted successfully',
  /** DELETE /bid-sessions/:id on a completed session, whose bids and history go with it. */
  sessionDeletedWithResults: 'Bid session deleted successfully, together with its results',
  // The session form's checks.
  nameRequired: 'Session name is required',
  yearRequired: 'Year is required',
  yearMin: 'Year must be 2024 or later',
  startDateRequired: 'Start date is required',
  /** POST /bid-sessions with neither a start date nor a scheduled start to take its day from. */
  startDateOrScheduleRequired: 'Start date is required (or a scheduled start, whose day is then taken)',
  /** POST /bid-sessions with neither an end date nor a scheduled end to take its day from. */
  endDateOrScheduleRequired: 'End date is required (or a scheduled end, whose day is then taken)',
  endDateRequired: 'End date is required',
  endBeforeStart: 'End date must be on or after the start date',
  bidWindowRequired: 'Bid window duration is required',
  autoAssignRequired: 'Auto-assign timeout is required',
  minimumOneMinute: 'Minimum 1 minute',
  maximumSixtyMinutes: 'Maximum 60 minutes',
  maximumThirtyMinutes: 'Maximum 30 minutes',
  participantsRequired: 'Select at least one participant',
  scheduledStartInPast: 'The scheduled start must be in the future',
  scheduledEndBeforeStart: 'The scheduled end must be after the scheduled start',
} as const;

/** "Bid rewound: 3 turns undone" */
export function rewoundMessage(undone: number): string {
  return `Bid rewound: ${undone} ${undone === 1 ? 'turn' : 'turns'} undone, everyone affected told`;
}

/** A rewind must begin at the most senior place a seniority correction moved, or before it. */
export function rewindAfterMovedPlaceMessage(seniorMostMoved: string, asked: string): string {
  return `Rewind to ${seniorMostMoved}'s turn instead: their place moved with the corrected seniority and they are senior to ${asked}, so the turns from theirs on were taken in the wrong order`;
}

/** A seat an undone winner held at the start is held by a member whose turn stands (taken outside the bid). */
export function seatAtStartTakenMessage(
  name: string,
  seat: { stationNumber: number; shift: string; seatPosition: string },
  heldBy: string,
): string {
  return `${name} cannot get back Station ${seat.stationNumber}'s ${seat.shift}-shift ${seat.seatPosition} seat they held at the start: ${heldBy} holds it now. Free it first, then rewind.`;
}

/** "You are not eligible for a Captain seat", "... for an Engineer seat" */
export function notEligibleMessage(seatPosition: SeatPosition): string {
  const article = /^[AEIOU]/.test(seatPosition) ? 'an' : 'a';
  return `You are not eligible for ${article} ${seatPosition} seat`;
}

/** A bid for "Officer" (the spec's bid dialog) for a bidder whose rank has no officer seat. */
export function officerSeatNeedsOfficerRankMessage(rank: string): string {
  return `"Officer" is the officer seat of the bidder's rank, and a ${rank} has none: choose Firefighter, Paramedic or Driver, or name a seat (Captain, Lieutenant, Engineer, Firefighter)`;
}

/** "Bid submitted successfully! Station: Downtown, Shift: A, Position: Captain". */
export function bidSubmittedMessage(stationName: string, shift: string, seatPosition: string): string {
  return `Bid submitted successfully! Station: ${stationName}, Shift: ${shift}, Position: ${seatPosition}`;
}

/** "This station has no Captain seat on shift B in this session" */
export function seatNotOfferedMessage(shift: string, seatPosition: SeatPosition): string {
  return `This station has no ${seatPosition} seat on shift ${shift} in this session`;
}
