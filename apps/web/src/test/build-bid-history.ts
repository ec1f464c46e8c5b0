/**
 * A member's bid-history entries (this feature's own API shape) and the participants of session
 * results, for this feature's tests. Sessions, history entries and results come from the shared
 * builders in src/test/build-bid-session.ts.
 */
import type { Participant, ResultParticipant } from '@stationbid/domain';
import type { UserBidHistoryEntry } from '../features/bid-history/index.ts';
import { buildParticipant, springSession, testId } from './build-bid-session.ts';

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

/** A participant of finished results: an engineer who won no seat unless the overrides say so. */
export function buildResultsParticipant(
  position: number,
  firstName: string,
  lastName: string,
  { reason = null, ...overrides }: Partial<Omit<ResultParticipant, 'user'>> = {},
): ResultParticipant {
  const participant: Participant = buildParticipant({
    firstName,
    lastName,
    position,
    outcome: 'not_assigned',
    user: { employeeId: `FD-${position + 10}`, rank: 'Engineer', position: 'Driver' },
    ...overrides,
  });
  return { ...participant, reason };
}
