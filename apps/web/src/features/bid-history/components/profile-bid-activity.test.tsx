import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildBidHistoryEntry } from '../../../test/build-bid-history.ts';
import { springSession } from '../../../test/build-bid-session.ts';
import { buildUser } from '../../../test/fixtures.ts';
import { jsonResponse, type MockHandler } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

const member = buildUser();

const activeSession = {
  ...springSession,
  description: '',
  status: 'active',
  participantCount: 10,
  totalParticipants: 10,
  currentParticipant: 2,
  currentBidEnd: null,
  pausedRemainingSeconds: null,
  completedBids: 1,
  bidWindowDuration: 5,
  bidTimeLimit: 300,
  autoAssignTimeout: 2,
  movedToBackCount: 0,
  startDate: null,
  endDate: null,
  scheduledStart: null,
  scheduledEnd: null,
  actualStart: '2026-03-01T09:00:00.000Z',
  actualEnd: null,
  clearAssignments: false,
  eligibilityMode: 'rank',
  tieBreakChain: [],
  randomSeed: null,
  stationIds: [],
  currentTurn: null,
  nextParticipant: null,
  createdAt: '2026-02-01T00:00:00.000Z',
  updatedAt: '2026-02-01T00:00:00.000Z',
};

function renderProfile(api: Record<string, MockHandler>) {
  return renderApp({
    path: '/profile',
    signedInAs: member,
    api: { 'GET /api/users/profile': () => jsonResponse(200, { user: member }), ...api },
  });
}

describe('ProfileBidActivity (on /profile)', () => {
  it('shows the bid statistics, the current session with the member’s place, and the latest 5 bids', async () => {
    const bids = Array.from({ length: 7 }, (_, index) =>
      buildBidHistoryEntry(index + 1, {
        timestamp: `2026-01-0${index + 1}T09:00:00.000Z`,
        station: { name: `Station ${index + 1}`, number: (index % 3) + 1 },
        status: index < 2 ? 'cancelled' : 'completed',
      }),
    );
    renderProfile({
      'GET /api/users/bid-history': () => jsonResponse(200, { bidHistory: bids }),
      'GET /api/users/bid-status': () =>
        jsonResponse(200, { position: 4, isUserTurn: false, timeRemaining: 0, session: activeSession }),
    });

    const statistics = await screen.findByRole('region', { name: 'Bid Statistics' });
    expect(await within(statistics).findByText('Success Rate')).toBeInTheDocument();
    expect(statistics).toHaveTextContent('Total Bids7');
    expect(statistics).toHaveTextContent('Successful5');
    expect(statistics).toHaveTextContent('Stations Bid3');
    expect(statistics).toHaveTextContent('Success Rate71%');

    const current = screen.getByRole('region', { name: 'Current Bid Sessions' });
    expect(await within(current).findByText('Spring Station Bid')).toBeInTheDocument();
    expect(current).toHaveTextContent('Active');
    expect(current).toHaveTextContent('Your place: #4');

    const recent = screen.getByRole('region', { name: 'Recent Bid History' });
    const latest = within(recent).getByRole('list', { name: 'Latest bids' });
    const items = within(latest).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items[0]).toHaveTextContent('Station 1 (Station 7)');
    expect(within(recent).getByRole('link', { name: 'View all bid history' })).toHaveAttribute('href', '/bid-history');
  });

  it('says when there is no current session and no bid yet', async () => {
    renderProfile({
      'GET /api/users/bid-history': () => jsonResponse(200, { bidHistory: [] }),
      'GET /api/users/bid-status': () =>
        jsonResponse(200, { position: null, isUserTurn: false, timeRemaining: 0, session: null }),
    });

    const current = await screen.findByRole('region', { name: 'Current Bid Sessions' });
    expect(await within(current).findByText('No Active Sessions')).toBeInTheDocument();
    const recent = screen.getByRole('region', { name: 'Recent Bid History' });
    expect(await within(recent).findByText('No Bids Yet')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Bid Statistics' })).toHaveTextContent('Success Rate0%');
  });
});
