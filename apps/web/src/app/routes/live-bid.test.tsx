import { BID_MESSAGES, type BidSessionDetail } from '@stationbid/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetLiveEvents } from '../../lib/live-events.ts';
import { buildHistoryEntry, buildOfferedStation, buildParticipant, testId } from '../../test/build-bid-session.ts';
import { buildLiveSession } from '../../test/build-live-session.ts';
import { buildUser } from '../../test/fixtures.ts';
import { jsonResponse, type MockHandler } from '../../test/mock-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { sessionBoardApi } from '../../test/session-board-api.ts';

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

  it('shows the waiting member their place, who bids now, and the whole session', async () => {
    const { api } = renderLivePage(sessionWithTurn(0));
    expect(await screen.findByRole('heading', { name: 'Winter Bid', level: 1 })).toBeInTheDocument();
    expect(screen.getByLabelText('Status: Active')).toBeInTheDocument();
    const position = screen.getByRole('region', { name: 'Your Position' });
    expect(await within(position).findByText('#3 in queue')).toBeInTheDocument();
    expect(within(position).getByText('2 people ahead of you')).toBeInTheDocument();
    expect(within(position).getByText('Elena Ramirez')).toBeInTheDocument();
    expect(within(position).getByRole('timer')).toHaveTextContent(/^4:(30|2\d)$/);
    expect(screen.queryByRole('button', { name: 'Place Your Bid' })).not.toBeInTheDocument();

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

  it("shows the member's turn with a countdown that ticks, and hides it at zero with the notice once", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const session = sessionWithTurn(2, { currentBidEnd: new Date(Date.now() + 33_000).toISOString() });
    const { api } = renderLivePage(session);
    const banner = await screen.findByRole('region', { name: "It's your turn!" });
    const timer = within(banner).getByRole('timer');
    expect(timer).toHaveTextContent(/^0:3[23]$/);
    expect(within(banner).queryByText(/30 seconds or less/)).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(timer.textContent).toMatch(/^0:(29|28)$/);
    expect(timer).toHaveAccessibleName(/seconds left$/);
    expect(within(banner).getByText(/30 seconds or less/)).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(await screen.findByText('Time expired! Your turn has passed.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: "It's your turn!" })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getAllByText('Time expired! Your turn has passed.')).toHaveLength(1);
    expect(api.requestsTo(`POST /api/bid-sessions/${SESSION_ID}/check-time-expiration`)).toHaveLength(1);
  });

  it('offers only free seats the member may take, and sends the chosen seat', async () => {
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
          session,
        });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Place Your Bid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Place Your Bid' });
    const submit = within(dialog).getByRole('button', { name: 'Submit Bid' });
    expect(submit).toBeDisabled();

    const stationSelect = within(dialog).getByLabelText('Station');
    // Northside has only a Captain seat; an Engineer may not take it.
    expect(
      within(stationSelect)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a station', 'Station 1 · Downtown (1 free seat)', 'Station 3 · Harbor (2 free seats)']);
    await user.selectOptions(stationSelect, downtown.id);
    expect(
      within(within(dialog).getByLabelText('Shift'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a shift', 'Shift A (1 free seat)']);
    await user.selectOptions(stationSelect, harbor.id);
    await user.selectOptions(within(dialog).getByLabelText('Shift'), 'C');
    expect(submit).toBeDisabled();
    const positionSelect = within(dialog).getByLabelText('Position');
    expect(
      within(positionSelect)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a position', 'Engineer (2 of 3 free)']);
    await user.selectOptions(positionSelect, 'Engineer');
    await user.click(submit);

    await waitFor(() => expect(api.requestsTo('POST /api/bid-sessions/submit-bid')).toHaveLength(1));
    expect(api.requestsTo('POST /api/bid-sessions/submit-bid')[0]?.body).toEqual({
      sessionId: SESSION_ID,
      bidData: { station: harbor.id, shift: 'C', position: 'Engineer' },
    });
    expect(
      await screen.findByText('Bid submitted successfully! Station: Harbor, Shift: C, Position: Engineer'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Place Your Bid' })).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: "It's your turn!" })).not.toBeInTheDocument();
  });

  it('refuses an incomplete bid with "Please fill in all fields" and sends nothing', async () => {
    const { api, user } = renderLivePage(sessionWithTurn(2));
    await user.click(await screen.findByRole('button', { name: 'Place Your Bid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Place Your Bid' });
    await user.selectOptions(within(dialog).getByLabelText('Station'), harbor.id);
    // The button is disabled; submitting the form anyway (Enter in a field) is what is left to force it.
    fireEvent.submit(within(dialog).getByRole('form', { name: 'Place Your Bid' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please fill in all fields');
    expect(api.requestsTo('POST /api/bid-sessions/submit-bid')).toHaveLength(0);
  });

  it("shows the server's refusal in the modal and reads the free seats again", async () => {
    const { api, user } = renderLivePage(sessionWithTurn(2), {
      'POST /api/bid-sessions/submit-bid': () =>
        jsonResponse(409, { error: BID_MESSAGES.seatUnavailable, code: 'SEAT_UNAVAILABLE' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Place Your Bid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Place Your Bid' });
    await user.selectOptions(within(dialog).getByLabelText('Station'), harbor.id);
    await user.selectOptions(within(dialog).getByLabelText('Shift'), 'C');
    await user.selectOptions(within(dialog).getByLabelText('Position'), 'Engineer');
    const boardReads = () => api.requestsTo(`GET /api/bid-sessions/${SESSION_ID}/board`).length;
    const readsBefore = boardReads();
    await user.click(within(dialog).getByRole('button', { name: 'Submit Bid' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(BID_MESSAGES.seatUnavailable);
    await waitFor(() => expect(boardReads()).toBeGreaterThan(readsBefore));
    expect(api.requestsTo('POST /api/bid-sessions/submit-bid')).toHaveLength(1);
    expect(screen.getByRole('region', { name: "It's your turn!" })).toBeInTheDocument();
  });

  it('skips the turn after a confirmation', async () => {
    let session = sessionWithTurn(2);
    const { api, user } = renderLivePage(() => session, {
      'POST /api/bid-sessions/skip-turn': () => {
        session = sessionWithTurn(0);
        return jsonResponse(200, { success: true, message: BID_MESSAGES.turnSkipped });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Skip Turn' }));
    const dialog = await screen.findByRole('dialog', { name: 'Skip your turn?' });
    expect(api.requestsTo('POST /api/bid-sessions/skip-turn')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Skip Turn' }));

    await waitFor(() => expect(api.requestsTo('POST /api/bid-sessions/skip-turn')).toHaveLength(1));
    expect(api.requestsTo('POST /api/bid-sessions/skip-turn')[0]?.body).toEqual({ sessionId: SESSION_ID });
    expect(await screen.findByText('Turn skipped successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: "It's your turn!" })).not.toBeInTheDocument());
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

  it('keeps the latest 20 events', async () => {
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
