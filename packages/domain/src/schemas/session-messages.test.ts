import { describe, expect, it } from 'vitest';
import {
  averageTurnLength,
  estimateTurnStart,
  isTurnReminderDue,
  SESSION_MESSAGE_TEXTS,
  sendRemindersRequestSchema,
  TURN_REMINDER_LEAD_MS,
} from '../index.ts';

const MINUTE = 60_000;

describe('estimateTurnStart', () => {
  it('uses the bid window while no turn has finished', () => {
    expect(estimateTurnStart({ now: 1000, peopleAhead: 3, averageTurnMs: null, bidWindowMs: 5 * MINUTE })).toBe(
      1000 + 15 * MINUTE,
    );
  });

  it('uses the average turn length once known', () => {
    expect(estimateTurnStart({ now: 0, peopleAhead: 4, averageTurnMs: 30_000, bidWindowMs: 5 * MINUTE })).toBe(
      2 * MINUTE,
    );
  });

  it('falls back to the bid window for a zero average, and never goes before now', () => {
    expect(estimateTurnStart({ now: 0, peopleAhead: 1, averageTurnMs: 0, bidWindowMs: MINUTE })).toBe(MINUTE);
    expect(estimateTurnStart({ now: 50, peopleAhead: -2, averageTurnMs: 10, bidWindowMs: MINUTE })).toBe(50);
  });
});

describe('isTurnReminderDue', () => {
  it('is due within the lead time, for someone still waiting', () => {
    expect(isTurnReminderDue({ now: 0, peopleAhead: 1, estimatedStart: TURN_REMINDER_LEAD_MS })).toBe(true);
    expect(isTurnReminderDue({ now: 0, peopleAhead: 2, estimatedStart: TURN_REMINDER_LEAD_MS + 1 })).toBe(false);
  });

  it('is never due for the turn holder', () => {
    expect(isTurnReminderDue({ now: 0, peopleAhead: 0, estimatedStart: 0 })).toBe(false);
  });
});

describe('averageTurnLength', () => {
  it('averages finished turns and ignores impossible ones', () => {
    expect(averageTurnLength([])).toBeNull();
    expect(
      averageTurnLength([
        { startedAt: 0, endedAt: 60_000 },
        { startedAt: 0, endedAt: 120_000 },
        { startedAt: 10, endedAt: 0 },
      ]),
    ).toBe(90_000);
  });
});

describe('sendRemindersRequestSchema', () => {
  it('accepts a missing or null message and refuses one over 2000 characters', () => {
    expect(sendRemindersRequestSchema.safeParse({}).success).toBe(true);
    expect(sendRemindersRequestSchema.safeParse({ customMessage: null }).success).toBe(true);
    expect(sendRemindersRequestSchema.safeParse({ customMessage: 'x'.repeat(2001) }).success).toBe(false);
  });
});

describe('the reminder texts', () => {
  it('count e-mails and participants in the form the count takes', () => {
    expect(SESSION_MESSAGE_TEXTS.remindersSent(1, 0)).toBe('Reminders sent successfully! 1 email sent, 0 failed.');
    expect(SESSION_MESSAGE_TEXTS.remindersSent(12, 2)).toBe('Reminders sent successfully! 12 emails sent, 2 failed.');
    expect(SESSION_MESSAGE_TEXTS.participantsWithoutEmail(1)).toBe(
      "1 participant doesn't have an email address. Continue anyway?",
    );
    expect(SESSION_MESSAGE_TEXTS.participantsWithoutEmail(3)).toBe(
      "3 participants don't have email addresses. Continue anyway?",
    );
  });
});
