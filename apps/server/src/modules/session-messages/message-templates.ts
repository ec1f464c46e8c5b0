/**
 * The wording of every e-mail, SMS and push notification a bid session sends. Pure: each builder takes what the
 * message is about and the department's time zone, and answers subject, text and HTML. Links are
 * paths on a line of their own (and in `href="/..."`); the outbox worker makes them absolute with
 * PUBLIC_WEB_URL when it sends (`resolveMessageLinks`).
 */
import { ordinal, type ParticipantOutcome, type PushMessage, type SeatRef } from '@stationbid/domain';
import {
  describeMoveHeadline,
  describeSecondChance,
  type MovedToBackWording,
} from '../session-engine/turn-notice-wording.ts';

export interface EmailContent {
  subject: string;
  textBody: string;
  htmlBody: string;
}

export interface SmsContent {
  textBody: string;
}

export interface MessageRecipient {
  firstName: string;
}

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The page a participant bids on. */
export function liveBidPath(sessionId: string): string {
  return `/live-bid/${sessionId}`;
}

/**
 * A time as the department reads it, with its zone's short name: "Mon 23 Nov 2026, 14:05 CST".
 * 24-hour clock, because crews work around it. The parts come from the en-US locale, whose zone
 * names are the ones US departments use (CST, EDT; en-GB would say GMT-6).
 */
export function formatDepartmentTime(time: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).formatToParts(time);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')} ${part('timeZoneName')}`;
}

export const describeSeat = (seat: SeatRef) =>
  `Station ${seat.stationNumber} (${seat.stationName}), shift ${seat.shift}, ${seat.seatPosition}`;

/** Builds the e-mail from paragraphs: the text joins them with blank lines, the HTML escapes each. */
function buildEmail(
  subject: string,
  recipient: MessageRecipient,
  paragraphs: readonly string[],
  link?: { path: string; label: string },
): EmailContent {
  const greeting = `Hello ${recipient.firstName},`;
  const text = [greeting, ...paragraphs];
  const html = [greeting, ...paragraphs].map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`);
  if (link) {
    text.push(`${link.label}:\n${link.path}`);
    html.push(`<p><a href="${escapeHtml(link.path)}">${escapeHtml(link.label)}</a></p>`);
  }
  return { subject, textBody: text.join('\n\n'), htmlBody: html.join('\n') };
}

export interface TurnStartedMessage {
  sessionId: string;
  sessionName: string;
  deadline: Date;
  timeZone: string;
}

export function buildTurnStartedEmail(recipient: MessageRecipient, message: TurnStartedMessage): EmailContent {
  const deadline = formatDepartmentTime(message.deadline, message.timeZone);
  return buildEmail(
    `Your bid time has begun: ${message.sessionName}`,
    recipient,
    [`Your bid time has begun in ${message.sessionName}.`, `Place your bid before ${deadline}.`],
    { path: liveBidPath(message.sessionId), label: 'Bid now' },
  );
}

export function buildTurnStartedSms(message: TurnStartedMessage): SmsContent {
  const deadline = formatDepartmentTime(message.deadline, message.timeZone);
  return {
    textBody: `StationBid: your bid time has begun in ${message.sessionName}. Bid before ${deadline}:\n${liveBidPath(message.sessionId)}`,
  };
}

/** "2 turns away" and "you're next" by text, for a member who asked to be texted before their turn. */
export function buildTurnApproachingSms(message: {
  sessionId: string;
  sessionName: string;
  turnsAhead: 1 | 2;
}): SmsContent {
  const when = message.turnsAhead === 2 ? 'you are 2 turns away' : "you're next";
  return {
    textBody: `StationBid: ${when} in ${message.sessionName}. Be ready to bid:\n${liveBidPath(message.sessionId)}`,
  };
}

export function buildTurnReminderSms(message: {
  sessionId: string;
  sessionName: string;
  estimatedStart: Date;
  timeZone: string;
}): SmsContent {
  const at = formatDepartmentTime(message.estimatedStart, message.timeZone);
  return {
    textBody: `StationBid: your turn in ${message.sessionName} is expected in about 5 minutes (around ${at}). Be ready:\n${liveBidPath(message.sessionId)}`,
  };
}

export function buildDayBeforeEmail(
  recipient: MessageRecipient,
  message: { sessionId: string; sessionName: string; scheduledStart: Date; bidWindowMinutes: number; timeZone: string },
): EmailContent {
  const start = formatDepartmentTime(message.scheduledStart, message.timeZone);
  return buildEmail(
    `Reminder: ${message.sessionName} starts ${start}`,
    recipient,
    [
      `The bid session ${message.sessionName} starts on ${start}.`,
      `When your turn begins you will have ${message.bidWindowMinutes} minutes to bid. Check your station preferences before it starts.`,
    ],
    { path: liveBidPath(message.sessionId), label: 'Open the session' },
  );
}

const confirmationWording: Record<'bid' | 'proxy_bid' | 'auto_assigned', (seat: string) => string> = {
  bid: (seat) => `Your bid was accepted. You now hold ${seat}.`,
  proxy_bid: (seat) => `An administrator placed a phone-in bid for you, and it was accepted. You now hold ${seat}.`,
  auto_assigned: (seat) =>
    `Your turn ended without a bid, so you were given a seat by auto-assignment. You now hold ${seat}.`,
};

/** "Your ranked list took your 1st choice: Station 1 (Central), shift C, Firefighter." */
export function describeListAward(seat: SeatRef, listChoice: number): string {
  return `Your ranked list took your ${ordinal(listChoice)} choice: ${describeSeat(seat)}.`;
}

export function buildBidConfirmationEmail(
  recipient: MessageRecipient,
  message: {
    sessionId: string;
    sessionName: string;
    seat: SeatRef;
    outcome: ParticipantOutcome;
    /** The 1-based place on the member's ranked list of the seat it took when their time ran out. */
    listChoice?: number | null;
  },
): EmailContent {
  const isAuto = message.outcome === 'auto_assigned';
  const listChoice = message.listChoice ?? null;
  if (isAuto && listChoice !== null) {
    return buildEmail(
      `Your ranked list took your ${ordinal(listChoice)} choice: ${message.sessionName}`,
      recipient,
      [`${message.sessionName}:`, `${describeListAward(message.seat, listChoice)} You now hold it.`],
      { path: liveBidPath(message.sessionId), label: 'See the session' },
    );
  }
  const wording = confirmationWording[isAuto ? 'auto_assigned' : message.outcome === 'proxy_bid' ? 'proxy_bid' : 'bid'];
  return buildEmail(
    isAuto ? `Seat assigned by auto-assignment: ${message.sessionName}` : `Bid confirmed: ${message.sessionName}`,
    recipient,
    [`${message.sessionName}:`, wording(describeSeat(message.seat))],
    { path: liveBidPath(message.sessionId), label: 'See the session' },
  );
}

/** A move to the back of the queue, with the second chance ahead. */
export interface MovedToBackMessage extends MovedToBackWording {
  sessionId: string;
}

export function buildMovedToBackEmail(recipient: MessageRecipient, message: MovedToBackMessage): EmailContent {
  return buildEmail(
    `${describeMoveHeadline(message.movedBy)}: ${message.sessionName}`,
    recipient,
    [
      `${message.sessionName}: ${describeMoveHeadline(message.movedBy)}.`,
      describeSecondChance(message.chanceMinutes, message.turnsAhead),
    ],
    { path: liveBidPath(message.sessionId), label: 'Open the session' },
  );
}

export function buildMovedToBackSms(message: MovedToBackMessage): SmsContent {
  return {
    textBody: `StationBid: ${message.sessionName}: ${describeMoveHeadline(message.movedBy)}. ${describeSecondChance(message.chanceMinutes, message.turnsAhead)}\n${liveBidPath(message.sessionId)}`,
  };
}

export function buildMovedToBackPush(message: MovedToBackMessage): PushMessage {
  return {
    title: describeMoveHeadline(message.movedBy),
    body: `${message.sessionName}: ${describeSecondChance(message.chanceMinutes, message.turnsAhead)}`,
    url: liveBidPath(message.sessionId),
    tag: turnTag(message.sessionId),
  };
}

export function buildSessionCompletedEmail(
  recipient: MessageRecipient,
  message: { sessionId: string; sessionName: string; seat: SeatRef | null },
): EmailContent {
  return buildEmail(
    `Bid session completed: ${message.sessionName}`,
    recipient,
    [
      `${message.sessionName} has completed.`,
      message.seat
        ? `Your result: Assigned, ${describeSeat(message.seat)}.`
        : 'Your result: Not Assigned. You were not assigned a new seat in this session.',
    ],
    { path: liveBidPath(message.sessionId), label: 'See the results' },
  );
}

/** A turn a rewind undid (bidding-rules.md, "Rewind"): what was undone, from whose turn bidding begins again, and why. */
export interface TurnUndoneMessage {
  sessionId: string;
  sessionName: string;
  seat: SeatRef | null;
  rewoundTo: string;
  reason: string;
}

function describeUndoneTurn(message: TurnUndoneMessage): string {
  const undone = message.seat ? `Your award of ${describeSeat(message.seat)} is undone` : 'Your turn is undone';
  return `${undone}: the administrator rewound the bid to ${message.rewoundTo}'s turn. Your turn will come again, with a full bid window.`;
}

export function buildTurnUndoneEmail(recipient: MessageRecipient, message: TurnUndoneMessage): EmailContent {
  return buildEmail(
    `Bid rewound: ${message.sessionName}`,
    recipient,
    [`${message.sessionName}:`, describeUndoneTurn(message), `The reason given: ${message.reason}`],
    { path: liveBidPath(message.sessionId), label: 'Open the session' },
  );
}

export function buildTurnUndoneSms(message: TurnUndoneMessage): SmsContent {
  return {
    textBody: `StationBid: ${message.sessionName}: ${describeUndoneTurn(message)} Reason: ${message.reason}\n${liveBidPath(message.sessionId)}`,
  };
}

export function buildTurnUndonePush(message: TurnUndoneMessage): PushMessage {
  return {
    title: 'Bid rewound',
    body: `${message.sessionName}: ${describeUndoneTurn(message)} Reason: ${message.reason}`,
    url: liveBidPath(message.sessionId),
    tag: `stationbid-award-${message.sessionId}`,
  };
}

export interface AdminReminderMessage {
  sessionId: string;
  sessionName: string;
  status: string;
  scheduledStart: Date | null;
  customMessage: string | null;
  timeZone: string;
}

function describeSessionState(message: AdminReminderMessage): string {
  switch (message.status) {
    case 'active':
      return `${message.sessionName} is under way.`;
    case 'paused':
      return `${message.sessionName} is paused and will resume soon.`;
    case 'completed':
      return `${message.sessionName} has completed; its results are available.`;
    default:
      return message.scheduledStart
        ? `${message.sessionName} starts on ${formatDepartmentTime(message.scheduledStart, message.timeZone)}.`
        : `${message.sessionName} is coming up.`;
  }
}

/** The reminder an administrator sends (and the admin page's test message). */
export function buildAdminReminderEmail(recipient: MessageRecipient, message: AdminReminderMessage): EmailContent {
  const custom = message.customMessage?.trim();
  return buildEmail(
    `Reminder: ${message.sessionName}`,
    recipient,
    [
      'This is a reminder about your bid session.',
      describeSessionState(message),
      ...(custom ? [`Message from your administrator:\n${custom}`] : []),
    ],
    { path: liveBidPath(message.sessionId), label: 'Open the session' },
  );
}

export function buildAdminReminderSms(message: AdminReminderMessage): SmsContent {
  const custom = message.customMessage?.trim();
  return {
    textBody: `StationBid reminder: ${describeSessionState(message)}${custom ? ` ${custom}` : ''}\n${liveBidPath(message.sessionId)}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Web Push (issue 15): short, for a lock screen. `url` is a path, made absolute when sent; the tag
// is one per session for the turn (so "your turn" replaces "2 turns away" on the device) and one
// for the award.

const turnTag = (sessionId: string) => `stationbid-turn-${sessionId}`;

export function buildTurnStartedPush(message: TurnStartedMessage): PushMessage {
  const deadline = formatDepartmentTime(message.deadline, message.timeZone);
  return {
    title: 'Your turn to bid',
    body: `${message.sessionName}: you're on the clock. Bid before ${deadline}.`,
    url: liveBidPath(message.sessionId),
    tag: turnTag(message.sessionId),
  };
}

/** "2 turns away" (two turns before theirs: the holder's and the next one's), or "you're next". */
export function buildTurnApproachingPush(message: {
  sessionId: string;
  sessionName: string;
  turnsAhead: 1 | 2;
}): PushMessage {
  return {
    title: message.turnsAhead === 2 ? '2 turns away' : "You're next",
    body:
      message.turnsAhead === 2
        ? `${message.sessionName}: your turn comes after 2 more turns. Get ready to bid.`
        : `${message.sessionName}: your turn comes after the current one. Get ready to bid.`,
    url: liveBidPath(message.sessionId),
    tag: turnTag(message.sessionId),
  };
}

export function buildAwardPush(message: {
  sessionId: string;
  sessionName: string;
  seat: SeatRef;
  outcome: ParticipantOutcome;
  listChoice?: number | null;
}): PushMessage {
  if (message.outcome === 'auto_assigned' && message.listChoice != null) {
    return {
      title: 'Your seat',
      body: `${message.sessionName}: ${describeListAward(message.seat, message.listChoice)}`,
      url: liveBidPath(message.sessionId),
      tag: `stationbid-award-${message.sessionId}`,
    };
  }
  const how =
    message.outcome === 'auto_assigned'
      ? 'by auto-assignment'
      : message.outcome === 'proxy_bid'
        ? 'by a phone-in bid'
        : '';
  return {
    title: 'Your seat',
    body: `${message.sessionName}: you now hold ${describeSeat(message.seat)}${how ? ` (${how})` : ''}.`,
    url: liveBidPath(message.sessionId),
    tag: `stationbid-award-${message.sessionId}`,
  };
}
