import type { BoardParticipant } from '@stationbid/domain';
import { describe, expect, it } from 'vitest';
import { buildHistoryEntry } from '../../../test/build-bid-session.ts';
import {
  describeAwardMethod,
  findTurnHolder,
  getAwardee,
  getAwardMethod,
  isSeatAward,
  listRecentAwards,
  listSeatAwards,
  listUpcomingParticipants,
  summarizeDraft,
} from './live-draft.ts';

const seat = { stationName: 'Harbor', stationNumber: 3, shift: 'C' as const, position: 'Engineer' as const };

function award(id: string, minute: number, overrides: Parameters<typeof buildHistoryEntry>[0]) {
  return buildHistoryEntry({
    id,
    timestamp: `2026-03-01T09:${String(minute).padStart(2, '0')}:00.000Z`,
    ...seat,
    ...overrides,
  });
}

describe('seat awards', () => {
  const ownBid = award('h1', 1, { action: 'bid_submitted', userName: 'Elena Ramirez', actorName: 'Elena Ramirez' });
  const phoneIn = award('h2', 2, {
    action: 'bid_submitted',
    userName: 'Caleb Murphy',
    actorName: 'Morgan Hale',
    detailsData: { proxy: true },
  });
  const automatic = award('h3', 3, {
    action: 'auto_assigned',
    userName: 'Isabel Duarte',
    actorName: 'system',
    detailsData: { source: 'kept_current_seat' },
  });
  const noSeatLeft = buildHistoryEntry({
    id: 'h4',
    action: 'auto_assigned',
    userName: 'Ava Schmidt',
    actorName: 'system',
    detailsData: { reason: 'no eligible seat left' },
  });
  const skipped = buildHistoryEntry({ id: 'h5', action: 'turn_skipped', userName: 'Ava Schmidt' });
  const started = buildHistoryEntry({ id: 'h6', action: 'session_started' });

  it('are accepted bids and automatic assignments that found a seat', () => {
    expect([ownBid, phoneIn, automatic, noSeatLeft, skipped, started].map(isSeatAward)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it('say how the seat was won, from the entry details', () => {
    expect([ownBid, phoneIn, automatic].map(getAwardMethod)).toEqual(['own', 'phone-in', 'automatic']);
    expect(describeAwardMethod(ownBid)).toBe('Own bid');
    expect(describeAwardMethod(phoneIn)).toBe('Phone-in by Morgan Hale');
    expect(describeAwardMethod(automatic)).toBe('Automatic (kept current seat)');
    expect(describeAwardMethod({ ...automatic, detailsData: { source: 'auto_bid', choice: 2 } })).toBe(
      'Automatic (from the auto-bid list)',
    );
    expect(describeAwardMethod({ ...automatic, detailsData: { source: 'preferences' } })).toBe(
      'Automatic (by preferences)',
    );
    expect(describeAwardMethod({ ...automatic, detailsData: { source: 'first_available' } })).toBe(
      'Automatic (first available seat)',
    );
    expect(describeAwardMethod({ ...automatic, detailsData: {} })).toBe('Automatic');
  });

  it('name the member who got the seat, not the administrator who phoned it in', () => {
    expect(getAwardee(phoneIn)).toBe('Caleb Murphy');
    expect(getAwardee({ ...phoneIn, userName: null })).toBe('Morgan Hale');
  });

  it('list in the order they happened, and the latest 5 newest first', () => {
    const later = Array.from({ length: 5 }, (_, index) =>
      award(`h${10 + index}`, 10 + index, { action: 'bid_submitted', userName: `Member ${index}` }),
    );
    const history = [started, ...later.slice().reverse(), noSeatLeft, automatic, skipped, phoneIn, ownBid];
    expect(listSeatAwards(history).map((entry) => entry.id)).toEqual([
      'h1',
      'h2',
      'h3',
      'h10',
      'h11',
      'h12',
      'h13',
      'h14',
    ]);
    expect(listRecentAwards(history).map((entry) => entry.id)).toEqual(['h14', 'h13', 'h12', 'h11', 'h10']);
    expect(listRecentAwards(history, 2).map((entry) => entry.id)).toEqual(['h14', 'h13']);
    expect(listRecentAwards([])).toEqual([]);
  });

  it('keep entries of the same second in the order the server wrote them', () => {
    const first = award('7', 5, { action: 'bid_submitted' });
    const second = award('12', 5, { action: 'auto_assigned' });
    expect(listSeatAwards([second, first]).map((entry) => entry.id)).toEqual(['7', '12']);
  });
});

describe('listUpcomingParticipants and findTurnHolder', () => {
  const boardParticipant = (name: string, queuePosition: number): BoardParticipant => ({
    participantId: `p-${name}`,
    memberId: `m-${name}`,
    name,
    rank: 'Firefighter',
    bidPriority: queuePosition + 1,
    queuePosition,
    movedToBack: false,
  });
  const upcoming = ['Cy', 'Di', 'Ed', 'Flo'].map((name, index) => boardParticipant(name, index + 2));
  const names = (participants: BoardParticipant[]) => participants.map((participant) => participant.name);

  it('gives the next 3 after the turn holder, in queue order', () => {
    const board = { status: 'active' as const, turn: boardParticipant('Ben', 1), upcoming };
    expect(findTurnHolder(board)?.name).toBe('Ben');
    expect(names(listUpcomingParticipants(board))).toEqual(['Cy', 'Di', 'Ed']);
    expect(names(listUpcomingParticipants(board, 1))).toEqual(['Cy']);
  });

  it('names no turn holder before the start or once completed, and no one upcoming once completed', () => {
    expect(findTurnHolder({ status: 'scheduled', turn: null })).toBeNull();
    expect(names(listUpcomingParticipants({ status: 'scheduled', upcoming }))).toEqual(['Cy', 'Di', 'Ed']);
    expect(listUpcomingParticipants({ status: 'completed', upcoming })).toEqual([]);
    expect(findTurnHolder({ status: 'completed', turn: boardParticipant('Flo', 5) })).toBeNull();
  });

  it('knows the turn holder of a paused session too', () => {
    expect(findTurnHolder({ status: 'paused', turn: boardParticipant('Flo', 5) })?.name).toBe('Flo');
  });
});

describe('summarizeDraft', () => {
  it('counts the board totals and how each finished turn ended, from the history', () => {
    const history = [
      award('1', 1, { action: 'bid_submitted' }),
      award('2', 2, { action: 'bid_submitted' }),
      award('3', 3, { action: 'bid_submitted', detailsData: { proxy: true } }),
      award('4', 4, { action: 'auto_assigned' }),
      award('5', 5, { action: 'turn_skipped', stationName: null, stationNumber: null }),
      award('6', 6, { action: 'auto_assigned', stationName: null, stationNumber: null }),
    ];
    expect(summarizeDraft({ total: 8, done: 6, movedToBack: 1 }, history)).toEqual({
      participants: 8,
      completedBids: 6,
      remaining: 2,
      progressPercent: 75,
      ownBids: 2,
      phoneInBids: 1,
      autoAssigned: 1,
      skipped: 1,
      notAssigned: 1,
      movedToBack: 1,
    });
  });

  it('rounds the progress and shows 0% for a session without participants', () => {
    expect(summarizeDraft({ total: 3, done: 1, movedToBack: 0 }, []).progressPercent).toBe(33);
    expect(summarizeDraft({ total: 3, done: 2, movedToBack: 0 }, undefined).progressPercent).toBe(67);
    expect(summarizeDraft({ total: 0, done: 0, movedToBack: 0 }, [])).toMatchObject({
      participants: 0,
      remaining: 0,
      progressPercent: 0,
    });
  });
});
