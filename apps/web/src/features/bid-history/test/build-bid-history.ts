/** Bid-history entries and session results as the API sends them, for this feature's tests. */
import type { Participant, SessionHistoryEntry, SessionResults } from '@stationbid/domain';
import type { UserBidHistoryEntry } from '../api/get-user-bid-history.ts';

/** A valid UUID whose last block is `n`, so ids read in test failures. */
export function testId(prefix: string, n: number): string {
  return `${prefix.padEnd(8, '0').slice(0, 8)}-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

export const springSession = { id: testId('5e55', 1), _id: testId('5e55', 1), name: 'Spring Station Bid', year: 2026 };

export function buildBidHistoryEntry(
  n: number,
  overrides: Partial<Omit<UserBidHistoryEntry, 'id' | '_id'>> = {},
): UserBidHistoryEntry {
  const id = testId('b1d', n);
  return {
    id,
    _id: id,
    createdAt: '2026-03-01T09:30:00.000Z',
    timestamp: '2026-03-01T09:30:00.000Z',
    session: springSession,
    station: { name: 'Downtown', number: 1 },
    shift: 'A',
    position: 'Engineer',
    kind: 'own',
    status: 'completed',
    bidPriority: 3,
    ...overrides,
  };
}

export function buildResultsParticipant(
  position: number,
  firstName: string,
  lastName: string,
  overrides: Partial<Participant> = {},
): Participant {
  const id = testId('9a', position + 1);
  const memberId = testId('3e3', position + 1);
  return {
    id,
    _id: id,
    user: {
      id: memberId,
      _id: memberId,
      firstName,
      lastName,
      employeeId: `FD-${position + 10}`,
      rank: 'Engineer',
      position: 'Driver',
      isAdmin: false,
    },
    position,
    bidPriority: position + 1,
    seniorityScore: 100 - position,
    yearsOfService: 10,
    hasBid: false,
    outcome: 'not_assigned',
    movedToBack: false,
    assignedStation: null,
    assignedShift: null,
    assignedPosition: null,
    currentStation: null,
    currentShift: null,
    currentPosition: null,
    timeWindow: { start: null, end: null },
    isCurrentTurn: false,
    isConnected: false,
    bidHistory: [],
    ...overrides,
  };
}

export function buildHistoryEntry(
  n: number,
  overrides: Partial<SessionHistoryEntry> & Pick<SessionHistoryEntry, 'action'>,
): SessionHistoryEntry {
  const id = testId('4157', n);
  return {
    id,
    _id: id,
    userName: null,
    actorName: 'Morgan Hale',
    stationName: null,
    stationNumber: null,
    shift: null,
    position: null,
    bidPriority: null,
    timestamp: '2026-03-01T09:00:00.000Z',
    details: {},
    ...overrides,
  };
}

export function buildSessionResults(overrides: Partial<SessionResults> = {}): SessionResults {
  return {
    id: springSession.id,
    _id: springSession.id,
    name: springSession.name,
    year: springSession.year,
    status: 'completed',
    totalParticipants: 2,
    completedBids: 1,
    statistics: {
      successfulAssignments: 1,
      autoAssignments: 0,
      totalBidsSubmitted: 1,
      averageBidsPerParticipant: 0.5,
      participantsMovedToBack: 0,
      skipped: 0,
      notAssigned: 1,
    },
    sessionDuration: 95,
    scheduledStart: null,
    scheduledEnd: null,
    actualStart: '2026-03-01T09:00:00.000Z',
    actualEnd: '2026-03-01T10:35:00.000Z',
    participants: [],
    sessionHistory: [],
    ...overrides,
  };
}
