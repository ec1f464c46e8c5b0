import type { HealthResponse, UserNotification } from '@stationbid/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MEMBER_STREAM_DELAY_MS, resetLiveEvents } from '../../lib/live-events.ts';
import { resetServerClock } from '../../lib/server-clock.ts';
// A fixture of the tests only: the same session shape the bid-sessions screens are tested with.
import { buildBidSession, buildBidSessionDetail, buildParticipant } from '../../test/build-bid-session.ts';
import { FakeEventSource } from '../../test/fake-event-source.ts';
import { buildUser } from '../../test/fixtures.ts';
import { jsonResponse, type MockHandler } from '../../test/mock-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { toSessionBoard } from '../../test/session-board-api.ts';

const member = buildUser({
  firstName: 'Marcus',
  lastName: 'Bell',
  rank: 'Captain',
  position: 'Officer',
  employeeId: 'FD-0003',
  yearsOfService: 16,
  currentStation: { id: 's3', _id: 's3', name: 'Eastside', number: 3 },
  currentShift: 'B',
  bidPriority: 2,
});

// Answers are built when asked, a moment after the page read its clock (useNow): 20 seconds more
// keeps "n minutes ago" at n.
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000 - 20_000).toISOString();

const healthy: HealthResponse = {
  status: 'ok',
  time: '2026-03-10T12:00:00.000Z',
  process: { uptimeSeconds: 60, memoryRssMb: 120 },
  database: { kind: 'pglite', status: 'up', latencyMs: 1.4 },
};

function buildNotification(n: number, overrides: Partial<UserNotification> = {}): UserNotification {
  const id = `00000000-0000-4000-8000-00000000000${n}`;
  return {
    id,
    _id: id,
    type: 'system',
    status: 'unread',
    title: `Notice ${n}`,
    message: `Message ${n}`,
    assignedStation: null,
    assignedShift: null,
    sessionId: null,
    timestamp: minutesAgo(n),
    ...overrides,
  };
}

/** The dashboard's calls with a quiet department: no session, nothing new. */
function dashboardApi(overrides: Record<string, MockHandler> = {}): Record<string, MockHandler> {
  return {
    'GET /api/bid-sessions/current?view=summary': () => jsonResponse(200, { session: null, sessions: [] }),
    'GET /api/users/bid-status': () =>
      jsonResponse(200, { position: null, isUserTurn: false, timeRemaining: 0, session: null }),
    'GET /api/users/notifications?limit=5': () => jsonResponse(200, { notifications: [], unreadCount: 0 }),
    'GET /api/users/recent-activity?limit=5': () =>
      jsonResponse(200, {
        activities: [
          {
            id: 'a1',
            type: 'login',
            title: 'Signed in',
            description: 'You signed in',
            timestamp: minutesAgo(5),
          },
        ],
      }),
    'GET /api/health': () => jsonResponse(200, healthy),
    ...overrides,
  };
}

beforeEach(() => resetServerClock());
afterEach(() => resetLiveEvents());

describe('DashboardPage', { timeout: 20_000 }, () => {
  it('shows who the member is, their figures, and that no session runs', async () => {
    const { api } = renderApp({ path: '/dashboard', signedInAs: member, api: dashboardApi() });

    expect(await screen.findByRole('heading', { name: 'Welcome back, Marcus!', level: 2 })).toBeInTheDocument();
    const welcome = screen.getByRole('region', { name: 'Welcome' });
    expect(welcome).toHaveTextContent('Captain · Officer');
    expect(welcome).toHaveTextContent('Employee #FD-0003');
    expect(welcome).toHaveTextContent('Station 3 · Eastside');

    expect(await screen.findByRole('heading', { name: 'No Active Bid Sessions' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Sessions' })).toHaveAttribute('href', '/bidding');
    expect(screen.queryByText("It's your turn to bid!")).not.toBeInTheDocument();

    const figures = screen.getByRole('list', { name: 'Your figures' });
    expect(figures).toHaveTextContent('Years of Service16');
    expect(figures).toHaveTextContent('Current ShiftShift B');
    expect(figures).toHaveTextContent('Bid Priority#2 in queue');

    const status = screen.getByRole('region', { name: 'Current Bid Status' });
    expect(await within(status).findByText('You are not in a bid session right now.')).toBeInTheDocument();
    const activity = screen.getByRole('region', { name: 'Recent Activity' });
    expect(await within(activity).findByText('5m ago')).toBeInTheDocument();
    const system = screen.getByRole('region', { name: 'System Status' });
    expect(await within(system).findByText('All systems operational')).toBeInTheDocument();
    expect(system).toHaveTextContent('Embedded PostgreSQL, answered in 1.4 ms');
    for (const name of ['Update Profile', 'View Stations', 'Bid History', 'Seniority']) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }
    expect(api.unhandled).toEqual([]);
  });

  it("announces the member's turn with a countdown that ticks on the server's deadline", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const session = buildBidSession({
      name: 'Spring Bid',
      status: 'active',
      participantCount: 3,
      currentParticipant: 1,
      currentBidEnd: new Date(Date.now() + 125_000).toISOString(),
    });
    const { api } = renderApp({
      path: '/dashboard',
      signedInAs: member,
      api: dashboardApi({
        'GET /api/bid-sessions/current?view=summary': () =>
          jsonResponse(200, { session: buildBidSessionDetail(session), sessions: [session] }),
        'GET /api/users/bid-status': () =>
          jsonResponse(200, { position: 1, isUserTurn: true, timeRemaining: 125, session }),
      }),
    });

    const banner = await screen.findByRole('region', { name: "It's your turn to bid!" });
    const timer = within(banner).getByRole('timer');
    expect(timer).toHaveTextContent(/^2:0[45]$/);
    await vi.advanceTimersByTimeAsync(3000);
    await waitFor(() => expect(timer).toHaveTextContent(/^2:0[12]$/));
    expect(within(banner).getByRole('link', { name: 'Bid Now' })).toHaveAttribute('href', `/live-bid/${session.id}`);

    const sessionBanner = screen.getByRole('region', { name: 'Current bid session' });
    expect(sessionBanner).toHaveTextContent('Spring Bid');
    expect(sessionBanner).toHaveTextContent('3 participants');
    expect(within(sessionBanner).getByRole('button', { name: 'Join Session Spring Bid' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Current Bid Status' })).toHaveTextContent('Your position#1');

    // While the session runs, both calls are asked again every 10 seconds.
    const before = api.requestsTo('GET /api/users/bid-status').length;
    await vi.advanceTimersByTimeAsync(10_000);
    await waitFor(() => expect(api.requestsTo('GET /api/users/bid-status').length).toBeGreaterThan(before));
  });

  it('marks a notification read when clicked, and the unread count drops', async () => {
    const notices = [buildNotification(1), buildNotification(2, { status: 'read' })];
    const { api, user } = renderApp({
      path: '/dashboard',
      signedInAs: member,
      api: dashboardApi({
        'GET /api/users/notifications?limit=5': () => jsonResponse(200, { notifications: notices, unreadCount: 1 }),
        'POST /api/users/notifications': () =>
          jsonResponse(200, { notification: { ...notices[0], status: 'read' }, unreadCount: 0 }),
      }),
    });

    const card = await screen.findByRole('region', { name: 'Notifications' });
    expect(await within(card).findByText('1 unread')).toBeInTheDocument();
    expect(within(card).getByText('1m ago')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Notice 1 Unread' }));

    await waitFor(() => expect(within(card).getByText('0 unread')).toBeInTheDocument());
    expect(api.requestsTo('POST /api/users/notifications').map((request) => request.body)).toEqual([
      { notificationId: notices[0]?.id },
    ]);
    expect(within(card).getByRole('button', { name: 'Notice 1' })).toBeInTheDocument();
    // A read one asks nothing more.
    await user.click(within(card).getByRole('button', { name: 'Notice 2' }));
    expect(api.requestsTo('POST /api/users/notifications')).toHaveLength(1);
  });

  it('raises the unread count when the live stream says a notification was stored, with no session followed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    let notices: UserNotification[] = [];
    renderApp({
      path: '/dashboard',
      signedInAs: member,
      api: dashboardApi({
        'POST /api/live/ticket': () => jsonResponse(200, { ticket: 'ticket-1', expiresInSeconds: 30 }),
        'GET /api/users/notifications?limit=5': () =>
          jsonResponse(200, { notifications: notices, unreadCount: notices.length }),
      }),
    });

    const card = await screen.findByRole('region', { name: 'Notifications' });
    expect(await within(card).findByText('0 unread')).toBeInTheDocument();
    // No session runs, yet the tab keeps a stream for the member's own events.
    await act(() => vi.advanceTimersByTimeAsync(MEMBER_STREAM_DELAY_MS + 100));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const stream = FakeEventSource.latest();
    expect(stream.sessions).toEqual([]);
    act(() => stream.open());

    notices = [buildNotification(1, { type: 'turn_started', title: "It's your turn to bid" })];
    act(() =>
      stream.send({
        type: 'notifications.created',
        sessionId: '5e550000-0000-4000-8000-000000000001',
        at: new Date().toISOString(),
        memberIds: [member.id],
      }),
    );
    expect(await within(card).findByText('1 unread')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: "It's your turn to bid Unread" })).toBeInTheDocument();
  });

  it('says so when the database is down, and when the API does not answer', async () => {
    let isApiDown = false;
    const { user } = renderApp({
      path: '/dashboard',
      signedInAs: member,
      api: dashboardApi({
        'GET /api/health': () =>
          isApiDown
            ? Promise.reject(new TypeError('Failed to fetch'))
            : jsonResponse(200, {
                ...healthy,
                status: 'degraded',
                database: { kind: 'postgres', status: 'down', latencyMs: null, error: 'connection refused' },
              }),
      }),
    });

    const system = await screen.findByRole('region', { name: 'System Status' });
    expect(await within(system).findByText('Service degraded')).toBeInTheDocument();
    expect(system).toHaveTextContent('APIOperational');
    expect(system).toHaveTextContent('DatabasePostgreSQLDown');

    isApiDown = true;
    await user.click(within(system).getByRole('button', { name: 'Check Again' }));
    expect(await within(system).findByText('Unreachable')).toBeInTheDocument();
    expect(system).toHaveTextContent('DatabaseUnknown');
  });

  it('shows an inline error with Try Again when the session does not load', async () => {
    renderApp({
      path: '/dashboard',
      signedInAs: member,
      api: dashboardApi({
        'GET /api/bid-sessions/current?view=summary': () =>
          jsonResponse(500, { error: 'Boom', code: 'INTERNAL_ERROR' }),
      }),
    });
    expect(await screen.findByText('Failed to load current bid session', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('follows the session on the live stream: a turn that reaches the member shows at once, without polling', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    const session = buildBidSession({
      name: 'Spring Bid',
      status: 'active',
      participantCount: 3,
      currentParticipant: 1,
    });
    let isMyTurn = false;
    const { api } = renderApp({
      path: '/dashboard',
      signedInAs: member,
      api: dashboardApi({
        'POST /api/live/ticket': () => jsonResponse(200, { ticket: 'ticket-1', expiresInSeconds: 30 }),
        'GET /api/bid-sessions/current?view=summary': () =>
          jsonResponse(200, { session: buildBidSessionDetail(session), sessions: [session] }),
        'GET /api/users/bid-status': () =>
          isMyTurn
            ? jsonResponse(200, {
                position: 2,
                isUserTurn: true,
                timeRemaining: 240,
                session: {
                  ...session,
                  currentParticipant: 2,
                  currentBidEnd: new Date(Date.now() + 240_000).toISOString(),
                },
              })
            : jsonResponse(200, { position: 2, isUserTurn: false, timeRemaining: 0, session }),
      }),
    });

    await screen.findByRole('region', { name: 'Current bid session' });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const stream = FakeEventSource.latest();
    // One stream: the member's own events ride on the session's.
    expect(stream.sessions).toEqual([session.id]);
    act(() => stream.open());

    // With the stream up, the 10-second polls stop: nothing is asked again until an event comes,
    // after the one read every opening makes (what changed before it was not sent), within its
    // random delay of at most 1.5 s.
    await act(() => vi.advanceTimersByTimeAsync(2000));
    const statusReads = api.requestsTo('GET /api/users/bid-status').length;
    await act(() => vi.advanceTimersByTimeAsync(25_000));
    expect(api.requestsTo('GET /api/users/bid-status')).toHaveLength(statusReads);
    expect(screen.queryByRole('region', { name: "It's your turn to bid!" })).not.toBeInTheDocument();

    // The member before Marcus bids: the event's board names Marcus as the new turn holder.
    isMyTurn = true;
    const elena = buildParticipant({
      firstName: 'Elena',
      lastName: 'Ramirez',
      position: 0,
      hasBid: true,
      outcome: 'bid',
    });
    const marcus = buildParticipant({
      firstName: 'Marcus',
      lastName: 'Bell',
      position: 1,
      isCurrentTurn: true,
      user: { id: member.id },
    });
    const board = toSessionBoard(
      buildBidSessionDetail({ ...session, currentParticipant: 2, completedBids: 1, participants: [elena, marcus] }),
    );
    act(() =>
      stream.send({
        type: 'session.changed',
        sessionId: session.id,
        action: 'bid_submitted',
        at: new Date().toISOString(),
        participantId: elena.id,
        version: 2,
        board,
        seatCounts: [],
      }),
    );
    const banner = await screen.findByRole('region', { name: "It's your turn to bid!" });
    expect(within(banner).getByRole('timer')).toHaveTextContent(/^(4:00|3:59)$/);

    // The stream drops: the dashboard falls back to asking every 10 seconds.
    const readsWhenDown = api.requestsTo('GET /api/users/bid-status').length;
    act(() => stream.fail());
    await act(() => vi.advanceTimersByTimeAsync(10_500));
    await waitFor(() => expect(api.requestsTo('GET /api/users/bid-status').length).toBeGreaterThan(readsWhenDown));
  });
});
