import { describe, expect, it } from 'vitest';
import { buildAdminReminderEmail, buildBidConfirmationEmail, formatDepartmentTime } from './message-templates.ts';

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
