/**
 * The e-mail and SMS a bid session sends: the reminder request and result an administrator sees,
 * the messages' wording that forms and screens share, and the pure estimate of when a member's
 * turn will begin (for the "about 5 minutes before your turn" SMS).
 */
import { z } from 'zod';
import { plural } from '../wording.ts';

/** How long before a member's estimated turn the reminder SMS goes out. */
export const TURN_REMINDER_LEAD_MS = 5 * 60 * 1000;

/** The day-before e-mail goes out once a scheduled session starts within this time. */
export const DAY_BEFORE_REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;

/** What happened to one participant's reminder. */
export const reminderRecipientStatusSchema = z.enum([
  /** Queued for delivery; the outbox worker sends it and retries on failure. */
  'sent',
  /** No e-mail address: the member was deleted, or has none. */
  'no_email',
  /** The member turned notifications off entirely. */
  'notifications_off',
]);
export type ReminderRecipientStatus = z.infer<typeof reminderRecipientStatusSchema>;

/** POST /bid-sessions/:id/send-reminders answer (docs/api.md, "bid-sessions"). */
export const reminderResultSchema = z.object({
  totalParticipants: z.number().int(),
  /** Reminder e-mails queued for delivery. */
  emailsSent: z.number().int(),
  /** Participants who get no reminder: no e-mail address, or notifications turned off. */
  emailsFailed: z.number().int(),
  results: z.array(z.object({ name: z.string(), status: reminderRecipientStatusSchema })),
});
export type ReminderResult = z.infer<typeof reminderResultSchema>;
export const sendRemindersResponseSchema = z.object({ result: reminderResultSchema });
export type SendRemindersResponse = z.infer<typeof sendRemindersResponseSchema>;

export const SESSION_MESSAGE_TEXTS = {
  remindersSent: (sent: number, failed: number) =>
    `Reminders sent successfully! ${plural(sent, 'email')} sent, ${failed} failed.`,
  participantsWithoutEmail: (count: number) =>
    `${plural(count, 'participant')} ${count === 1 ? "doesn't have an email address" : "don't have email addresses"}. Continue anyway?`,
  remindersFailed: 'Failed to send reminder emails',
  cannotSendReminders: 'Cannot send reminders for this session',
  exportStatusFailed: 'Failed to fetch export status',
  memberHasNoEmail: 'This member has no e-mail address',
  memberHasNoPhone: 'This member has no phone number for SMS',
} as const;

/**
 * When a waiting member's turn is expected to begin: now + peopleAhead x the average length of the
 * turns taken so far in the session, or x the bid window while no turn has been taken yet.
 * `peopleAhead` counts the participants still to bid before the member, the current turn holder
 * included. The average, not the bid window, is used once known, because most members bid well
 * before their window ends; it is only an estimate, so the SMS says "about".
 */
export function estimateTurnStart(input: {
  now: number;
  peopleAhead: number;
  /** Mean length of the finished turns of this session, in milliseconds; null when none finished. */
  averageTurnMs: number | null;
  bidWindowMs: number;
}): number {
  const turnMs = input.averageTurnMs !== null && input.averageTurnMs > 0 ? input.averageTurnMs : input.bidWindowMs;
  return input.now + Math.max(0, input.peopleAhead) * turnMs;
}

/**
 * True when a member who is still waiting (someone is ahead of them) is expected to start within
 * the reminder lead time. A member whose turn has begun gets the "turn begun" message instead.
 */
export function isTurnReminderDue(input: { now: number; peopleAhead: number; estimatedStart: number }): boolean {
  return input.peopleAhead > 0 && input.estimatedStart - input.now <= TURN_REMINDER_LEAD_MS;
}

/** The mean of the finished turns' lengths, or null when there are none. */
export function averageTurnLength(turns: readonly { startedAt: number; endedAt: number }[]): number | null {
  const lengths = turns.map((turn) => turn.endedAt - turn.startedAt).filter((length) => length >= 0);
  if (lengths.length === 0) return null;
  return lengths.reduce((sum, length) => sum + length, 0) / lengths.length;
}
