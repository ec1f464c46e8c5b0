import type { Participant } from '@stationbid/domain';
import { describe, expect, it } from 'vitest';
import { buildBidSessionDetail, buildHistoryEntry, buildParticipant } from '../../../test/build-bid-session.ts';
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
  const names = ['Ada', 'Ben', 'Cy', 'Di', 'Ed', 'Flo'];
  const queue = (changes: Record<string, Partial<Participant>> = {}) =>
    names.map((firstName, position) =>
      buildParticipant({ firstName, lastName: 'Test', position, ...(changes[firstName] ?? {}) }),
    );
  const firstNames = (participants: Participant[]) => participants.map((participant) => participant.user.firstName);

  it('gives the next 3 after the turn holder, in queue order', () => {
    const session = buildBidSessionDetail({
      status: 'active',
      currentParticipant: 2,
      participants: queue({ Ada: { outcome: 'bid', hasBid: true } }).reverse(),
    });
    expect(findTurnHolder(session)?.user.firstName).toBe('Ben');
    expect(firstNames(listUpcomingParticipants(session))).toEqual(['Cy', 'Di', 'Ed']);
    expect(firstNames(listUpcomingParticipants(session, 1))).toEqual(['Cy']);
  });

  it('passes over those already decided and puts a member moved to the back last', () => {
    // Ben was moved to the back: the engine gave him the last place and moved everyone behind him up.
    const participants = [
      buildParticipant({ firstName: 'Ada', lastName: 'Test', position: 0, outcome: 'bid', hasBid: true }),
      buildParticipant({ firstName: 'Cy', lastName: 'Test', position: 1 }),
      buildParticipant({ firstName: 'Di', lastName: 'Test', position: 2, outcome: 'skipped' }),
      buildParticipant({ firstName: 'Ed', lastName: 'Test', position: 3 }),
      buildParticipant({ firstName: 'Ben', lastName: 'Test', position: 4, movedToBack: true }),
    ];
    const session = buildBidSessionDetail({ status: 'active', currentParticipant: 2, participants });
    expect(findTurnHolder(session)?.user.firstName).toBe('Cy');
    expect(firstNames(listUpcomingParticipants(session))).toEqual(['Ed', 'Ben']);
  });

  it('lists the first 3 waiting before the start, and no one once completed', () => {
    const draft = buildBidSessionDetail({ status: 'scheduled', currentParticipant: 0, participants: queue() });
    expect(findTurnHolder(draft)).toBeNull();
    expect(firstNames(listUpcomingParticipants(draft))).toEqual(['Ada', 'Ben', 'Cy']);
    const completed = buildBidSessionDetail({ status: 'completed', currentParticipant: 7, participants: queue() });
    expect(listUpcomingParticipants(completed)).toEqual([]);
    expect(findTurnHolder(completed)).toBeNull();
  });

  it('knows the turn holder of a paused session too', () => {
    const paused = buildBidSessionDetail({ status: 'paused', currentParticipant: 6, participants: queue() });
    expect(findTurnHolder(paused)?.user.firstName).toBe('Flo');
    expect(listUpcomingParticipants(paused)).toEqual([]);
  });
});

describe('summarizeDraft', () => {
  it('counts outcomes, what remains and the progress', () => {
    const outcomes: Participant['outcome'][] = ['bid', 'bid', 'proxy_bid', 'auto_assigned', 'skipped', 'not_assigned'];
    const participants = [...outcomes, null, null].map((outcome, position) =>
      buildParticipant({ firstName: `P${position}`, lastName: 'Test', position, outcome }),
    );
    const session = buildBidSessionDetail({ participants, completedBids: 6, movedToBackCount: 1 });
    expect(summarizeDraft(session)).toEqual({
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
    const three = [0, 1, 2].map((position) => buildParticipant({ firstName: 'P', lastName: 'Test', position }));
    expect(summarizeDraft(buildBidSessionDetail({ participants: three, completedBids: 1 })).progressPercent).toBe(33);
    expect(summarizeDraft(buildBidSessionDetail({ participants: three, completedBids: 2 })).progressPercent).toBe(67);
    expect(summarizeDraft(buildBidSessionDetail({ participants: [], completedBids: 0 }))).toMatchObject({
      participants: 0,
      remaining: 0,
      progressPercent: 0,
    });
  });
});
