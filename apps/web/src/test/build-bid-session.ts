/**
 * Bid sessions, participants, offered stations, history entries and session results as the API sends
 * them (packages/domain/src/schemas/bid-session.ts), shared by the component tests of every feature.
 * Each builder gives a valid record; pass overrides for what a test is about.
 */
import type {
  BidSession,
  BidSessionDetail,
  Participant,
  SeatPosition,
  SessionHistoryEntry,
  SessionResults,
  Shift,
} from '@stationbid/domain';

/** A valid UUID whose last block is `n`, so ids read in test failures. */
export function testId(prefix: string, n: number): string {
  return `${prefix.padEnd(8, '0').slice(0, 8)}-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

/** The default session of these builders, as other records (bid history, results) refer to it. */
export const springSession = { id: testId('5e55', 1), _id: testId('5e55', 1), name: 'Spring Station Bid', year: 2026 };

export function buildBidSession(overrides: Partial<BidSession> = {}): BidSession {
  const id = overrides.id ?? springSession.id;
  return {
    id,
    name: springSession.name,
    description: 'Station, shift and position assignments for the next rotation.',
    year: springSession.year,
    type: 'standard',
    status: 'draft',
    participantCount: 10,
    totalParticipants: 10,
    currentParticipant: 0,
    currentBidEnd: null,
    pausedRemainingSeconds: null,
    completedBids: 0,
    bidWindowDuration: 5,
    bidTimeLimit: 300,
    autoAssignTimeout: 2,
    rounds: [],
    movedToBackCount: 0,
    startDate: '2026-03-01T00:00:00.000Z',
    endDate: '2026-03-31T00:00:00.000Z',
    scheduledStart: null,
    scheduledEnd: null,
    actualStart: null,
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
    ...overrides,
    // Always the same as id, as the API sends it.
    _id: id,
  };
}

export function buildBidSessionDetail(overrides: Partial<BidSessionDetail> = {}): BidSessionDetail {
  const { participants = [], availableStations = [], openSeats = [], ...session } = overrides;
  return { ...buildBidSession(session), participants, availableStations, openSeats };
}

export interface ParticipantFixture extends Partial<Omit<Participant, 'user'>> {
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
    round: 0,
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

/** A station of the session's offer with the given free seats per shift and position. */
export function buildOfferedStation(number: number, name: string, freeSeats: FreeSeats): OfferedStation {
  const id = testId('57a7', number);
  const shiftEntries = (shift: Shift) =>
    Object.entries(freeSeats[shift] ?? {}).map(([position, [count, total]]) => ({
      position: position as SeatPosition,
      count,
      total,
    }));
  const availablePositions = { A: shiftEntries('A'), B: shiftEntries('B'), C: shiftEntries('C') };
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
    details: '',
    detailsData: {},
    ...overrides,
  };
}

/** The results of the default session, completed: two participants, one seat won. */
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
