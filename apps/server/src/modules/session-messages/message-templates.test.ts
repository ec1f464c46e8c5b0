import { describe, expect, it } from 'vitest';
import {
  buildAdminReminderEmail,
  buildAwardPush,
  buildBidConfirmationEmail,
  buildMovedToBackEmail,
  buildMovedToBackPush,
  buildMovedToBackSms,
  formatDepartmentTime,
} from './message-templates.ts';

const seat = {
  seatId: 's',
  stationId: 'st',
  stationNumber: 4,
  stationName: 'Harbor & Bay',
  shift: 'B' as const,
  seatPosition: 'Engineer' as const,
};

describe('formatDepartmentTime', () => {
  it("states the time in the department's zone with its short name, on a 24-hour clock", () => {
    const time = new Date('2026-11-23T20:05:00.000Z');
    expect(formatDepartmentTime(time, 'America/Chicago')).toBe('Mon 23 Nov 2026, 14:05 CST');
    expect(formatDepartmentTime(new Date('2026-07-01T03:30:00.000Z'), 'America/New_York')).toBe(
      'Tue 30 Jun 2026, 23:30 EDT',
    );
    expect(formatDepartmentTime(new Date('2026-07-01T00:00:00.000Z'), 'UTC')).toBe('Wed 1 Jul 2026, 00:00 UTC');
  });
});

describe('message templates', () => {
  it('says "auto-assignment" for an automatic award and names the seat, escaping HTML', () => {
    const email = buildBidConfirmationEmail(
      { firstName: 'Al <x>' },
      { sessionId: 'id', sessionName: 'Bid', seat, outcome: 'auto_assigned' },
    );
    expect(email.subject).toBe('Seat assigned by auto-assignment: Bid');
    expect(email.textBody).toContain('You now hold Station 4 (Harbor & Bay), shift B, Engineer.');
    expect(email.htmlBody).toContain('Station 4 (Harbor &#38; Bay)');
    expect(email.htmlBody).toContain('Hello Al &#60;x&#62;,');
    expect(email.textBody).toMatch(/\n\/live-bid\/id$/);
  });

  it('leaves out an empty custom message', () => {
    const email = buildAdminReminderEmail(
      { firstName: 'Al' },
      {
        sessionId: 'id',
        sessionName: 'Bid',
        status: 'active',
        scheduledStart: null,
        customMessage: '   ',
        timeZone: 'UTC',
      },
    );
    expect(email.textBody).not.toContain('Message from your administrator');
    expect(email.textBody).toContain('Bid is under way.');
  });
});

describe('the notices of a missed turn and of a ranked list that bid', () => {
  const missed = { sessionId: 'id', sessionName: 'Spring Bid', movedBy: null, chanceMinutes: 1, turnsAhead: 4 };

  it('tells a missed turn with the second chance ahead, on every channel alike', () => {
    const email = buildMovedToBackEmail({ firstName: 'Grace' }, missed);
    expect(email.subject).toBe('You missed your turn: Spring Bid');
    expect(email.textBody).toContain(
      "Spring Bid: You missed your turn.\n\nYou're at the back now; you get one more 1-minute chance in about 4 turns.",
    );
    expect(buildMovedToBackSms(missed).textBody).toBe(
      "StationBid: Spring Bid: You missed your turn. You're at the back now; you get one more 1-minute chance in about 4 turns.\n/live-bid/id",
    );
    expect(buildMovedToBackPush({ ...missed, turnsAhead: 1 })).toMatchObject({
      title: 'You missed your turn',
      body: "Spring Bid: You're at the back now; you get one more 1-minute chance after the current turn.",
    });
  });

  it('names the administrator who moved the member to the back', () => {
    const email = buildMovedToBackEmail({ firstName: 'Grace' }, { ...missed, movedBy: 'Dana Chief', chanceMinutes: 2 });
    expect(email.subject).toBe('Dana Chief moved you to the back of the queue: Spring Bid');
    expect(email.textBody).toContain('you get one more 2-minute chance in about 4 turns.');
  });

  it("says which choice of the member's ranked list took the seat", () => {
    const email = buildBidConfirmationEmail(
      { firstName: 'Grace' },
      { sessionId: 'id', sessionName: 'Bid', seat, outcome: 'auto_assigned', listChoice: 2 },
    );
    expect(email.subject).toBe('Your ranked list took your 2nd choice: Bid');
    expect(email.textBody).toContain(
      'Your ranked list took your 2nd choice: Station 4 (Harbor & Bay), shift B, Engineer. You now hold it.',
    );
    expect(
      buildAwardPush({ sessionId: 'id', sessionName: 'Bid', seat, outcome: 'auto_assigned', listChoice: 1 }).body,
    ).toBe('Bid: Your ranked list took your 1st choice: Station 4 (Harbor & Bay), shift B, Engineer.');
    // Without a list, the turn clock's own pick keeps its wording.
    expect(
      buildBidConfirmationEmail(
        { firstName: 'Grace' },
        { sessionId: 'id', sessionName: 'Bid', seat, outcome: 'auto_assigned', listChoice: null },
      ).subject,
    ).toBe('Seat assigned by auto-assignment: Bid');
  });
});
