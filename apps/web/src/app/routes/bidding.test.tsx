import { BID_MESSAGES, type BidSessionDetail, DEFAULT_BID_PREFERENCES } from '@stationbid/domain';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetServerClock } from '../../lib/server-clock.ts';
import { buildBidHistoryEntry } from '../../test/build-bid-history.ts';
import {
  buildBidSession,
  buildHistoryEntry,
  buildOfferedStation,
  buildParticipant,
  testId,
} from '../../test/build-bid-session.ts';
import { buildLiveSession } from '../../test/build-live-session.ts';
import { buildUser } from '../../test/fixtures.ts';
import { jsonResponse, type MockHandler } from '../../test/mock-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { sessionBoardApi } from '../../test/session-board-api.ts';

const SESSION_ID = testId('5e55', 9);
const me = buildUser({ id: testId('3e3', 3), _id: testId('3e3', 3), firstName: 'Isabel', lastName: 'Duarte' });

const elena = buildParticipant({ firstName: 'Elena', lastName: 'Ramirez', position: 0, user: { rank: 'Captain' } });
const caleb = buildParticipant({ firstName: 'Caleb', lastName: 'Murphy', position: 1, user: { rank: 'Engineer' } });
const isabel = buildParticipant({
  firstName: 'Isabel',
  lastName: 'Duarte',
  position: 2,
  user: { id: me.id, rank: 'Engineer' },
});
const downtown = buildOfferedStation(1, 'Downtown', {
  A: { Captain: [1, 1], Engineer: [1, 2] },
  B: { Engineer: [0, 2], Firefighter: [3, 4] },
});
const northside = buildOfferedStation(2, 'Northside', { A: { Captain: [1, 1] } });
const harbor = buildOfferedStation(3, 'Harbor', { C: { Engineer: [2, 3] } });

/** Isabel's ranked list: Harbor's C-shift Engineer seat. */
const PREFERENCES = {
  ...DEFAULT_BID_PREFERENCES,
  autoBid: true,
  seatChoices: [{ stationId: harbor.id, shift: 'C' as const, seatPosition: 'Engineer' as const }],
};

const scheduledSession = buildBidSession({ id: testId('5e55', 10), name: 'Autumn Bid', status: 'scheduled' });

/** The session with `holder` bidding now and `remainingMs` left, by the server's clock `serverNowMs`. */
function sessionWithTurn(
  holder: 0 | 2,
  { remainingMs = 4 * 60_000 + 30_000, serverNowMs = Date.now(), ...overrides }: SessionOptions = {},
): BidSessionDetail {
  const deadline = new Date(serverNowMs + remainingMs).toISOString();
  const participants = [elena, caleb, isabel].map((participant) =>
    participant.position === holder
      ? { ...participant, isCurrentTurn: true, timeWindow: { start: null, end: deadline } }
      : participant,
  );
  return buildLiveSession({
    id: SESSION_ID,
    name: 'Winter Bid',
    description: 'Winter rotation',
    startDate: '2026-03-01T00:00:00.000Z',
    endDate: '2026-03-31T00:00:00.000Z',
    completedBids: holder === 2 ? 2 : 0,
    currentParticipant: holder + 1,
    currentBidEnd: deadline,
    currentTurn: participants[holder] ?? null,
    nextParticipant: holder === 0 ? (participants[1] ?? null) : null,
    participants,
    availableStations: [downtown, northside, harbor],
    ...overrides,
  });
}

interface SessionOptions extends Partial<BidSessionDetail> {
  remainingMs?: number;
  serverNowMs?: number;
}

const history = [
  buildHistoryEntry({ action: 'session_started', id: testId('4157', 1), timestamp: '2026-03-01T09:00:00.000Z' }),
  buildHistoryEntry({
    action: 'bid_submitted',
    id: testId('4157', 2),
    userName: 'Elena Ramirez',
    actorName: 'Elena Ramirez',
    stationName: 'Northside',
    stationNumber: 2,
    shift: 'B',
    position: 'Captain',
    timestamp: '2026-03-01T09:02:00.000Z',
  }),
  buildHistoryEntry({
    action: 'auto_assigned',
    id: testId('4157', 3),
    userName: 'Caleb Murphy',
    actorName: 'system',
    stationName: 'Downtown',
    stationNumber: 1,
    shift: 'B',
    position: 'Engineer',
    timestamp: '2026-03-01T09:08:00.000Z',
  }),
];

const myBids = [
  buildBidHistoryEntry(1, {
    session: { id: testId('5e55', 1), _id: testId('5e55', 1), name: 'Spring Bid', year: 2025 },
    status: 'completed',
  }),
  buildBidHistoryEntry(2, {
    session: { id: testId('5e55', 2), _id: testId('5e55', 2), name: 'Summer Bid', year: 2025 },
    status: 'completed',
    timestamp: '2026-06-01T09:30:00.000Z',
  }),
  buildBidHistoryEntry(3, {
    session: { id: testId('5e55', 3), _id: testId('5e55', 3), name: 'Fall Bid', year: 2025 },
    status: 'active',
    timestamp: '2026-09-01T09:30:00.000Z',
  }),
];

interface RenderOptions {
  /** The address the page opens at; /bidding unless a test opens /bid/:sessionId. */
  path?: string;
  api?: Record<string, MockHandler>;
  /** Every answer's Date header: the server's clock, when it differs from the browser's. */
  serverDate?: () => Date;
  /**
   * The followed session as the server holds it at each request (its board, participants and the
   * member's place); `session` unless a test changes it or opens another one by its address.
   */
  readSession?: () => BidSessionDetail | null;
}

function renderBiddingPage(
  session: BidSessionDetail | null,
  { path = '/bidding', api = {}, serverDate, readSession = () => session }: RenderOptions = {},
) {
  const withServerDate = (response: Response) => {
    if (serverDate !== undefined) response.headers.set('Date', serverDate().toUTCString());
    return response;
  };
  const notFound = () => jsonResponse(404, { error: BID_MESSAGES.sessionNotFound, code: 'NOT_FOUND' });
  const boardApi: Record<string, MockHandler> =
    readSession() === null
      ? {
          [`GET /api/bid-sessions/${SESSION_ID}/board`]: notFound,
          [`GET /api/bid-sessions/${SESSION_ID}/my-participation`]: notFound,
        }
      : Object.fromEntries(
          Object.entries(sessionBoardApi(readSession as () => BidSessionDetail, { memberId: me.id })).map(
            ([key, handler]) => [key, async (request) => withServerDate(await handler(request))] as const,
          ),
        );
  const handlers: Record<string, MockHandler> = {
    'GET /api/bid-sessions/current?view=summary': () =>
      withServerDate(
        jsonResponse(200, {
          session,
          sessions: session === null ? [] : [session, scheduledSession],
        }),
      ),
    ...boardApi,
    [`GET /api/bid-sessions/history?sessionId=${SESSION_ID}`]: () => jsonResponse(200, { history }),
    'GET /api/users/bid-history': () => jsonResponse(200, { bidHistory: myBids }),
    'GET /api/users/notifications?limit=5': () =>
      jsonResponse(200, {
        notifications: [
          {
            id: testId('a071', 1),
            _id: testId('a071', 1),
            type: 'system',
            status: 'unread',
            title: 'Your turn is coming',
            message: 'Winter Bid: two members are ahead of you.',
            assignedStation: null,
            assignedShift: null,
            sessionId: SESSION_ID,
            timestamp: new Date(Date.now() - 5 * 60_000).toISOString(),
          },
        ],
        unreadCount: 1,
      }),
    [`GET /api/chat/session/${SESSION_ID}/unread-count`]: () => jsonResponse(200, { unreadCount: 0 }),
    [`POST /api/bid-sessions/${SESSION_ID}/check-time-expiration`]: () => jsonResponse(200, { timeExpired: true }),
    // The member's ranked list: the bid panel offers it on their turn, the editor shows it before.
    'GET /api/users/preferences': () => jsonResponse(200, { preferences: PREFERENCES }),
    'GET /api/stations': () => jsonResponse(200, { stations: [] }),
    ...api,
  };
  return renderApp({ path, signedInAs: me, api: handlers });
}

// Each test renders the whole app; on a busy machine its first screen takes more than the default second.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => resetServerClock());

describe('Bidding page', { timeout: 20_000 }, () => {
  it('says when no session is active, paused or scheduled, and asks again on Refresh', async () => {
    const { api, user } = renderBiddingPage(null);
    expect(await screen.findByRole('heading', { name: 'No Active Bid Session' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Bidding' })).toBeInTheDocument();
    const before = api.requestsTo('GET /api/bid-sessions/current?view=summary').length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(api.requestsTo('GET /api/bid-sessions/current?view=summary').length).toBeGreaterThan(before),
    );

    const actions = screen.getByRole('region', { name: 'Quick Actions' });
    expect(within(actions).getByRole('link', { name: 'Manage Preferences' })).toHaveAttribute('href', '/profile');
    expect(within(actions).getByRole('link', { name: 'View Full History' })).toHaveAttribute('href', '/bid-history');
    expect(within(actions).getByRole('link', { name: 'Seniority Info' })).toHaveAttribute('href', '/seniority');
    expect(api.unhandled).toEqual([]);
  });

  // The whole page with every panel (and the ranked-list editor's code) loaded: slow on a busy machine.
  it('shows a waiting member the session, their place, the queue and the real figures', {
    timeout: 45_000,
  }, async () => {
    const { api } = renderBiddingPage(sessionWithTurn(0));
    expect(await screen.findByLabelText('Session status: Active')).toBeInTheDocument();

    const status = await screen.findByRole('region', { name: 'Live Session Status' });
    expect(status).toHaveTextContent('Next in queueCaleb Murphy');
    const progress = within(status).getByRole('progressbar', { name: 'Session progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '0');
    expect(progress).toHaveAttribute('aria-valuemax', '3');
    expect(progress).toHaveAttribute('aria-valuetext', '0 of 3 bids completed');

    // Who is on the clock and how far away the member's own turn is, said once at the top.
    const header = screen.getByRole('region', { name: 'On the clock' });
    expect(within(header).getByRole('heading', { name: 'Elena Ramirez is on the clock' })).toBeInTheDocument();
    expect(header).toHaveTextContent(/2 turns away, \d+ to (9|10) minutes/);
    expect(header).not.toHaveTextContent('in queue');
    expect(within(header).getByRole('timer')).toHaveTextContent(/^4:[0-3]\d$/);

    // No bid button anywhere before the member's turn; the stations are only shown.
    expect(screen.queryByRole('button', { name: /\bbid\b/i })).not.toBeInTheDocument();
    const stations = screen.getByRole('region', { name: 'Live Session' });
    expect(within(stations).getAllByRole('article')).toHaveLength(3);
    expect(
      await screen.findByRole('heading', { name: 'Your ranked list — used if you miss your turn' }),
    ).toBeInTheDocument();
    // Below the list, what it would likely get them: here, with no list saved, what to do.
    // Loaded on demand, a moment after the page.
    const forecast = await screen.findByRole('region', { name: 'What will I likely get' });
    expect(
      await within(forecast).findByText('Save a ranked list of seats to see which are likely still free at your turn.'),
    ).toBeInTheDocument();

    const sessionCard = screen.getByRole('region', { name: 'Session' });
    expect(sessionCard).toHaveTextContent('PeriodMar 1, 2026 – Mar 31, 2026');
    expect(sessionCard).toHaveTextContent('Participants3');
    expect(sessionCard).toHaveTextContent('Bid time limit5 minutes per turn');

    const sessions = screen.getByRole('region', { name: 'Active Bid Sessions' });
    expect(within(sessions).getByRole('link', { name: 'Winter Bid' })).toHaveAttribute(
      'href',
      `/live-bid/${SESSION_ID}`,
    );
    expect(within(sessions).getByRole('link', { name: 'Autumn Bid' })).toHaveAttribute(
      'href',
      `/live-bid/${scheduledSession.id}`,
    );

    const stats = screen.getByRole('region', { name: 'Bidding Stats' });
    const figures = await within(stats).findByRole('list', { name: 'Your bidding figures' });
    expect(figures).toHaveTextContent('Total Bids3');
    expect(figures).toHaveTextContent('Completed2');
    expect(figures).toHaveTextContent('Sessions Bid In3');
    expect(figures).toHaveTextContent('Success Rate67%');

    expect(screen.getByRole('region', { name: 'Latest picks' })).toHaveTextContent('No seat has been taken yet.');

    const notifications = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(notifications).findByText('Your turn is coming')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Live Draft' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Chat(,|$)/ })).toBeInTheDocument();
    expect(api.unhandled).toEqual([]);
  });

  it('tells a member outside the session that they are not in it, without its history or chat', async () => {
    const outsider = sessionWithTurn(0, { participants: [elena, caleb] });
    const { api } = renderBiddingPage(outsider);
    const header = await screen.findByRole('region', { name: 'On the clock' });
    expect(header).toHaveTextContent('You are watching this session; you are not one of its participants.');
    expect(screen.queryByRole('heading', { name: /Your ranked list/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'What will I likely get' })).not.toBeInTheDocument();
    expect(api.requestsTo(`GET /api/bid-sessions/${SESSION_ID}/forecast`)).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /^Chat(,|$)/ })).not.toBeInTheDocument();
    expect(api.requestsTo(`GET /api/bid-sessions/history?sessionId=${SESSION_ID}`)).toHaveLength(0);
    expect(api.unhandled).toEqual([]);
  });

  it("counts the member's turn down in the one header, and at zero says the time ran out once", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = renderBiddingPage(sessionWithTurn(2, { remainingMs: 33_000 }));
    const header = await screen.findByRole('region', { name: 'On the clock' });
    expect(await within(header).findByRole('heading', { name: "You're on the clock" })).toBeInTheDocument();
    const panel = await screen.findByRole('region', { name: 'Your bid', busy: false });
    const timer = within(header).getByRole('timer');
    expect(timer).toHaveTextContent(/^0:3[23]$/);
    expect(timer).toHaveAttribute('data-tone', 'orange');
    // The colour is said in words too.
    expect(header).toHaveTextContent('Final minute');
    expect(screen.queryByText(/your turn!/i)).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(timer.textContent).toMatch(/^0:(29|28)$/);

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    // A lasting card takes the header's place until the server says what followed.
    expect(await screen.findByRole('region', { name: 'Your time ran out.' })).toBeInTheDocument();
    // The page's one live region, beside the card so that it outlives the card's arrival.
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Your time ran out.');
    expect(panel).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getAllByRole('region', { name: 'Your time ran out.' })).toHaveLength(1);
    expect(api.requestsTo(`POST /api/bid-sessions/${SESSION_ID}/check-time-expiration`)).toHaveLength(1);
  });

  it('says the member missed their turn when the server moves them to the back before the page counts to zero', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // The server's turn clock and the live stream are quicker than the page's once-a-second tick:
    // the next read already shows the member moved to the back while the page still showed 0:01.
    let session = sessionWithTurn(2, { remainingMs: 1500 });
    renderBiddingPage(null, {
      api: {
        'GET /api/bid-sessions/current?view=summary': () => jsonResponse(200, { session, sessions: [session] }),
      },
      readSession: () => session,
    });
    await screen.findByRole('region', { name: 'Your bid', busy: false });
    const movedToBack = { ...isabel, movedToBack: true, isCurrentTurn: false };
    session = {
      ...sessionWithTurn(0, { remainingMs: 60_000 }),
      participants: [{ ...elena, isCurrentTurn: true }, caleb, movedToBack],
    };
    await act(() => vi.advanceTimersByTimeAsync(300));
    await act(async () => {
      await screen.getByRole('button', { name: 'Refresh' }).click();
    });
    const card = await screen.findByRole('region', { name: 'You missed your turn.' });
    expect(card).toHaveTextContent("You're at the back now; you get one more");
    expect(screen.queryByRole('region', { name: 'Your bid' })).not.toBeInTheDocument();
  });

  it('does not say the time expired when the member bid in the last second', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let session = sessionWithTurn(2, { remainingMs: 1500 });
    renderBiddingPage(null, {
      api: {
        'GET /api/bid-sessions/current?view=summary': () => jsonResponse(200, { session, sessions: [session] }),
      },
      readSession: () => session,
    });
    await screen.findByRole('region', { name: 'Your bid', busy: false });
    session = {
      ...sessionWithTurn(0, { remainingMs: 60_000 }),
      participants: [{ ...elena, isCurrentTurn: true }, caleb, { ...isabel, hasBid: true, outcome: 'bid' }],
    };
    await act(async () => {
      await screen.getByRole('button', { name: 'Refresh' }).click();
    });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Your bid' })).not.toBeInTheDocument());
    expect(screen.queryByText('Your time ran out.')).not.toBeInTheDocument();
  });

  it("counts on the server's clock when the browser's clock is 2 minutes fast", async () => {
    const browserAheadMs = 2 * 60_000;
    const serverNow = () => new Date(Date.now() - browserAheadMs);
    // 4 minutes left by the server's clock; by the browser's own clock only 2 would seem to be.
    const session = sessionWithTurn(2, { remainingMs: 4 * 60_000, serverNowMs: serverNow().getTime() });
    renderBiddingPage(session, { serverDate: serverNow });
    const header = await screen.findByRole('region', { name: 'On the clock' });
    const timer = await within(header).findByRole('timer');
    // A busy test machine may take a few seconds to get here; 2:xx would be the browser's own clock.
    expect(timer.textContent).toMatch(/^(4:0[01]|3:5\d)$/);
    expect(timer).toHaveAttribute('data-tone', 'green');
  });

  it('bids with the one Bid button, on a seat of the ranked list, after a confirmation naming it', async () => {
    let session = sessionWithTurn(2);
    const { api, user } = renderBiddingPage(session, {
      api: {
        'GET /api/bid-sessions/current?view=summary': () => jsonResponse(200, { session, sessions: [session] }),
        'POST /api/bid-sessions/submit-bid': () => {
          session = sessionWithTurn(0, { completedBids: 3 });
          return jsonResponse(200, {
            success: true,
            message: 'Bid submitted successfully! Station: Harbor, Shift: C, Position: Engineer',
            station: { id: harbor.id, _id: harbor.id, name: 'Harbor', number: 3 },
            shift: 'C',
            position: 'Engineer',
            assignedStation: 'Harbor',
            assignedShift: 'C',
            assignedPosition: 'Engineer',
            session,
          });
        },
      },
      readSession: () => session,
    });
    const panel = await screen.findByRole('region', { name: 'Your bid', busy: false });
    // One bid button on the page: no quick-pick, no card button, no banner button.
    expect(screen.getAllByRole('button', { name: /\bbid\b/i }).map((button) => button.textContent)).toEqual(['Bid']);
    await user.click(await within(panel).findByRole('radio', { name: '1. Station 3, C shift, Engineer' }));
    await user.click(within(panel).getByRole('button', { name: 'Bid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bid for Station 3, C shift, Engineer?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm bid' }));

    await waitFor(() => expect(api.requestsTo('POST /api/bid-sessions/submit-bid')).toHaveLength(1));
    expect(api.requestsTo('POST /api/bid-sessions/submit-bid')[0]?.body).toEqual({
      sessionId: SESSION_ID,
      bidData: { station: harbor.id, shift: 'C', position: 'Engineer' },
    });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Your bid' })).not.toBeInTheDocument());
  });

  it("shows the server's refusal in the confirmation and keeps the member's turn", async () => {
    const { api, user } = renderBiddingPage(sessionWithTurn(2), {
      api: {
        'POST /api/bid-sessions/submit-bid': () =>
          jsonResponse(409, { error: BID_MESSAGES.seatUnavailable, code: 'SEAT_UNAVAILABLE' }),
      },
    });
    const panel = await screen.findByRole('region', { name: 'Your bid', busy: false });
    await user.click(within(panel).getByRole('radio', { name: /Another free seat/ }));
    await user.selectOptions(within(panel).getByLabelText('Station'), harbor.id);
    await user.selectOptions(within(panel).getByLabelText('Shift'), 'C');
    await user.selectOptions(within(panel).getByLabelText('Position'), 'Engineer');
    await user.click(within(panel).getByRole('button', { name: 'Bid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bid for Station 3, C shift, Engineer?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm bid' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(BID_MESSAGES.seatUnavailable);
    expect(api.requestsTo('POST /api/bid-sessions/submit-bid')).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Your bid' })).toBeInTheDocument();
  });

  it('skips the turn after a confirmation, and the bid panel hides', async () => {
    let session = sessionWithTurn(2);
    const { api, user } = renderBiddingPage(session, {
      api: {
        'POST /api/bid-sessions/skip-turn': () => {
          session = sessionWithTurn(0);
          return jsonResponse(200, { success: true, message: BID_MESSAGES.turnSkipped });
        },
      },
      readSession: () => session,
    });
    const panel = await screen.findByRole('region', { name: 'Your bid', busy: false });
    await user.click(within(panel).getByRole('button', { name: 'Skip turn' }));
    const dialog = await screen.findByRole('dialog', { name: 'Skip your turn?' });
    await user.click(within(dialog).getByRole('button', { name: 'Skip Turn' }));
    await waitFor(() => expect(api.requestsTo('POST /api/bid-sessions/skip-turn')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Your bid' })).not.toBeInTheDocument());
  });

  it('shows a paused session with the time frozen', async () => {
    renderBiddingPage(sessionWithTurn(0, { status: 'paused', pausedRemainingSeconds: 95 }));
    expect(await screen.findByLabelText('Session status: Paused')).toBeInTheDocument();
    const header = await screen.findByRole('region', { name: 'On the clock' });
    expect(within(header).getByText('Session paused')).toBeInTheDocument();
    expect(within(header).getByRole('timer')).toHaveAccessibleName('1 minute 35 seconds left, paused');
    expect(header).toHaveTextContent('Paused');
  });

  it('opens the results of the latest completed session the member bid in', async () => {
    const { user } = renderBiddingPage(sessionWithTurn(0), {
      api: {
        [`GET /api/bid-sessions/${testId('5e55', 2)}/results`]: () =>
          jsonResponse(404, { error: BID_MESSAGES.sessionNotFound, code: 'NOT_FOUND' }),
      },
    });
    const stats = await screen.findByRole('region', { name: 'Bidding Stats' });
    await user.click(await within(stats).findByRole('button', { name: 'View Results of Summer Bid' }));
    expect(await screen.findByRole('dialog', { name: 'Results of Summer Bid' })).toBeInTheDocument();
  });

  it('centres /bid/:sessionId on the session in the address, even when another one is current', async () => {
    const named = sessionWithTurn(0);
    renderBiddingPage(null, {
      path: `/bid/${SESSION_ID}`,
      readSession: () => named,
    });
    expect(await screen.findByLabelText('Session status: Active')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Bidding' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No Active Bid Session' })).not.toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'On the clock' })).toHaveTextContent(/2 turns away/);
  });

  it('says Session Not Found on /bid/:sessionId for a session that does not exist', async () => {
    const { user, router } = renderBiddingPage(null, {
      path: `/bid/${SESSION_ID}`,
    });
    expect(await screen.findByRole('heading', { name: 'Session Not Found' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Bidding' }));
    expect(router.state.location.pathname).toBe('/bidding');
  });
});
