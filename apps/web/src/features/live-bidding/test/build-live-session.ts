/**
 * Sessions, participants, offered stations and history entries as GET /bid-sessions/:id and
 * /bid-sessions/history send them (packages/domain/src/schemas/bid-session.ts), for this feature's tests.
 */
import type { BidSessionDetail, Participant, SeatPosition, SessionHistoryEntry, Shift } from '@stationbid/domain';

/** A valid UUID whose last block is `n`, so ids read in test failures. */
export function testId(prefix: string, n: number): string {
  return `${prefix.padEnd(8, '0').slice(0, 8)}-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

interface ParticipantFixture extends Partial<Omit<Participant, 'user'>> {
  firstName: string;
  lastName: string;
  user?: Partial<Participant['user']>;
}

export function buildParticipant({ firstName, lastName, user = {}, ...fields }: ParticipantFixture): Participant {
  const position = fields.position ?? 0;
  const id = fields.id ?? testId('9a', position + 1);
  const memberId = user.id === undefined ? testId('3e3', position + 1) : user.id;
  return {
    id,
    _id: id,
    user: {
      id: memberId,
      _id: memberId,
      firstName,
      lastName,
      employeeId: `FD-${String(position + 10).padStart(4, '0')}`,
      rank: 'Firefighter',
      position: 'Firefighter',
      isAdmin: false,
      ...user,
    },
    position,
    bidPriority: position + 1,
    seniorityScore: 100 - position,
    yearsOfService: 10,
    hasBid: false,
    outcome: null,
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
    ...fields,
  };
}

type OfferedStation = BidSessionDetail['availableStations'][number];
type FreeSeats = Partial<Record<Shift, Partial<Record<SeatPosition, [free: number, total: number]>>>>;

export function buildOfferedStation(number: number, name: string, freeSeats: FreeSeats): OfferedStation {
  const id = testId('57a7', number);
  const entries = (shift: Shift) =>
    Object.entries(freeSeats[shift] ?? {}).map(([position, [count, total]]) => ({
      position: position as SeatPosition,
      count,
      total,
    }));
  const availablePositions = { A: entries('A'), B: entries('B'), C: entries('C') };
  const all = [...availablePositions.A, ...availablePositions.B, ...availablePositions.C];
  return {
    id,
    _id: id,
    name,
    number,
    address: `${number} Main Street, Riverton`,
    availablePositions,
    available: all.reduce((sum, entry) => sum + entry.count, 0),
    totalCapacity: all.reduce((sum, entry) => sum + entry.total, 0),
  };
}

export function buildLiveSession(overrides: Partial<BidSessionDetail> = {}): BidSessionDetail {
  const id = overrides.id ?? testId('5e55', 1);
  return {
    id,
    name: 'Spring Station Bid',
    description: 'Station, shift and position assignments for the next rotation.',
    year: 2026,
    status: 'active',
    participantCount: 3,
    totalParticipants: 3,
    currentParticipant: 1,
    currentBidEnd: null,
    pausedRemainingSeconds: null,
    completedBids: 0,
    bidWindowDuration: 5,
    bidTimeLimit: 300,
    autoAssignTimeout: 2,
    movedToBackCount: 0,
    startDate: '2026-03-01T00:00:00.000Z',
    endDate: '2026-03-31T00:00:00.000Z',
    scheduledStart: null,
    scheduledEnd: null,
    actualStart: '2026-03-01T09:00:00.000Z',
    actualEnd: null,
    clearAssignments: false,
    eligibilityMode: 'rank',
    tieBreakChain: ['yearsOfService', 'employeeId'],
    randomSeed: null,
    stationIds: [],
    currentTurn: null,
    nextParticipant: null,
    createdAt: '2026-02-01T00:00:00.000Z',
    updatedAt: '2026-02-01T00:00:00.000Z',
    participants: [],
    availableStations: [],
    ...overrides,
    _id: id,
  };
}

export function buildHistoryEntry(
  overrides: Partial<SessionHistoryEntry> & Pick<SessionHistoryEntry, 'action'>,
): SessionHistoryEntry {
  const id = overrides.id ?? testId('4157', 1);
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
