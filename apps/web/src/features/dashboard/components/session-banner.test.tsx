import { MantineProvider } from '@mantine/core';
import { computeWaitRange } from '@stationbid/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { departmentSettingsApi, mockApi } from '../../../test/mock-api.ts';
import type { DashboardSession, DashboardSessionFacts } from '../utils/dashboard-session.ts';
import { SessionBanner } from './session-banner.tsx';

const MINUTE = 60_000;

const facts: DashboardSessionFacts = {
  id: '5e550000-0000-4000-8000-000000000001',
  name: 'Spring Bid',
  description: '',
  status: 'active',
  participantCount: 40,
  turnMinutes: 5,
  secondChanceMinutes: 1,
  startDate: null,
  endDate: null,
  scheduledStart: null,
  clock: { status: 'active', currentBidEnd: null, pausedRemainingSeconds: null },
};

function renderBanner(view: DashboardSession, remainingMs: number | null = null) {
  mockApi(departmentSettingsApi('America/Chicago'));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <SessionBanner view={view} remainingMs={remainingMs} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('SessionBanner', () => {
  it('tells a waiting member the people ahead once and the wait as a range, not one figure', () => {
    const wait = computeWaitRange({
      peopleAhead: 8,
      turnWindowMs: 5 * MINUTE,
      secondChanceWindowMs: MINUTE,
      holderRemainingMs: 3 * MINUTE,
      observedTurnMs: 45_000,
    });
    renderBanner({ kind: 'waiting', session: facts, peopleAhead: 8, wait, isPaused: false });
    const banner = screen.getByRole('region', { name: 'Current bid session' });
    expect(within(banner).getByText('8 people ahead of you')).toBeInTheDocument();
    expect(within(banner).getByText('Your turn in 6 to 38 minutes')).toBeInTheDocument();
    expect(banner).not.toHaveTextContent(/#\d/);
  });

  it("counts the wait from the start before a session begins, in the department's time zone", async () => {
    const scheduled = { ...facts, status: 'scheduled' as const, scheduledStart: '2026-03-02T15:00:00.000Z' };
    const wait = computeWaitRange({ peopleAhead: 1, turnWindowMs: 5 * MINUTE, secondChanceWindowMs: MINUTE });
    renderBanner({ kind: 'waiting', session: scheduled, peopleAhead: 1, wait, isPaused: false });
    const banner = screen.getByRole('region', { name: 'Current bid session' });
    expect(banner).toHaveTextContent('1 person ahead of you');
    expect(banner).toHaveTextContent('Your turn: 1 to 5 minutes after the session starts');
    // Once the department's zone has answered.
    expect(await within(banner).findByText('Starts Mar 2, 2026, 9:00 AM CST.')).toBeInTheDocument();
  });

  it('names the seat won, and tells a member who takes no part that they do not', () => {
    renderBanner({ kind: 'done', session: facts, seat: 'Station 2 · A shift · Captain' });
    expect(screen.getByText('You got Station 2 · A shift · Captain.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Session' })).toHaveAttribute('href', `/live-bid/${facts.id}`);
  });

  it('does not offer to join a session the member takes no part in', () => {
    renderBanner({ kind: 'watching', session: facts });
    expect(screen.getByText('You are not taking part in this session.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Join Session/ })).not.toBeInTheDocument();
  });

  it("puts a paused turn on hold without calling it the member's turn to bid", () => {
    renderBanner({ kind: 'yourTurn', session: { ...facts, status: 'paused' }, isPaused: true }, 30_000);
    const banner = screen.getByRole('region', { name: 'Session paused: your turn is on hold' });
    // A resumed turn has at least a minute.
    expect(within(banner).getByRole('timer')).toHaveTextContent('1:00');
    expect(screen.queryByText(/your turn to bid/i)).not.toBeInTheDocument();
  });
});
