/**
 * How the member's turn went, as the lasting card in the header's place tells it: a missed turn or
 * a move to the back (with the second chance ahead), a seat their ranked list took, a seat won, the
 * session ended before their turn, and the completed session. Pure: what the board, the member's
 * own entry and their turn story (my-participation) say, so every wording is tested without a page.
 */
import {
  ordinal,
  type Participant,
  plural,
  type SeatPosition,
  type SessionBoard,
  type Shift,
  type TurnStory,
} from '@stationbid/domain';

export interface OutcomeSeat {
  stationNumber: number;
  shift: Shift;
  position: SeatPosition;
}

export type TurnOutcome =
  /** The clock (`by` null) or an administrator sent the member to the back; a shorter chance comes later. */
  | { kind: 'moved'; by: string | null; chanceMinutes: number; turnsAway: number | null }
  /** The member's turn ran out and the server has not yet said what followed. */
  | { kind: 'time-up' }
  /** A seat won: `listChoice` when their ranked list took it (1-based), `placedBy` for a phone-in bid. */
  | {
      kind: 'award';
      seat: OutcomeSeat;
      at: string | null;
      source: NonNullable<TurnStory['award']>['source'] | null;
      listChoice: number | null;
      placedBy: string | null;
      seatLeft: OutcomeSeat | null;
      isCompleted: boolean;
    }
  /** The administrator ended the session before the member's turn came. */
  | { kind: 'ended-early' }
  /** The member passed, or the session ended with no seat for them. */
  | { kind: 'no-award'; outcome: 'skipped' | 'not_assigned'; isCompleted: boolean }
  /** The session completed for a watcher or a member with nothing else to tell. */
  | { kind: 'completed' };

export interface TurnOutcomeInput {
  board: Pick<SessionBoard, 'status' | 'autoAssignTimeout' | 'recentPicks' | 'turn'>;
  myEntry: Participant | null;
  story: TurnStory | null | undefined;
  /** Those still to bid before the member (countPeopleAhead); null when unknown. */
  peopleAhead: number | null;
  /** The member's turn just ran out without a bid or skip of theirs. */
  hasExpired: boolean;
  /** The member holds an open turn now (a second chance): the header, not a card, is shown. */
  isTurnOpen: boolean;
}

function awardedSeat(input: TurnOutcomeInput): OutcomeSeat | null {
  const { myEntry, board } = input;
  if (myEntry === null) return null;
  if (myEntry.assignedStation !== null && myEntry.assignedShift !== null && myEntry.assignedPosition !== null) {
    return {
      stationNumber: myEntry.assignedStation.number,
      shift: myEntry.assignedShift,
      position: myEntry.assignedPosition,
    };
  }
  // The board's pick arrives with the event, before the member's own entry is read again.
  const pick = board.recentPicks.find((candidate) => candidate.participantId === myEntry.id);
  return pick === undefined ? null : { stationNumber: pick.station.number, shift: pick.shift, position: pick.position };
}

/** The outcome to tell in the header's place, or null while the member simply waits or bids. */
export function findTurnOutcome(input: TurnOutcomeInput): TurnOutcome | null {
  const { board, myEntry, story, peopleAhead, hasExpired, isTurnOpen } = input;
  const isCompleted = board.status === 'completed';
  if (myEntry === null) return isCompleted ? { kind: 'completed' } : null;
  if (isTurnOpen) return null;
  const seat = awardedSeat(input);
  const pick = board.recentPicks.find((candidate) => candidate.participantId === myEntry.id);
  if (seat !== null) {
    const award = story?.award ?? null;
    const fromPick = pick?.standingBid === true ? 'standing_bid' : pick?.kind === 'proxy' ? 'phone_in' : null;
    return {
      kind: 'award',
      seat,
      at: award?.at ?? pick?.at ?? null,
      source: award?.source ?? fromPick,
      listChoice: award?.listChoice ?? null,
      placedBy: award?.placedBy ?? pick?.placedBy ?? null,
      seatLeft: award?.seatLeft ?? null,
      isCompleted,
    };
  }
  if (story?.endedBeforeTurn === true) return { kind: 'ended-early' };
  if (myEntry.outcome === 'skipped' || myEntry.outcome === 'not_assigned') {
    return { kind: 'no-award', outcome: myEntry.outcome, isCompleted };
  }
  if (isCompleted) return { kind: 'completed' };
  if (myEntry.outcome === null && myEntry.movedToBack) {
    return {
      kind: 'moved',
      by: story?.movedToBack?.byAdministrator ?? null,
      chanceMinutes: board.autoAssignTimeout,
      turnsAway: peopleAhead,
    };
  }
  if (hasExpired) return { kind: 'time-up' };
  return null;
}

/** "Station 2 · A shift · Captain": the seat as the award card's headline names it. */
export function describeOutcomeSeat(seat: OutcomeSeat): string {
  return `Station ${seat.stationNumber} · ${seat.shift} shift · ${seat.position}`;
}

/** "in about 4 turns", "after the current turn", "now", or "when the queue comes round to you" when unknown. */
function describeChanceWait(turnsAway: number | null): string {
  if (turnsAway === null) return 'when the queue comes round to you';
  if (turnsAway <= 0) return 'now';
  if (turnsAway === 1) return 'after the current turn';
  return `in about ${plural(turnsAway, 'turn')}`;
}

/** The card's headline and the sentences under it. */
export interface OutcomeWording {
  title: string;
  lines: string[];
  tone: 'green' | 'blue' | 'orange' | 'gray';
}

/** The words of an outcome; `formatTime` writes a moment in the department's zone ("3:14 AM CST"). */
export function describeTurnOutcome(outcome: TurnOutcome, formatTime: (iso: string) => string): OutcomeWording {
  switch (outcome.kind) {
    case 'moved': {
      // "a 1-minute chance": a length before a noun takes no plural.
      const chance = `one more ${outcome.chanceMinutes}-minute chance ${describeChanceWait(outcome.turnsAway)}.`;
      return outcome.by === null
        ? { title: 'You missed your turn.', lines: [`You're at the back now; you get ${chance}`], tone: 'orange' }
        : {
            title: `${outcome.by} moved you to the back of the queue.`,
            lines: [`You get ${chance}`],
            tone: 'orange',
          };
    }
    case 'time-up':
      return {
        title: 'Your time ran out.',
        lines: ['Checking what happens next: your ranked list, or a second chance at the back of the queue.'],
        tone: 'orange',
      };
    case 'award': {
      const seat = `Station ${outcome.seat.stationNumber}, ${outcome.seat.shift} shift`;
      const title =
        outcome.source === 'ranked_list' && outcome.listChoice !== null
          ? `Your ranked list took your ${ordinal(outcome.listChoice)} choice: ${seat}`
          : outcome.source === 'standing_bid' && outcome.listChoice !== null
            ? `Your standing bid took your ${ordinal(outcome.listChoice)} choice: ${seat}`
            : `You got ${describeOutcomeSeat(outcome.seat)}`;
      const lines: string[] = [];
      if (title.startsWith('Your')) lines.push(`You got ${describeOutcomeSeat(outcome.seat)}.`);
      const when = outcome.at === null ? '' : ` at ${formatTime(outcome.at)}`;
      if (outcome.source === 'phone_in') {
        lines.push(`Phoned in${outcome.placedBy === null ? '' : ` by ${outcome.placedBy}`}${when}.`);
      } else if (outcome.source === 'automatic') {
        lines.push(`Assigned automatically after your second chance ran out${when}.`);
      } else if (when !== '') {
        lines.push(`Recorded${when}.`);
      }
      if (outcome.seatLeft !== null) lines.push(`You leave ${describeOutcomeSeat(outcome.seatLeft)}.`);
      return { title, lines, tone: 'green' };
    }
    case 'ended-early':
      return {
        title: 'The administrator ended the session before your turn; you keep your seat.',
        lines: [],
        tone: 'gray',
      };
    case 'no-award':
      return outcome.outcome === 'skipped'
        ? { title: 'You passed your turn; you keep your seat.', lines: [], tone: 'gray' }
        : { title: 'No new seat for you in this session; you keep your seat.', lines: [], tone: 'gray' };
    case 'completed':
      return { title: 'This session is completed.', lines: [], tone: 'gray' };
  }
}
