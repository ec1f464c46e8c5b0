import { BID_MESSAGES, type BidSessionDetail, DEFAULT_BID_PREFERENCES } from '@stationbid/domain';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetLiveEvents } from '../../lib/live-events.ts';
import { buildHistoryEntry, buildOfferedStation, buildParticipant, testId } from '../../test/build-bid-session.ts';
import { buildLiveSession } from '../../test/build-live-session.ts';
import { buildUser } from '../../test/fixtures.ts';
import { jsonResponse, type MockHandler } from '../../test/mock-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { sessionBoardApi, toSessionBoard } from '../../test/session-board-api.ts';

// On a busy machine the first render (and a panel's code loaded on demand) takes more than a second.
configure({ asyncUtilTimeout: 5000 });

const SESSION_ID = testId('5e55', 9);
const me = buildUser({ id: testId('3e3', 3), _id: testId('3e3', 3), firstName: 'Isabel', lastName: 'Duarte' });

const elena = buildParticipant({
  firstName: 'Elena',
  lastName: 'Ramirez',
  position: 0,
  user: { rank: 'Captain' },
  isConnected: true,
});
const caleb = buildParticipant({ firstName: 'Caleb', lastName: 'Murphy', position: 1, user: { rank: 'Engineer' } });
const isabel = buildParticipant({
  firstName: 'Isabel',
  lastName: 'Duarte',
  position: 2,
  user: { id: me.id, rank: 'Engineer' },
  isConnected: true,
});
const downtown = buildOfferedStation(1, 'Downtown', {
  A: { Captain: [1, 1], Engineer: [1, 2] },
  B: { Engineer: [0, 2], Firefighter: [3, 4] },
});
const harbor = buildOfferedStation(3, 'Harbor', { C: { Engineer: [2, 3] } });
const northside = buildOfferedStation(2, 'Northside', { A: { Captain: [1, 1] } });

/** Isabel's ranked list: Harbor's C-shift Engineer seat first, then a Captain's seat she may not take. */
const PREFERENCES = {
  ...DEFAULT_BID_PREFERENCES,
  autoBid: true,
  seatChoices: [
    { stationId: harbor.id, shift: 'C' as const, seatPosition: 'Engineer' as const },
    { stationId: northside.id, shift: 'A' as const, seatPosition: 'Captain' as const },
  ],
};

function sessionWithTurn(holder: 0 | 2, overrides: Partial<BidSessionDetail> = {}): BidSessionDetail {
  const deadline = new Date(Date.now() + 4 * 60_000 + 30_000).toISOString();
  const participants = [elena, caleb, isabel].map((participant) =>
    participant.position === holder
      ? { ...participant, isCurrentTurn: true, timeWindow: { start: null, end: deadline } }
      : participant,
  );
  return buildLiveSession({
    id: SESSION_ID,
    name: 'Winter Bid',
    currentParticipant: holder + 1,
    currentBidEnd: deadline,
    currentTurn: participants[holder] ?? null,
    participants,
    availableStations: [downtown, harbor, northside],
    ...overrides,
  });
}

/** `session` may be a function, read at every request, for a test whose session changes. */
function renderLivePage(
  session: BidSessionDetail | null | (() => BidSessionDetail),
  api: Record<string, MockHandler> = {},
) {
  const readSession = typeof session === 'function' ? session : () => session;
  const initial = readSession();
  const sessionApi =
    initial === null
      ? {
          [`GET /api/bid-sessions/${SESSION_ID}/board`]: () =>
            jsonResponse(404, { error: BID_MESSAGES.sessionNotFound, code: 'NOT_FOUND' }),
          [`GET /api/bid-sessions/${SESSION_ID}/my-participation`]: () =>
            jsonResponse(404, { error: BID_MESSAGES.sessionNotFound, code: 'NOT_FOUND' }),
        }
      : sessionBoardApi(readSession as () => BidSessionDetail, { memberId: me.id });
  return renderApp({
    path: `/live-bid/${SESSION_ID}`,
    signedInAs: me,
    api: {
      ...sessionApi,
      [`GET /api/bid-sessions/history?sessionId=${SESSION_ID}`]: () =>
        jsonResponse(200, {
          history: [
            buildHistoryEntry({ action: 'session_started', id: 'h1', timestamp: '2026-03-01T09:00:00.000Z' }),
            buildHistoryEntry({
              action: 'turn_skipped',
              id: 'h2',
              userName: 'Ava Schmidt',
              actorName: 'Ava Schmidt',
              timestamp: '2026-03-01T09:02:00.000Z',
            }),
          ],
        }),
      [`POST /api/bid-sessions/${SESSION_ID}/join?view=summary`]: () =>
        jsonResponse(200, { session: initial, message: 'Successfully joined Winter Bid' }),
      [`GET /api/chat/session/${SESSION_ID}/unread-count`]: () => jsonResponse(200, { unreadCount: 0 }),
      [`POST /api/bid-sessions/${SESSION_ID}/check-time-expiration`]: () => jsonResponse(200, { timeExpired: true }),
      // The member's ranked list: the bid panel offers it on their turn, the editor shows it before.
      'GET /api/users/preferences': () => jsonResponse(200, { preferences: PREFERENCES }),
      'GET /api/stations': () => jsonResponse(200, { stations: [] }),
      ...api,
    },
  });
}

/** Stands in for the browser's EventSource (jsdom has none): the test opens it and sends events by hand. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }

  send(event: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(event) }));
  }

  close() {}
}

/** Renders the page with a live stream, opened, to send events through. */
async function renderWithLiveStream(session: BidSessionDetail) {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  const rendered = renderLivePage(session, {
    'POST /api/live/ticket': () => jsonResponse(200, { ticket: 'ticket-1', expiresInSeconds: 30 }),
  });
  await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
  const stream = FakeEventSource.instances[0] as FakeEventSource;
  act(() => stream.onopen?.());
  const send = (event: Record<string, unknown>) =>
    act(() => stream.send({ type: 'session.changed', sessionId: SESSION_ID, at: new Date().toISOString(), ...event }));
  return { ...rendered, send, stream };
}

/**
 * The list the bell opens. Mantine hides a dropdown it cannot place next to its target, and jsdom has
 * no layout, so the list counts as hidden (without a name) here: it is found through the bell.
 */
async function findLiveUpdatesList(bell: HTMLElement): Promise<HTMLElement> {
  const dropdown = await waitFor(() => {
    const element = document.getElementById(bell.getAttribute('aria-controls') ?? '');
    expect(element).toHaveAttribute('role', 'dialog');
    return element as HTMLElement;
  });
  expect(dropdown).toHaveAttribute('aria-label', 'Live Updates');
  return dropdown;
}

describe('Live bidding page', { timeout: 20_000 }, () => {
  afterEach(() => resetLiveEvents());

  it('shows Session Not Found with a way back for an unknown session', async () => {
    const { user, router } = renderLivePage(null);
    expect(await screen.findByRole('heading', { name: 'Session Not Found' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Bidding' }));
    expect(router.state.location.pathname).toBe('/bidding');
  });

  // The whole page with every panel (and the ranked-list editor's code) loaded: slow on a busy machine.
  it('shows the waiting member their place, who bids now, and the whole session', { timeout: 45_000 }, async () => {
    const { api } = renderLivePage(sessionWithTurn(0));
    expect(await screen.findByRole('heading', { name: 'Winter Bid', level: 1 })).toBeInTheDocument();
    expect(screen.getByLabelText('Status: Active')).toBeInTheDocument();
    // One header says who is on the clock and how far away the member's own turn is: at most the
    // holder's 4:30 and one whole bid window of 5 minutes.
    const header = screen.getByRole('region', { name: 'On the clock' });
    expect(within(header).getByRole('heading', { name: 'Elena Ramirez is on the clock' })).toBeInTheDocument();
    expect(header).toHaveTextContent(/2 turns away, \d+ to (9|10) minutes/);
    expect(header).not.toHaveTextContent('in queue');
    expect(within(header).getByRole('timer')).toHaveTextContent(/^4:[0-3]\d$/);
    expect(header).toHaveTextContent('On time');
    // The time the turn ends, in words beside the countdown, in the department's zone.
    expect(header).toHaveTextContent(/ends \d{1,2}:\d\d [AP]M \S+/);
    expect(screen.queryByRole('button', { name: 'Bid' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your bid' })).not.toBeInTheDocument();
    // Before the turn: the ranked list, which auto-bid uses if the turn runs out.
    expect(
      await screen.findByRole('heading', { name: 'Your ranked list — used if you miss your turn' }),
    ).toBeInTheDocument();
    // Below the list, what it would likely get them (the server's sentence).
    // Loaded on demand, a moment after the page.
    const forecast = await screen.findByRole('region', { name: 'What will I likely get' });
    expect(
      await within(forecast).findByText('Save a ranked list of seats to see which are likely still free at your turn.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Latest picks', busy: false })).toHaveTextContent(
      'No seat has been taken yet.',
    );

    // The list, the stations and the bell are loaded on demand: each shows busy until its code is in.
    const participants = await screen.findByRole('region', { name: 'Participants (3)', busy: false });
    const rows = await within(participants).findAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('#1 Elena Ramirez'),
      expect.stringContaining('#2 Caleb Murphy'),
      expect.stringContaining('#3 Isabel Duarte'),
    ]);
    expect(within(rows[0] as HTMLElement).getByText('Bidding now')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Waiting')).toBeInTheDocument();

    const connected = screen.getByRole('region', { name: 'Connected Users (2)' });
    expect(within(connected).getByText('Elena Ramirez')).toBeInTheDocument();
    const info = screen.getByRole('region', { name: 'Session Info' });
    expect(within(info).getByText('0 of 3 completed')).toBeInTheDocument();
    const stations = await screen.findByRole('region', { name: 'Live Session', busy: false });
    expect(
      within(stations)
        .getAllByRole('article')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual(['Station 1 · Downtown', 'Station 2 · Northside', 'Station 3 · Harbor']);
    const downtownCard = within(stations).getByRole('article', { name: 'Station 1 · Downtown' });
    expect(
      within(within(downtownCard).getByRole('list', { name: 'Free seats by shift' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Shift A2 freeof 3 seats', 'Shift B3 freeof 6 seats', 'Shift C0 freeof 0 seats']);
    expect(downtownCard).toHaveTextContent('5 of 9 seats free');
    const history = screen.getByRole('region', { name: 'Session History' });
    const entries = await within(history).findAllByRole('listitem');
    expect(entries[0]).toHaveTextContent('Ava Schmidt skipped their turn');
    expect(entries[1]).toHaveTextContent('Morgan Hale started the session');

    await waitFor(() =>
      expect(api.requestsTo(`POST /api/bid-sessions/${SESSION_ID}/join?view=summary`)).toHaveLength(1),
    );
  });

  it("shows the member's turn once, with a countdown that ticks, and at zero says the time ran out once", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const session = sessionWithTurn(2, { currentBidEnd: new Date(Date.now() + 33_000).toISOString() });
    const { api } = renderLivePage(session);
    const header = await screen.findByRole('region', { name: 'On the clock' });
    expect(await within(header).findByRole('heading', { name: "You're on the clock" })).toBeInTheDocument();
    // "Your turn" is said once: no other banner, badge or card repeats it.
    expect(screen.queryByText(/your turn!|place your bid/i)).not.toBeInTheDocument();
    const timer = within(header).getByRole('timer');
    expect(timer).toHaveTextContent(/^0:3[23]$/);
    expect(header).toHaveTextContent('Final minute');
    // The page's one live region (unnamed; the loaders are named), beside the header so it outlives the card's arrival.
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Your turn has started: choose a seat and bid.');
    // Focus lands on the bid area, where the member acts.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your bid' })).toHaveFocus());

    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(timer.textContent).toMatch(/^0:(29|28)$/);
    expect(timer).toHaveAccessibleName(/seconds left$/);

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    // A lasting card in the header's place, not a red alert: what follows comes from the server.
    const card = await screen.findByRole('region', { name: 'Your time ran out.' });
    expect(card).toHaveTextContent('Checking what happens next');
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Your time ran out.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your bid' })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getAllByRole('region', { name: 'Your time ran out.' })).toHaveLength(1);
    expect(api.requestsTo(`POST /api/bid-sessions/${SESSION_ID}/check-time-expiration`)).toHaveLength(1);
  });

  it('offers the free seats of the ranked list and any other seat the member may take, and bids with one button', async () => {
    let session = sessionWithTurn(2);
    const { api, user } = renderLivePage(() => session, {
      'POST /api/bid-sessions/submit-bid': () => {
        // The turn moves on, as the server would tell the next read.
        session = sessionWithTurn(0);
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
    });
    const panel = await screen.findByRole('region', { name: 'Your bid', busy: false });
    // Only one way to bid on the page.
    expect(screen.getAllByRole('button', { name: /\bbid\b/i }).map((button) => button.textContent)).toEqual(['Bid']);
    const bid = within(panel).getByRole('button', { name: 'Bid' });
    expect(bid).toBeDisabled();

    // The ranked list shows only its free seats the member may take (the Captain's seat is not hers).
    const ranked = await within(panel).findByRole('list', { name: 'Your ranked list' });
    expect(
      within(ranked)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toHaveLength(1);
    within(ranked).getByRole('radio', { name: '1. Station 3, C shift, Engineer' });

    // Any other free seat: only those an Engineer may take.
    await user.click(within(panel).getByRole('radio', { name: /Another free seat/ }));
    const stationSelect = within(panel).getByLabelText('Station');
    expect(
      within(stationSelect)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a station', 'Station 1 · Downtown (1 free seat)', 'Station 3 · Harbor (2 free seats)']);
    await user.selectOptions(stationSelect, downtown.id);
    expect(
      within(within(panel).getByLabelText('Shift'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a shift', 'Shift A (1 free seat)']);
    expect(bid).toBeDisabled();

    await user.click(within(ranked).getByRole('radio', { name: '1. Station 3, C shift, Engineer' }));
    await user.click(bid);
    const dialog = await screen.findByRole('dialog', { name: 'Bid for Station 3, C shift, Engineer?' });
    expect(api.requestsTo('POST /api/bid-sessions/submit-bid')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm bid' }));

    await waitFor(() => expect(api.requestsTo('POST /api/bid-sessions/submit-bid')).toHaveLength(1));
    expect(api.requestsTo('POST /api/bid-sessions/submit-bid')[0]?.body).toEqual({
      sessionId: SESSION_ID,
      bidData: { station: harbor.id, shift: 'C', position: 'Engineer' },
    });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Your bid' })).not.toBeInTheDocument());
  });

  it('takes a seat someone else won off the ranked list at once, and shows the pick in the feed', async () => {
    const { api, send } = await renderWithLiveStream(sessionWithTurn(2));
    const panel = await screen.findByRole('region', { name: 'Your bid', busy: false });
    // The page reads the board again once the stream opens; the event must come after that read,
    // or the read (of this test's unchanging server) would undo it.
    await waitFor(() =>
      expect(api.requestsTo(`GET /api/bid-sessions/${SESSION_ID}/board`).length).toBeGreaterThanOrEqual(2),
    );
    const ranked = await within(panel).findByRole('list', { name: 'Your ranked list' });
    within(ranked).getByRole('radio', { name: '1. Station 3, C shift, Engineer' });

    // An administrator phones in Harbor's last two C-shift Engineer seats' worth for Caleb: the
    // event carries the new counts and the pick, and the page patches its board.
    send({
      action: 'bid_submitted',
      participantId: caleb.id,
      version: 2,
      board: {
        ...toSessionBoard(sessionWithTurn(2)),
        counts: { ...toSessionBoard(sessionWithTurn(2)).counts, done: 1 },
      },
      seatCounts: [{ stationId: harbor.id, shift: 'C', position: 'Engineer', free: 0 }],
      pick: {
        participantId: caleb.id,
        memberId: caleb.user.id,
        name: 'Caleb Murphy',
        rank: 'Engineer',
        bidPriority: 2,
        station: { id: harbor.id, name: 'Harbor', number: 3 },
        shift: 'C',
        position: 'Engineer',
        kind: 'proxy',
        placedBy: 'Morgan Hale',
        at: new Date().toISOString(),
      },
    });
    await waitFor(() => expect(panel).toHaveTextContent('Every seat of your ranked list is taken or not open to you.'));
    expect(within(panel).queryByRole('list', { name: 'Your ranked list' })).not.toBeInTheDocument();
    const feed = await screen.findByRole('region', { name: 'Latest picks', busy: false });
    expect(within(feed).getAllByRole('listitem')[0]).toHaveTextContent(
      'Engineer Murphy took Station 3, C shift, Engineer (phoned in)',
    );
  });

  it('keeps Bid disabled until a whole seat is chosen', async () => {
    const { api, user } = renderLivePage(sessionWithTurn(2));
    const panel = await screen.findByRole('region', { name: 'Your bid', busy: false });
    await user.click(within(panel).getByRole('radio', { name: /Another free seat/ }));
    await user.selectOptions(within(panel).getByLabelText('Station'), harbor.id);
    expect(within(panel).getByRole('button', { name: 'Bid' })).toBeDisabled();
    expect(panel).toHaveTextContent('Choose a seat, then press Bid.');
    expect(api.requestsTo('POST /api/bid-sessions/submit-bid')).toHaveLength(0);
  });

  it("shows the server's refusal in the confirmation and reads the free seats again", async () => {
    const { api, user } = renderLivePage(sessionWithTurn(2), {
      'POST /api/bid-sessions/submit-bid': () =>
        jsonResponse(409, { error: BID_MESSAGES.seatUnavailable, code: 'SEAT_UNAVAILABLE' }),
    });
    const panel = await screen.findByRole('region', { name: 'Your bid', busy: false });
    await user.click(await within(panel).findByRole('radio', { name: '1. Station 3, C shift, Engineer' }));
    await user.click(within(panel).getByRole('button', { name: 'Bid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bid for Station 3, C shift, Engineer?' });
    const boardReads = () => api.requestsTo(`GET /api/bid-sessions/${SESSION_ID}/board`).length;
    const readsBefore = boardReads();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm bid' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(BID_MESSAGES.seatUnavailable);
    await waitFor(() => expect(boardReads()).toBeGreaterThan(readsBefore));
    expect(api.requestsTo('POST /api/bid-sessions/submit-bid')).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Your bid' })).toBeInTheDocument();
  });

  it('skips the turn after a confirmation', async () => {
    let session = sessionWithTurn(2);
    const { api, user } = renderLivePage(() => session, {
      'POST /api/bid-sessions/skip-turn': () => {
        session = sessionWithTurn(0);
        return jsonResponse(200, { success: true, message: BID_MESSAGES.turnSkipped });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Skip turn' }));
    const dialog = await screen.findByRole('dialog', { name: 'Skip your turn?' });
    expect(api.requestsTo('POST /api/bid-sessions/skip-turn')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Skip Turn' }));

    await waitFor(() => expect(api.requestsTo('POST /api/bid-sessions/skip-turn')).toHaveLength(1));
    expect(api.requestsTo('POST /api/bid-sessions/skip-turn')[0]?.body).toEqual({ sessionId: SESSION_ID });
    expect(await screen.findByText('Turn skipped successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Your bid' })).not.toBeInTheDocument());
  });

  it('counts session events in the Live updates bell and lists them, newest first, when opened', async () => {
    const { user, send, stream } = await renderWithLiveStream(sessionWithTurn(0));
    const bell = await screen.findByRole('button', { name: 'Live updates', busy: false });
    send({ action: 'turn_skipped', participantId: elena.id });
    send({
      action: 'bid_submitted',
      participantId: caleb.id,
      seat: {
        seatId: 'seat-1',
        stationId: harbor.id,
        stationNumber: 3,
        stationName: 'Harbor',
        shift: 'C',
        seatPosition: 'Engineer',
      },
    });
    // A chat message is the chat's news, not the bell's.
    act(() =>
      stream.send({
        type: 'chat.message',
        sessionId: SESSION_ID,
        at: new Date().toISOString(),
        message: {
          _id: 'm1',
          id: 'm1',
          message: 'Hello',
          user: { _id: me.id, id: me.id, firstName: 'Isabel', lastName: 'Duarte' },
          timestamp: new Date().toISOString(),
        },
      }),
    );
    expect(bell).toHaveAccessibleName('Live updates, 2 new');

    await user.click(bell);
    const dropdown = await findLiveUpdatesList(bell);
    const events = within(dropdown).getAllByRole('listitem', { hidden: true });
    expect(events.map((event) => event.textContent)).toEqual([
      'Bid submitted: Caleb MurphyStation 3 (Harbor) · Shift C · EngineerJust now',
      'Turn skipped: Elena RamirezJust now',
    ]);
    expect(bell).toHaveAccessibleName('Live updates');

    // What arrives while the list is open is seen at once.
    send({ action: 'session_paused' });
    expect(within(dropdown).getAllByRole('listitem', { hidden: true })[0]).toHaveTextContent('Session paused');
    // The bell closes it again (Escape does too in a browser, from inside the list, where focus moves).
    await user.click(bell);
    await waitFor(() => expect(bell).toHaveAttribute('aria-expanded', 'false'));
    expect(bell).toHaveAccessibleName('Live updates');
  });

  // 22 events through the whole page: on the shared, busy test machine this takes more than 20 s.
  it('keeps the latest 20 events', { timeout: 45_000 }, async () => {
    const { user, send } = await renderWithLiveStream(sessionWithTurn(0));
    const bell = await screen.findByRole('button', { name: 'Live updates', busy: false });
    for (let turn = 1; turn <= 22; turn += 1) send({ action: 'moved_to_back', participantId: elena.id });
    expect(bell).toHaveAccessibleName('Live updates, 22 new');
    await user.click(bell);
    const dropdown = await findLiveUpdatesList(bell);
    expect(within(dropdown).getAllByRole('listitem', { hidden: true })).toHaveLength(20);
  });

  it('shows no Live updates bell while the session is paused', async () => {
    renderLivePage(sessionWithTurn(0, { status: 'paused' }));
    expect(await screen.findByLabelText('Status: Paused')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Live updates/ })).not.toBeInTheDocument();
  });
});
