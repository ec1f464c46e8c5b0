/**
 * The live bidding page's session: the shared session (src/test/build-bid-session.ts) already under way,
 * three participants, the second one's turn. Everything else comes from the shared builders.
 */
import type { BidSessionDetail } from '@stationbid/domain';
import { buildBidSessionDetail } from './build-bid-session.ts';

export function buildLiveSession(overrides: Partial<BidSessionDetail> = {}): BidSessionDetail {
  return buildBidSessionDetail({
    status: 'active',
    participantCount: 3,
    totalParticipants: 3,
    currentParticipant: 1,
    actualStart: '2026-03-01T09:00:00.000Z',
    ...overrides,
  });
}
