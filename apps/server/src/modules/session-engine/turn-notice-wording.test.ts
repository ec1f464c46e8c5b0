import type { EngineNotification } from '@stationbid/domain';
import { describe, expect, it } from 'vitest';
import {
  describeAwardActivity,
  describeMovedToBackNotice,
  describeSecondChance,
  describeTurnLength,
  describeTurnNotice,
  formatClockTime,
} from './turn-notice-wording.ts';

const seat = {
  seatId: 'seat-1',
  stationId: 'station-3',
  stationNumber: 3,
  stationName: 'North Side',
  shift: 'A' as const,
  seatPosition: 'Captain' as const,
};
// 15:00 UTC on Monday 23 November 2026: 09:00 CST in Chicago, 15:00 GMT in London.
const now = new Date('2026-11-23T15:00:00.000Z');

describe('describeTurnNotice', () => {
  it("names the turn's deadline in the department's zone with its short name", () => {
    const notice = describeTurnNotice(
      { type: 'turn_started', memberId: 'm1', deadline: now.getTime() + 30 * 60_000 } as EngineNotification,
      'Spring Bid 2027',
      now,
      'America/Chicago',
    );
    expect(notice).toEqual({
      type: 'turn_started',
      title: 'Your bid time has begun',
      message: 'It is your turn to bid in Spring Bid 2027. You have 30 minutes to place your bid, until 09:30 CST.',
      seat: null,
    });
    // The same deadline in another department reads in that department's clock.
    expect(
      describeTurnNotice(
        { type: 'turn_started', memberId: 'm1', deadline: now.getTime() + 30 * 60_000 } as EngineNotification,
        'Spring Bid 2027',
        now,
        'Asia/Kolkata',
      ).message,
    ).toContain('until 21:00 GMT+5:30.');
  });

  it('says which seat was won, and how a session ended for the member', () => {
    expect(
      describeTurnNotice(
        { type: 'bid_success', memberId: 'm1', seat, outcome: 'bid' } as EngineNotification,
        'Spring Bid 2027',
        now,
        'UTC',
      ),
    ).toMatchObject({
      title: 'Bid accepted',
      message: 'Spring Bid 2027: you now hold Station 3 (North Side), shift A, Captain.',
      seat,
    });
    expect(
      describeTurnNotice(
        { type: 'bid_success', memberId: 'm1', seat, outcome: 'auto_assigned' } as EngineNotification,
        'Spring Bid 2027',
        now,
        'UTC',
      ).title,
    ).toBe('Seat assigned');
    expect(
      describeTurnNotice(
        { type: 'session_completed', memberId: 'm1', seat: null } as EngineNotification,
        'Spring Bid 2027',
        now,
        'UTC',
      ).message,
    ).toBe('Spring Bid 2027 has completed. You were not assigned a new seat in this session.');
  });
});

describe('describeTurnLength and formatClockTime', () => {
  it('rounds to whole minutes, never below one, and writes a 24-hour time with the zone', () => {
    expect(describeTurnLength(20_000)).toBe('1 minute');
    expect(describeTurnLength(5 * 60_000 + 10_000)).toBe('5 minutes');
    expect(formatClockTime(new Date('2026-07-01T05:05:00Z'), 'America/Chicago')).toBe('00:05 CDT');
    expect(formatClockTime(new Date('2026-01-01T23:59:00Z'), 'UTC')).toBe('23:59 UTC');
  });
});

describe('describeAwardActivity', () => {
  it("names the seat won in the member's activity, and whether the engine assigned it", () => {
    expect(describeAwardActivity('own', seat, 'Spring Bid 2027')).toEqual({
      title: 'Bid submitted',
      description: 'Spring Bid 2027: Station 3 (North Side), shift A, Captain',
    });
    expect(describeAwardActivity('proxy', seat, 'Spring Bid 2027').title).toBe('Bid submitted');
    expect(describeAwardActivity('auto', seat, 'Spring Bid 2027').title).toBe('Seat assigned automatically');
  });
});

describe('describeMovedToBackNotice', () => {
  it('tells a missed turn and the second chance ahead, counted in turns', () => {
    expect(
      describeMovedToBackNotice({ sessionName: 'Spring Bid 2027', movedBy: null, chanceMinutes: 1, turnsAhead: 6 }),
    ).toEqual({
      type: 'system',
      title: 'You missed your turn',
      message:
        "Spring Bid 2027: You missed your turn. You're at the back now; you get one more 1-minute chance in about 6 turns.",
      seat: null,
    });
    expect(describeSecondChance(3, 1)).toBe(
      "You're at the back now; you get one more 3-minute chance after the current turn.",
    );
  });

  it('names the administrator who moved the member', () => {
    expect(
      describeMovedToBackNotice({
        sessionName: 'Spring Bid 2027',
        movedBy: 'Dana Chief',
        chanceMinutes: 2,
        turnsAhead: 3,
      }).title,
    ).toBe('Dana Chief moved you to the back of the queue');
  });
});
