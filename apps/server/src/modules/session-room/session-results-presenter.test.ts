/**
 * A session's results as each reader reads them: a member's own reason speaks to them, everyone
 * else's names its member; times on one clock; rows and figures from the same outcomes. Pure: rows
 * are built here with only the fields the presenter reads.
 */
import {
  type BidSessionDetail,
  PARTICIPANT_OUTCOME_LABELS,
  type Participant,
  resultOutcomeLabel,
  SESSION_STATISTIC_LABELS,
} from '@stationbid/domain';
import { describe, expect, it } from 'vitest';
import type { HistoryRow } from '../session-engine/bid-sessions.repository.ts';
import { presentResults, reasonAboutMember, reasonOnTwelveHourClock } from './session-results-presenter.ts';

const SECOND_PERSON = /\b(?:you|your|yours)\b/i;

function participant(values: Partial<Participant> & { id: string; firstName: string; lastName: string }): Participant {
  const { firstName, lastName, ...rest } = values;
  return {
    position: 0,
    bidPriority: 1,
    outcome: null,
    movedToBack: false,
    isCurrentTurn: false,
    hasBid: false,
    assignedStation: null,
    timeWindow: { start: null, end: null },
    user: { id: `member-${values.id}`, firstName, lastName, rank: 'Captain' },
    ...rest,
  } as Participant;
}

const station = { id: 'st1', _id: 'st1', name: 'Central', number: 3 };

function sessionOf(participants: Participant[]): BidSessionDetail {
  return {
    id: 's1',
    name: 'Spring bid',
    year: 2026,
    status: 'completed',
    totalParticipants: participants.length,
    completedBids: participants.length,
    scheduledStart: null,
    scheduledEnd: null,
    actualStart: '2026-03-01T14:00:00.000Z',
    actualEnd: '2026-03-01T15:00:00.000Z',
    participants,
    availableStations: [],
  } as unknown as BidSessionDetail;
}

const jordanReason =
  'Your first choice (Station 3, A, Captain) was taken by Morgan Hale, bid 1 of 2, who is senior to you (employee ID first: E-p1; yours: E-p2), at 08:14 CST. Your second choice (Station 3, B, Captain) was free, and you bid it at 08:17 CST.';

describe('a reason read by someone other than its member', () => {
  it('names the member and speaks of them in the third person, on the 12-hour clock', () => {
    expect(reasonAboutMember(jordanReason, 'Jordan Lee')).toBe(
      "Jordan Lee's first choice (Station 3, A, Captain) was taken by Morgan Hale, bid 1 of 2, who is senior to them (employee ID first: E-p1; theirs: E-p2), at 8:14 AM CST. Jordan Lee's second choice (Station 3, B, Captain) was free, and they bid it at 8:17 AM CST.",
    );
  });

  it('rewords every kind of recorded reason without a "you" left', () => {
    const recorded: [string, string][] = [
      ['You bid Station 3, A, Captain at 08:14 CST.', 'Sam Ortiz bid Station 3, A, Captain at 8:14 AM CST.'],
      [
        'Phone-in bid: Alex Admin bid Station 5, A, Firefighter for you at 13:01 CDT.',
        'Phone-in bid: Alex Admin bid Station 5, A, Firefighter for them at 1:01 PM CDT.',
      ],
      [
        'Your turn expired at 08:07 CST. Your ranked list gave Station 5, C, Firefighter.',
        "Sam Ortiz's turn expired at 8:07 AM CST. Sam Ortiz's ranked list gave Station 5, C, Firefighter.",
      ],
      [
        'You skipped your turn at 00:03 CST, holding no seat.',
        'Sam Ortiz skipped their turn at 12:03 AM CST, holding no seat.',
      ],
      [
        'Moved to the back at 10:02 CST (turn expired, ranked list not set to bid for you). Your second choice (Station 1, B, Engineer) was not open to your rank (Firefighter).',
        "Moved to the back at 10:02 AM CST (turn expired, ranked list not set to bid for them). Sam Ortiz's second choice (Station 1, B, Engineer) was not open to their rank (Firefighter).",
      ],
      [
        'The session was ended early by Alex Admin at 12:30 CST before your turn was done: not assigned; you keep the seat you held (Station 2, A, Firefighter).',
        'The session was ended early by Alex Admin at 12:30 PM CST before their turn was done: not assigned; they keep the seat they held (Station 2, A, Firefighter).',
      ],
      [
        'Your first choice (Station 1, A, Firefighter) was free but needs Paramedic: you did not hold it on 2026-12-01.',
        "Sam Ortiz's first choice (Station 1, A, Firefighter) was free but needs Paramedic: they did not hold it on 2026-12-01.",
      ],
      [
        'Your first choice (Station 1, A, Firefighter) was free, but you were needed for a must-fill seat: too few members left to bid could fill those seats.',
        "Sam Ortiz's first choice (Station 1, A, Firefighter) was free, but they were needed for a must-fill seat: too few members left to bid could fill those seats.",
      ],
      [
        'You bid Station 5, A, Firefighter at Tue, Jan 7, 21:15 CST.',
        'Sam Ortiz bid Station 5, A, Firefighter at Tue, Jan 7, 9:15 PM CST.',
      ],
    ];
    for (const [text, expected] of recorded) {
      const reworded = reasonAboutMember(text, 'Sam Ortiz');
      expect(reworded).toBe(expected);
      expect(reworded).not.toMatch(SECOND_PERSON);
    }
  });

  it('leaves what an administrator typed as they typed it', () => {
    const recorded =
      'A rewind at 14:03 UTC undid your turn (Station 1, A, Firefighter): you were bid by mistake. You bid Station 2, A, Firefighter at 14:05 UTC.';
    expect(reasonAboutMember(recorded, 'Sam Ortiz', ['you were bid by mistake'])).toBe(
      'A rewind at 2:03 PM UTC undid their turn (Station 1, A, Firefighter): you were bid by mistake. Sam Ortiz bid Station 2, A, Firefighter at 2:05 PM UTC.',
    );
  });

  it("keeps a member's own reason addressed to them, on the 12-hour clock", () => {
    expect(reasonOnTwelveHourClock('You bid Station 3, A, Captain at 17:45 CST.')).toBe(
      'You bid Station 3, A, Captain at 5:45 PM CST.',
    );
  });
});

describe("a session's results for each reader", () => {
  const senior = participant({
    id: 'p1',
    firstName: 'Morgan',
    lastName: 'Hale',
    bidPriority: 1,
    position: 2,
    movedToBack: true,
    outcome: 'bid',
    hasBid: true,
    assignedStation: station,
  });
  const skipper = participant({
    id: 'p2',
    firstName: 'Jordan',
    lastName: 'Lee',
    bidPriority: 2,
    position: 0,
    outcome: 'skipped',
  });
  const late = participant({
    id: 'p3',
    firstName: 'Sam',
    lastName: 'Ortiz',
    bidPriority: 3,
    position: 1,
    outcome: 'not_assigned',
  });
  const session = sessionOf([skipper, late, senior]);
  const reasons = new Map([
    ['p1', 'Moved to the back by Alex Admin at 08:02 CST. You bid Station 3, A, Captain at 08:14 CST.'],
    ['p2', 'You skipped your turn at 08:03 CST, holding no seat.'],
    ['p3', 'The session was ended early by Alex Admin at 08:30 CST before your turn was done: not assigned.'],
  ]);
  const history = [
    {
      id: 1,
      action: 'session_rewound',
      createdAt: new Date('2026-03-01T14:00:00.000Z'),
      details: { reason: 'you asked' },
    },
  ] as unknown as HistoryRow[];

  it('tells another member\'s reason by name, and the reader\'s own as "You"', () => {
    const results = presentResults(session, history, reasons, { memberId: 'member-p2' });
    const byId = new Map(results.participants.map((row) => [row.id, row.reason]));
    expect(byId.get('p2')).toBe('You skipped your turn at 8:03 AM CST, holding no seat.');
    expect(byId.get('p1')).toBe(
      'Moved to the back by Alex Admin at 8:02 AM CST. Morgan Hale bid Station 3, A, Captain at 8:14 AM CST.',
    );
    expect(byId.get('p3')).toBe(
      'The session was ended early by Alex Admin at 8:30 AM CST before their turn was done: not assigned.',
    );
  });

  it('names every member to an administrator or the printed sheet, and says "You" to no one', () => {
    for (const reader of [{ memberId: 'admin-1' }, {}]) {
      const results = presentResults(session, history, reasons, reader);
      for (const row of results.participants) expect(row.reason).not.toMatch(SECOND_PERSON);
    }
  });

  it('keeps the seniority place of each row, whatever place the queue ended in', () => {
    const results = presentResults(session, history, reasons, {});
    const bySeniority = [...results.participants].sort((left, right) => left.bidPriority - right.bidPriority);
    // The most senior member, moved to the back, bid last in the queue but is first by seniority.
    expect(bySeniority.map((row) => [row.user.firstName, row.bidPriority, row.position])).toEqual([
      ['Morgan', 1, 2],
      ['Jordan', 2, 0],
      ['Sam', 3, 1],
    ]);
  });

  it('counts in its figures exactly the rows that read each outcome', () => {
    const results = presentResults(session, history, reasons, {});
    const rowsReading = (label: string) =>
      results.participants.filter((row) => resultOutcomeLabel(row) === label).length;
    expect(rowsReading(SESSION_STATISTIC_LABELS.skipped)).toBe(results.statistics.skipped);
    expect(rowsReading(SESSION_STATISTIC_LABELS.notAssigned)).toBe(results.statistics.notAssigned);
    expect(results.statistics).toMatchObject({ skipped: 1, notAssigned: 1, successfulAssignments: 1 });
    expect(rowsReading(PARTICIPANT_OUTCOME_LABELS.bid) + rowsReading(PARTICIPANT_OUTCOME_LABELS.proxy_bid)).toBe(
      results.statistics.successfulAssignments,
    );
  });
});
