/**
 * What the session schemas read from the spec's client: its bid dialog's positions (read by the
 * bidder's rank), its session form without dates (the schedule's days in the department's zone),
 * and the reads' participant shapes (whole, or the public facts).
 */
import { describe, expect, it } from 'vitest';
import { getSeatPositionForBidLabel } from '../constants.ts';
import {
  createBidSessionRequestSchema,
  isWholeParticipant,
  type PublicParticipant,
  sessionParticipantSchema,
  takeSessionDatesFromSchedule,
} from './bid-session.ts';

describe('getSeatPositionForBidLabel', () => {
  it("reads Officer as the rank's officer seat, Driver as Engineer and Paramedic as Firefighter", () => {
    expect(getSeatPositionForBidLabel('Officer', 'Captain')).toBe('Captain');
    expect(getSeatPositionForBidLabel('Officer', 'Battalion Chief')).toBe('Captain');
    expect(getSeatPositionForBidLabel('Officer', 'Lieutenant')).toBe('Lieutenant');
    expect(getSeatPositionForBidLabel('Driver', 'Captain')).toBe('Engineer');
    expect(getSeatPositionForBidLabel('Paramedic', 'Engineer')).toBe('Firefighter');
    expect(getSeatPositionForBidLabel('Lieutenant', 'Firefighter')).toBe('Lieutenant');
  });

  it('names no seat for Officer from a rank without an officer seat', () => {
    expect(getSeatPositionForBidLabel('Officer', 'Firefighter')).toBeUndefined();
    expect(getSeatPositionForBidLabel('Officer', 'Engineer')).toBeUndefined();
  });
});

describe('a session created without dates', () => {
  const form = {
    name: 'Spring',
    year: 2026,
    participantIds: ['8d7f6a3e-1c2b-4d5e-8f90-123456789abc'],
  };

  it("takes the schedule's days in the department's time zone, and keeps dates that are given", () => {
    const schedule = { scheduledStart: '2026-04-02T02:30:00.000Z', scheduledEnd: '2026-04-04T01:00:00.000Z' };
    expect(takeSessionDatesFromSchedule(schedule, 'America/Chicago')).toMatchObject({
      startDate: '2026-04-01',
      endDate: '2026-04-03',
    });
    expect(takeSessionDatesFromSchedule(schedule, 'UTC')).toMatchObject({
      startDate: '2026-04-02',
      endDate: '2026-04-04',
    });
    expect(takeSessionDatesFromSchedule({ ...schedule, startDate: '2026-03-30' }, 'UTC').startDate).toBe('2026-03-30');
    expect(takeSessionDatesFromSchedule({ scheduledStart: null }, 'UTC')).not.toHaveProperty('startDate');
  });

  it('accepts a schedule in place of the dates, and says what is missing when neither is given', () => {
    expect(
      createBidSessionRequestSchema.safeParse({
        ...form,
        scheduledStart: '2026-04-01T21:30',
        scheduledEnd: '2026-04-03T20:00',
      }).success,
    ).toBe(true);
    const neither = createBidSessionRequestSchema.safeParse(form);
    expect(neither.success).toBe(false);
    expect(neither.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['startDate', 'Start date is required (or a scheduled start, whose day is then taken)'],
      ['endDate', 'End date is required (or a scheduled end, whose day is then taken)'],
    ]);
  });
});

describe('a participant in a session read', () => {
  it('keeps the public facts as they are, and tells them from a whole entry', () => {
    const publicFacts: PublicParticipant = {
      id: 'p1',
      _id: 'p1',
      user: { id: 'm1', _id: 'm1', firstName: 'Ana', lastName: 'Ruiz', rank: 'Captain' },
      position: 0,
      round: 0,
      bidPriority: 1,
      hasBid: false,
      outcome: null,
      movedToBack: false,
      isCurrentTurn: true,
      assignedStation: null,
      assignedShift: null,
      assignedPosition: null,
    };
    const parsed = sessionParticipantSchema.parse(publicFacts);
    expect(parsed).toEqual(publicFacts);
    expect(isWholeParticipant(parsed)).toBe(false);
  });
});
