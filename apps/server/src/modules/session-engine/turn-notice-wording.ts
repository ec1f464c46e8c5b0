/**
 * The wording of what an engine step writes for members to read: the in-app notifications (turn
 * begun, seat won, session completed) and the activity entry of a seat won, apart from the
 * repository that stores them (engine-step-writer.repository.ts) so it can be read, changed and
 * tested on its own. A turn's deadline is written in the department's time zone and names it
 * ("15:05 EST"): the same clock the e-mail, the SMS and the board give, whatever the reader's
 * device is set to.
 */
import type { EngineNotification, SeatRef } from '@stationbid/domain';

export interface TurnNotice {
  /** The stored notification's type: a rewound turn is told as a `system` notice. */
  type: Exclude<EngineNotification['type'], 'turn_undone'> | 'system';
  title: string;
  message: string;
  seat: SeatRef | null;
}

/** The seat as the member reads it; the seat and station ids play no part. */
type SeatWording = Pick<SeatRef, 'stationNumber' | 'stationName' | 'shift' | 'seatPosition'>;

export const seatText = (seat: SeatWording) =>
  `Station ${seat.stationNumber} (${seat.stationName}), shift ${seat.shift}, ${seat.seatPosition}`;

/** The length of a turn as a member reads it: "1 minute", "5 minutes" (at least one). */
export function describeTurnLength(milliseconds: number): string {
  const minutes = Math.max(1, Math.round(milliseconds / 60_000));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** "15:05 EST": a time of day in `timeZone` with the zone's short name, 24-hour clock. */
export function formatClockTime(time: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).formatToParts(time);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('hour')}:${part('minute')} ${part('timeZoneName')}`;
}

/** The in-app notification a member reads for an engine notification, times in `timeZone`. */
export function describeTurnNotice(
  notification: EngineNotification,
  sessionName: string,
  now: Date,
  timeZone: string,
): TurnNotice {
  switch (notification.type) {
    case 'turn_started':
      return {
        type: 'turn_started',
        title: 'Your bid time has begun',
        message: `It is your turn to bid in ${sessionName}. You have ${describeTurnLength(notification.deadline - now.getTime())} to place your bid, until ${formatClockTime(new Date(notification.deadline), timeZone)}.`,
        seat: null,
      };
    case 'bid_success':
      return {
        type: 'bid_success',
        title: notification.outcome === 'auto_assigned' ? 'Seat assigned' : 'Bid accepted',
        message: `${sessionName}: you now hold ${seatText(notification.seat)}.`,
        seat: notification.seat,
      };
    case 'turn_undone':
      return {
        type: 'system',
        title: 'Bid rewound',
        message: `${sessionName}: ${notification.seat ? `your award of ${seatText(notification.seat)} is undone` : 'your turn is undone'}. The administrator rewound the bid to ${notification.rewoundTo}'s turn: "${notification.reason}". Your turn will come again, with a full bid window.`,
        seat: notification.seat,
      };
    case 'session_completed':
      return {
        type: 'session_completed',
        title: 'Bid session completed',
        message: notification.seat
          ? `${sessionName} has completed. Your seat: ${seatText(notification.seat)}.`
          : `${sessionName} has completed. You were not assigned a new seat in this session.`,
        seat: notification.seat,
      };
  }
}

/** A member sent to the back of the queue: by the clock when their turn ran out, or by an administrator. */
export interface MovedToBackWording {
  sessionName: string;
  /** The administrator who moved them; null when their turn ran out. */
  movedBy: string | null;
  /** The second chance's length, in minutes. */
  chanceMinutes: number;
  /** Turns still to come before theirs (the turn holder's included). */
  turnsAhead: number;
}

/**
 * "You're at the back now; you get one more 1-minute chance in about 4 turns.": the same sentence
 * on the page's card, in the app, the e-mail, the SMS and the push.
 */
export function describeSecondChance(chanceMinutes: number, turnsAhead: number): string {
  // The last in the queue gets the second chance at once.
  const wait = turnsAhead <= 0 ? 'now' : turnsAhead === 1 ? 'after the current turn' : `in about ${turnsAhead} turns`;
  // A length before a noun takes no plural: "a 5-minute chance".
  return `You're at the back now; you get one more ${chanceMinutes}-minute chance ${wait}.`;
}

/** The headline of a move to the back: "You missed your turn" or "Dana Chief moved you to the back". */
export function describeMoveHeadline(movedBy: string | null): string {
  return movedBy === null ? 'You missed your turn' : `${movedBy} moved you to the back of the queue`;
}

/** The in-app notification of a move to the back (a `system` notice: the types are fixed). */
export function describeMovedToBackNotice(moved: MovedToBackWording): TurnNotice {
  return {
    type: 'system',
    title: describeMoveHeadline(moved.movedBy),
    message: `${moved.sessionName}: ${describeMoveHeadline(moved.movedBy)}. ${describeSecondChance(moved.chanceMinutes, moved.turnsAhead)}`,
    seat: null,
  };
}

/** A member's activity entry for a seat they won in a session, whoever placed the bid. */
export function describeAwardActivity(
  kind: 'own' | 'proxy' | 'auto',
  seat: SeatWording,
  sessionName: string,
): { title: string; description: string } {
  return {
    title: kind === 'auto' ? 'Seat assigned automatically' : 'Bid submitted',
    description: `${sessionName}: ${seatText(seat)}`,
  };
}
