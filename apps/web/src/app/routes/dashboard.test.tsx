import type { BidSessionDetail, UserNotification } from '@stationbid/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MEMBER_STREAM_DELAY_MS, resetLiveEvents } from '../../lib/live-events.ts';
import { resetServerClock } from '../../lib/server-clock.ts';
// A fixture of the tests only: the same session shape the bid-sessions screens are tested with.
import { buildBidSessionDetail, buildParticipant } from '../../test/build-bid-session.ts';
import { FakeEventSource } from '../../test/fake-event-source.ts';
import { buildUser } from '../../test/fixtures.ts';
import { jsonResponse, type MockHandler } from '../../test/mock-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { sessionBoardApi, toSessionBoard } from '../../test/session-board-api.ts';

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
    ...overrides,
  };
}

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const marcusUser = { id: member.id, firstName: 'Marcus', lastName: 'Bell', rank: 'Captain' as const };

/**
 * A running session of six: two have bid (a minute apart, the first a minute after the start), the
 * third holds the turn with 4 minutes left, and Marcus waits at queue place 6 (0-based 5) with three
 * still to bid before him, the turn holder included. Turns of 5 minutes, second chances of 2.
 */
function waitingSession(overrides: Partial<BidSessionDetail> = {}): BidSessionDetail {
  // One clock reading for every time, so the turns measure exactly a minute.
  const now = Date.now();
  const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
  const picks = [
    { at: ago(2), station: 1 },
    { at: ago(1), station: 2 },
  ];
  const participants = [
    ...picks.map(({ at, station }, position) =>
      buildParticipant({
        firstName: ['Elena', 'Sam'][position] ?? 'X',
        lastName: 'Ahead',
        position,
        hasBid: true,
        outcome: 'bid',
        bidHistory: [
          {
            station: { id: `s${station}`, _id: `s${station}`, name: `Station ${station}`, number: station },
            shift: 'A',
            position: 'Firefighter',
            kind: 'own',
            timestamp: at,
          },
        ],
      }),
    ),
    buildParticipant({ firstName: 'Tia', lastName: 'Holder', position: 2, isCurrentTurn: true }),
    buildParticipant({ firstName: 'Ray', lastName: 'Waiting', position: 3 }),
    buildParticipant({ firstName: 'Uma', lastName: 'Waiting', position: 4 }),
    buildParticipant({ firstName: 'Marcus', lastName: 'Bell', position: 5, user: marcusUser }),
  ];
  return buildBidSessionDetail({
    name: 'Spring Bid',
    status: 'active',
    participantCount: 6,
    currentParticipant: 3,
    completedBids: 2,
    actualStart: ago(3),
    currentBidEnd: new Date(now + 4 * 60_000).toISOString(),
    bidWindowDuration: 5,
    autoAssignTimeout: 2,
    participants,
    ...overrides,
  });
}

/** A running session of three in which Marcus holds the first turn. */
function myTurnSession(overrides: Partial<BidSessionDetail> = {}): BidSessionDetail {
  return buildBidSessionDetail({
    name: 'Spring Bid',
    status: 'active',
    participantCount: 3,
    currentParticipant: 1,
    actualStart: minutesAgo(0),
    currentBidEnd: new Date(Date.now() + 125_000).toISOString(),
    participants: [
      buildParticipant({ firstName: 'Marcus', lastName: 'Bell', position: 0, isCurrentTurn: true, user: marcusUser }),
      buildParticipant({ firstName: 'Hannah', lastName: 'Okafor', position: 1 }),
      buildParticipant({ firstName: 'Caleb', lastName: 'Murphy', position: 2 }),
    ],
    ...overrides,
  });
}

/** The bid status the server gives for `session`: the member's place counted from the turn. */
function bidStatusOf(session: BidSessionDetail) {
  const { participants, availableStations: _stations, openSeats: _open, ...summary } = session;
  const mine = participants.find((participant) => participant.user.id === member.id);
  const ahead =
    mine === undefined || mine.isCurrentTurn
      ? 0
      : participants.filter((participant) => participant.outcome === null && participant.position < mine.position)
          .length;
  return {
    position: mine === undefined ? null : ahead + 1,
    isUserTurn: mine?.isCurrentTurn === true,
    timeRemaining: 0,
    session: summary,
  };
}

/** The dashboard's calls while `getSession` runs: the bid status, the session's board and Marcus's place. */
function runningSessionApi(
  getSession: () => BidSessionDetail,
  overrides: Record<string, MockHandler> = {},
): Record<string, MockHandler> {
  return dashboardApi({
    ...sessionBoardApi(getSession, { memberId: member.id }),
    'GET /api/users/bid-status': () => jsonResponse(200, bidStatusOf(getSession())),
    ...overrides,
  });
}

beforeEach(() => resetServerClock());
afterEach(() => resetLiveEvents());

describe('DashboardPage', { timeout: 20_000 }, () => {
  it('shows who the member is, their own figures, and that no session runs; no system status for a member', async () => {
    const { api } = renderApp({ path: '/dashboard', signedInAs: member, api: dashboardApi() });

    expect(await screen.findByRole('heading', { name: 'Welcome back, Marcus!', level: 2 })).toBeInTheDocument();
    const welcome = screen.getByRole('region', { name: 'Welcome' });
    expect(welcome).toHaveTextContent('Captain · Officer');
    expect(welcome).toHaveTextContent('Employee #FD-0003');
    expect(welcome).toHaveTextContent('Station 3 · Eastside');

    expect(await screen.findByRole('heading', { name: 'No Active Bid Sessions' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Sessions' })).toHaveAttribute('href', '/bidding');
    expect(screen.queryByText("It's your turn to bid!")).not.toBeInTheDocument();

    // The department place is on the seniority page: no queue number here without a session.
    const figures = screen.getByRole('list', { name: 'Your figures' });
    expect(figures).toHaveTextContent('Years of Service16');
    expect(figures).toHaveTextContent('Current ShiftShift B');
    expect(figures).not.toHaveTextContent('Bid Priority');
    expect(document.body).not.toHaveTextContent(/#\d+ in queue/);

    const status = screen.getByRole('region', { name: 'Current Bid Status' });
    expect(await within(status).findByText('You are not in a bid session right now.')).toBeInTheDocument();
    const activity = screen.getByRole('region', { name: 'Recent Activity' });
    expect(await within(activity).findByText('5m ago')).toBeInTheDocument();
    for (const name of ['Update Profile', 'View Stations', 'Bid History', 'Seniority']) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }
    // The system's health belongs to administrators: never asked for, never shown.
    expect(screen.queryByRole('region', { name: 'System Status' })).not.toBeInTheDocument();
    expect(api.requestsTo('GET /api/health')).toHaveLength(0);
    expect(api.unhandled).toEqual([]);
  });

  it("announces the member's turn with a countdown that ticks on the server's deadline, and nothing that contradicts it", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const session = myTurnSession();
    const { api } = renderApp({ path: '/dashboard', signedInAs: member, api: runningSessionApi(() => session) });

    const banner = await screen.findByRole('region', { name: "It's your turn to bid!" });
    const timer = within(banner).getByRole('timer');
    expect(timer).toHaveTextContent(/^2:0[45]$/);
    await vi.advanceTimersByTimeAsync(3000);
    await waitFor(() => expect(timer).toHaveTextContent(/^2:0[12]$/));
    expect(within(banner).getByRole('link', { name: 'Bid Now' })).toHaveAttribute('href', `/live-bid/${session.id}`);
    expect(banner).toHaveTextContent('Spring Bid');

    // One truth: no "No Active Bid Sessions" beside it, and the session's terms agree.
    expect(screen.queryByRole('heading', { name: 'No Active Bid Sessions' })).not.toBeInTheDocument();
    const terms = screen.getByRole('region', { name: 'Current Bid Status' });
    expect(await within(terms).findByText('Active')).toBeInTheDocument();
    expect(terms).toHaveTextContent('Participants3');
    expect(terms).toHaveTextContent('Time per turn5 minutes');
    expect(terms).toHaveTextContent('Second chance2 minutes');

    // While the session runs and the stream is down, the reads are asked again every 10 seconds.
    const before = api.requestsTo('GET /api/users/bid-status').length;
    const boardReads = api.requestsTo(`GET /api/bid-sessions/${session.id}/board`).length;
    await vi.advanceTimersByTimeAsync(10_000);
    await waitFor(() => expect(api.requestsTo('GET /api/users/bid-status').length).toBeGreaterThan(before));
    expect(api.requestsTo(`GET /api/bid-sessions/${session.id}/board`).length).toBeGreaterThan(boardReads);
  });

  it("never says it is the member's turn while the session is paused: the turn is on hold, its time frozen", async () => {
    const session = myTurnSession({ status: 'paused', currentBidEnd: null, pausedRemainingSeconds: 150 });
    renderApp({ path: '/dashboard', signedInAs: member, api: runningSessionApi(() => session) });

    const banner = await screen.findByRole(
      'region',
      { name: 'Session paused: your turn is on hold' },
      { timeout: 5000 },
    );
    expect(within(banner).getByRole('timer')).toHaveTextContent('2:30');
    expect(banner).toHaveTextContent('You will have 2:30 when it resumes.');
    expect(within(banner).getByRole('link', { name: 'Open Session' })).toHaveAttribute(
      'href',
      `/live-bid/${session.id}`,
    );
    expect(screen.queryByText(/your turn to bid/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Bid Now' })).not.toBeInTheDocument();
    const terms = screen.getByRole('region', { name: 'Current Bid Status' });
    expect(await within(terms).findByText('Paused')).toBeInTheDocument();
  });

  it('gives a waiting member one place in the session and the wait as a range from the pace and the windows', async () => {
    const session = waitingSession();
    renderApp({ path: '/dashboard', signedInAs: member, api: runningSessionApi(() => session) });

    const banner = await screen.findByRole('region', { name: 'Current bid session' }, { timeout: 5000 });
    expect(await within(banner).findByText('3 people ahead of you', {}, { timeout: 5000 })).toBeInTheDocument();
    // Lately a turn took a minute; the turn holder has 4 minutes left and the two after them 5 each.
    expect(banner).toHaveTextContent('Your turn in 3 to 14 minutes');
    expect(banner).toHaveTextContent('everyone ahead using their whole 5 minutes');
    expect(within(banner).getByRole('button', { name: 'Join Session Spring Bid' })).toBeInTheDocument();
    // One number for the place: no "#N" beside it, here or in the cards.
    expect(document.body).not.toHaveTextContent(/#\d/);
    expect(screen.queryByText("It's your turn to bid!")).not.toBeInTheDocument();
  });

  it('says "You\'re next" when only the turn holder is ahead, and a paused clock as paused', async () => {
    const session = waitingSession({ status: 'paused', currentBidEnd: null, pausedRemainingSeconds: 200 });
    const next = {
      ...session,
      participants: session.participants.map((participant) =>
        participant.position === 3 || participant.position === 4
          ? { ...participant, outcome: 'bid' as const, hasBid: true }
          : participant,
      ),
    };
    renderApp({ path: '/dashboard', signedInAs: member, api: runningSessionApi(() => next) });

    const banner = await screen.findByRole('region', { name: 'Current bid session' }, { timeout: 5000 });
    expect(await within(banner).findByText("You're next", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(banner).toHaveTextContent('Your turn in');
    expect(banner).toHaveTextContent('The clock is stopped while the session is paused.');
    expect(screen.queryByText(/your turn to bid/i)).not.toBeInTheDocument();
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

  it('shows an inline error with Try Again when the session does not load', async () => {
    renderApp({
      path: '/dashboard',
      signedInAs: member,
      api: dashboardApi({
        'GET /api/users/bid-status': () => jsonResponse(500, { error: 'Boom', code: 'INTERNAL_ERROR' }),
      }),
    });
    expect(
      (await screen.findAllByText('Failed to load current bid session', {}, { timeout: 5000 })).length,
    ).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: 'Try Again' }).length).toBeGreaterThan(0);
  });

  it('follows the session on the live stream: a turn that reaches the member shows at once, and a pause puts it on hold', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    const elena = buildParticipant({ firstName: 'Elena', lastName: 'Ramirez', position: 0, isCurrentTurn: true });
    const marcus = buildParticipant({ firstName: 'Marcus', lastName: 'Bell', position: 1, user: marcusUser });
    const caleb = buildParticipant({ firstName: 'Caleb', lastName: 'Murphy', position: 2 });
    const session = buildBidSessionDetail({
      name: 'Spring Bid',
      status: 'active',
      participantCount: 3,
      currentParticipant: 1,
      actualStart: minutesAgo(0),
      currentBidEnd: inMinutes(4),
      participants: [elena, marcus, caleb],
    });
    const { api } = renderApp({
      path: '/dashboard',
      signedInAs: member,
      api: runningSessionApi(() => session, {
        'POST /api/live/ticket': () => jsonResponse(200, { ticket: 'ticket-1', expiresInSeconds: 30 }),
      }),
    });

    const waiting = await screen.findByRole('region', { name: 'Current bid session' });
    expect(await within(waiting).findByText("You're next")).toBeInTheDocument();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const stream = FakeEventSource.latest();
    // One stream: the member's own events ride on the session's.
    expect(stream.sessions).toEqual([session.id]);
    act(() => stream.open());

    // With the stream up, the board's 10-second polls stop: it is not asked again until an event
    // comes, after the one read every opening makes (what changed before it was not sent), within its
    // random delay of at most 1.5 s. The bid status still is, every 10 s: another session has no id
    // the stream could follow.
    await act(() => vi.advanceTimersByTimeAsync(2000));
    const statusReads = api.requestsTo('GET /api/users/bid-status').length;
    const boardReads = api.requestsTo(`GET /api/bid-sessions/${session.id}/board`).length;
    await act(() => vi.advanceTimersByTimeAsync(25_000));
    expect(api.requestsTo('GET /api/users/bid-status')).toHaveLength(statusReads + 2);
    expect(api.requestsTo(`GET /api/bid-sessions/${session.id}/board`)).toHaveLength(boardReads);

    // Elena bids: the event's board names Marcus as the new turn holder, and the banner says so at
    // once, from the patched board, before any read.
    const afterBid = buildBidSessionDetail({
      ...session,
      currentParticipant: 2,
      completedBids: 1,
      currentBidEnd: inMinutes(4),
      participants: [
        { ...elena, isCurrentTurn: false, hasBid: true, outcome: 'bid' },
        { ...marcus, isCurrentTurn: true },
        caleb,
      ],
    });
    const { version: _v1, ...afterBidBoard } = toSessionBoard(afterBid);
    act(() =>
      stream.send({
        type: 'session.changed',
        sessionId: session.id,
        action: 'bid_submitted',
        at: new Date().toISOString(),
        participantId: elena.id,
        version: 2,
        board: afterBidBoard,
        seatCounts: [],
      }),
    );
    const banner = await screen.findByRole('region', { name: "It's your turn to bid!" });
    expect(within(banner).getByRole('timer')).toHaveTextContent(/^(4:00|3:59)$/);

    // The administrator pauses: the same card puts the turn on hold; it no longer says "your turn to bid".
    const { version: _v2, ...pausedBoard } = toSessionBoard({
      ...afterBid,
      status: 'paused',
      currentBidEnd: null,
      pausedRemainingSeconds: 200,
    });
    act(() =>
      stream.send({
        type: 'session.changed',
        sessionId: session.id,
        action: 'session_paused',
        at: new Date().toISOString(),
        version: 3,
        board: pausedBoard,
        seatCounts: [],
      }),
    );
    const onHold = await screen.findByRole('region', { name: 'Session paused: your turn is on hold' });
    expect(within(onHold).getByRole('timer')).toHaveTextContent('3:20');
    expect(screen.queryByText(/your turn to bid/i)).not.toBeInTheDocument();

    // The stream drops: the dashboard falls back to asking every 10 seconds.
    const readsWhenDown = api.requestsTo('GET /api/users/bid-status').length;
    act(() => stream.fail());
    await act(() => vi.advanceTimersByTimeAsync(10_500));
    await waitFor(() => expect(api.requestsTo('GET /api/users/bid-status').length).toBeGreaterThan(readsWhenDown));
  });
});
