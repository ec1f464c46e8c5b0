/**
 * Which queued messages go first in their channel's lane. A member's notice of their own turn is
 * part of the bid's fairness (a late "your turn" costs the turn), so a turn starting or coming up
 * goes ahead of everything; reminders of sessions, which can wait a minute, go last.
 */
export const MESSAGE_PRIORITY = { turn: 0, normal: 1, reminder: 2 } as const;

const TURN_KINDS = new Set(['turn_started', 'turn_approaching']);
const REMINDER_KINDS = new Set(['session_reminder', 'day_before_reminder']);

/** The outbox's `priority` for a message of this kind. */
export function messagePriority(kind: string): number {
  if (TURN_KINDS.has(kind)) return MESSAGE_PRIORITY.turn;
  if (REMINDER_KINDS.has(kind)) return MESSAGE_PRIORITY.reminder;
  return MESSAGE_PRIORITY.normal;
}
