/**
 * The reminder scheduler's messages (jobs/reminder-scheduler.ts): the day-before e-mail of a
 * scheduled session, and the "about 5 minutes before your turn" SMS. Pure: which are due and what
 * they say; the service reads the rows, marks what it sent and queues them.
 */
import { averageTurnLength, estimateTurnStart, isTurnReminderDue } from '@stationbid/domain';
import { canReach, smsNumberOf } from './message-reach.ts';
import { buildDayBeforeEmail, buildTurnReminderSms } from './message-templates.ts';
import type { listQueueForEstimate, MemberContact, OutboxMessage } from './session-messages.repository.ts';

type QueueRow = Awaited<ReturnType<typeof listQueueForEstimate>>[number];

/**
 * One text about a coming turn is enough: within this time of a "you're next" / "2 turns away"
 * SMS the 5-minute reminder is not texted, and within it of the reminder the approaching SMS is
 * not. A member woken at 03:00 by one text does not need a second a minute later; the "your turn"
 * text itself always goes.
 */
export const COMING_TURN_TEXT_GAP_MS = 10 * 60_000;

/** A participant whose turn reminder is due, with the estimated start of their turn (epoch ms). */
export interface DueTurnReminder {
  participantId: string;
  memberId: string;
  estimatedStart: number;
}

/** The day-before e-mails of one session, to the participants whose settings allow reminders. */
export function buildDayBeforeMessages(
  session: { id: string; name: string; scheduledStart: Date; bidWindowMinutes: number },
  recipients: readonly { member: MemberContact | null }[],
  timeZone: string,
): OutboxMessage[] {
  const message = {
    sessionId: session.id,
    sessionName: session.name,
    scheduledStart: session.scheduledStart,
    bidWindowMinutes: session.bidWindowMinutes,
    timeZone,
  };
  return recipients.flatMap(({ member }) =>
    member && canReach(member, 'email', { isReminder: true })
      ? [
          {
            channel: 'email' as const,
            kind: 'day_before_reminder',
            memberId: member.id,
            recipient: member.email,
            dedupeKey: `day_before:${session.id}:${member.id}:${message.scheduledStart.getTime()}`,
            ...buildDayBeforeEmail(member, message),
          },
        ]
      : [],
  );
}

/**
 * The waiting participants whose turn, by the average length of the finished turns, starts in
 * about 5 minutes and who had no reminder yet. `queue` is in queue order; the first waiting
 * participant holds the turn.
 */
export function findDueTurnReminders(
  queue: readonly QueueRow[],
  now: Date,
  bidWindowMinutes: number,
): DueTurnReminder[] {
  const averageTurnMs = averageTurnLength(
    queue.flatMap((row) =>
      row.turnStartedAt && row.doneAt
        ? [{ startedAt: row.turnStartedAt.getTime(), endedAt: row.doneAt.getTime() }]
        : [],
    ),
  );
  const waiting = queue.filter((row) => row.outcome === null);
  const due: DueTurnReminder[] = [];
  waiting.forEach((row, peopleAhead) => {
    if (row.turnReminderSentAt || !row.memberId) return;
    const estimatedStart = estimateTurnStart({
      now: now.getTime(),
      peopleAhead,
      averageTurnMs,
      bidWindowMs: bidWindowMinutes * 60_000,
    });
    if (isTurnReminderDue({ now: now.getTime(), peopleAhead, estimatedStart })) {
      due.push({ participantId: row.participantId, memberId: row.memberId, estimatedStart });
    }
  });
  return due;
}

/**
 * The turn-reminder SMS of the due participants whose settings allow it, except those texted about
 * their coming turn within COMING_TURN_TEXT_GAP_MS (`textedRecently`: participant ids).
 */
export function buildTurnReminderMessages(
  session: { id: string; name: string },
  due: readonly DueTurnReminder[],
  contacts: ReadonlyMap<string, MemberContact>,
  timeZone: string,
  textedRecently: ReadonlySet<string> = new Set(),
): OutboxMessage[] {
  return due.flatMap((entry) => {
    const contact = contacts.get(entry.memberId);
    if (!contact || !canReach(contact, 'sms', { isReminder: true })) return [];
    if (textedRecently.has(entry.participantId)) return [];
    return [
      {
        channel: 'sms' as const,
        kind: 'turn_reminder',
        memberId: contact.id,
        recipient: smsNumberOf(contact) ?? '',
        subject: null,
        htmlBody: null,
        dedupeKey: `turn_reminder:${entry.participantId}`,
        ...buildTurnReminderSms({
          sessionId: session.id,
          sessionName: session.name,
          estimatedStart: new Date(entry.estimatedStart),
          timeZone,
        }),
      },
    ];
  });
}
