import type { BoardParticipant, Participant, SessionBoard } from '@stationbid/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildBidSessionDetail, buildParticipant } from '../test/build-bid-session.ts';
import { FakeEventSource } from '../test/fake-event-source.ts';
import { ACCESS_TOKEN, REFRESH_TOKEN } from '../test/fixtures.ts';
import { jsonResponse, mockApi } from '../test/mock-api.ts';
import { toSessionBoard } from '../test/session-board-api.ts';
import {
  isLiveConnected,
  MEMBER_STREAM_DELAY_MS,
  resetLiveEvents,
  subscribeToMemberEvents,
  subscribeToSession,
  useIsLiveConnected,
  useLiveSession,
} from './live-events.ts';
import { BOARD_READ_JITTER_MS } from './session-follow.ts';
import { sessionQueryKeys, useMyParticipationQuery, useSessionBoardQuery } from './session-queries.ts';
import { storeTokens } from './token-storage.ts';

const SESSION_A = '11111111-1111-4111-8111-111111111111';
const SESSION_B = '22222222-2222-4222-8222-222222222222';

const latestStream = () => FakeEventSource.latest();

const changed = (sessionId: string, action = 'bid_submitted') => ({
  type: 'session.changed',
  sessionId,
  action,
  at: '2026-03-01T12:00:00.000Z',
});

let ticketCount = 0;
let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  storeTokens({ token: ACCESS_TOKEN, refreshToken: REFRESH_TOKEN });
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  api = mockApi({
    'POST /api/live/ticket': () => {
      ticketCount += 1;
      return jsonResponse(200, { ticket: `ticket-${ticketCount}`, expiresInSeconds: 30 });
    },
  });
});

afterEach(() => {
  // Unmount first: an unmounting hook unsubscribes, which would leave a fake timer pending for the next test.
  cleanup();
  resetLiveEvents();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Lets the gathering delay pass and the ticket request answer. */
async function settle(milliseconds = 50) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(milliseconds);
  });
}

describe('subscribeToSession', () => {
  it('opens one stream with a ticket for every watched session and hands each its events', async () => {
    const onA = vi.fn();
    const onB = vi.fn();
    subscribeToSession(SESSION_A, onA);
    subscribeToSession(SESSION_B, onB);
    await settle();

    expect(FakeEventSource.instances).toHaveLength(1);
    const stream = latestStream();
    expect(stream.url).toMatch(/^\/api\/live\/stream\?ticket=ticket-\d+&sessions=/);
    expect(stream.sessions).toEqual([SESSION_A, SESSION_B]);
    expect(api.requestsTo('POST /api/live/ticket')[0]?.headers.get('Authorization')).toBe(`Bearer ${ACCESS_TOKEN}`);

    stream.open();
    expect(isLiveConnected(SESSION_A)).toBe(true);
    stream.send(changed(SESSION_B));
    expect(onB).toHaveBeenCalledWith(changed(SESSION_B));
    expect(onA).not.toHaveBeenCalled();
  });

  it('opens a new stream with the new list when the watched sessions change, and closes it when none are left', async () => {
    const stopA = subscribeToSession(SESSION_A, () => undefined);
    await settle();
    const first = latestStream();
    first.open();

    const stopB = subscribeToSession(SESSION_B, () => undefined);
    await settle();
    const second = latestStream();
    expect(second).not.toBe(first);
    expect(first.isClosed).toBe(true);
    expect(second.sessions).toEqual([SESSION_A, SESSION_B]);

    stopA();
    stopB();
    await settle();
    expect(latestStream().isClosed).toBe(true);
    expect(isLiveConnected()).toBe(false);
  });

  it('reconnects with a new ticket after an error, waiting longer after each failure', async () => {
    subscribeToSession(SESSION_A, () => undefined);
    await settle();
    latestStream().open();
    latestStream().fail();
    expect(isLiveConnected(SESSION_A)).toBe(false);
    expect(FakeEventSource.instances).toHaveLength(1);

    await settle(1000);
    expect(FakeEventSource.instances).toHaveLength(2);
    latestStream().fail();
    await settle(1000);
    expect(FakeEventSource.instances).toHaveLength(2);
    await settle(1000);
    expect(FakeEventSource.instances).toHaveLength(3);
    expect(new Set(FakeEventSource.instances.map((stream) => stream.url)).size).toBe(3);
  });

  it('ignores events it cannot read', async () => {
    const listener = vi.fn();
    subscribeToSession(SESSION_A, listener);
    await settle();
    latestStream().onmessage?.(new MessageEvent('message', { data: 'not json' }));
    latestStream().send({ type: 'something.new', sessionId: SESSION_A });
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('useLiveSession', () => {
  const MEMBER_ID = '33333333-3333-4333-8333-333333333333';
  const holder = buildParticipant({ firstName: 'Elena', lastName: 'Ramirez', position: 0, isCurrentTurn: true });
  const next = buildParticipant({ firstName: 'Caleb', lastName: 'Murphy', position: 1 });
  const others = [2, 3, 4, 5, 6].map((position) =>
    buildParticipant({ firstName: `Waiting${position}`, lastName: 'Member', position }),
  );
  const mine = buildParticipant({ firstName: 'Isabel', lastName: 'Duarte', position: 7, user: { id: MEMBER_ID } });
  const session = buildBidSessionDetail({
    id: SESSION_A,
    status: 'active',
    currentParticipant: 1,
    participants: [holder, next, ...others, mine],
  });
  const board = toSessionBoard(session, { version: 5 });
  const boardPath = `GET /api/bid-sessions/${SESSION_A}/board`;
  const participationPath = `GET /api/bid-sessions/${SESSION_A}/my-participation`;

  /** What a bid by `bidder` sends: the new head, the seat group it took, the pick. */
  function bidEvent(version: number, bidder: Participant, newTurn: Participant | null) {
    const upcoming = board.upcoming.filter(
      (participant) => participant.participantId !== bidder.id && participant.participantId !== newTurn?.id,
    );
    return {
      type: 'session.changed',
      sessionId: SESSION_A,
      action: 'bid_submitted',
      at: '2026-03-01T12:00:00.000Z',
      participantId: bidder.id,
      version,
      board: {
        ...board,
        turn: newTurn === null ? null : { ...board.upcoming[0], participantId: newTurn.id, name: 'Next' },
        upcoming,
      },
      seatCounts: [],
      pick: {
        participantId: bidder.id,
        memberId: bidder.user.id,
        name: `${bidder.user.firstName} ${bidder.user.lastName}`,
        rank: bidder.user.rank,
        bidPriority: bidder.bidPriority,
        station: { id: 'station-1', name: 'Downtown', number: 1 },
        shift: 'A',
        position: 'Firefighter',
        kind: 'own',
        placedBy: null,
        at: '2026-03-01T12:00:00.000Z',
      },
    };
  }

  /** The version the server's board is at; a test moves it on before a read. */
  let serverVersion = 5;

  async function renderFollowedSession() {
    serverVersion = 5;
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(sessionQueryKeys.board(SESSION_A), board);
    api = mockApi({
      'POST /api/live/ticket': () => jsonResponse(200, { ticket: 'ticket', expiresInSeconds: 30 }),
      [boardPath]: () => jsonResponse(200, { board: { ...board, version: serverVersion } }),
      [participationPath]: () =>
        jsonResponse(200, { participant: mine, isUserTurn: false, peopleAhead: 7, timeRemaining: 0 }),
    });
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client: queryClient }, children);
    const onEvent = vi.fn();
    const rendered = renderHook(
      () => {
        useLiveSession(SESSION_A, { onEvent, memberId: MEMBER_ID });
        useSessionBoardQuery(SESSION_A);
        useMyParticipationQuery(SESSION_A);
        return useIsLiveConnected(SESSION_A);
      },
      { wrapper },
    );
    await settle();
    act(() => latestStream().open());
    // The read that every opening makes, after its jitter (at most 1.5 s).
    await settle(BOARD_READ_JITTER_MS);
    const reads = () => api.requestsTo(boardPath).length;
    const participationReads = () => api.requestsTo(participationPath).length;
    return { ...rendered, queryClient, onEvent, reads, participationReads };
  }

  const cachedBoard = (queryClient: QueryClient) =>
    queryClient.getQueryData<SessionBoard>(sessionQueryKeys.board(SESSION_A));

  it('reads the board once, after a random delay, when the stream opens, and tells the page it is live', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const queryClient = new QueryClient();
    queryClient.setQueryData(sessionQueryKeys.board(SESSION_A), board);
    api = mockApi({
      'POST /api/live/ticket': () => jsonResponse(200, { ticket: 'ticket', expiresInSeconds: 30 }),
      [boardPath]: () => jsonResponse(200, { board }),
    });
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client: queryClient }, children);
    const { result } = renderHook(
      () => {
        useLiveSession(SESSION_A);
        useSessionBoardQuery(SESSION_A);
        return useIsLiveConnected(SESSION_A);
      },
      { wrapper },
    );
    expect(result.current).toBe(false);
    await settle();
    act(() => latestStream().open());
    expect(result.current).toBe(true);
    await settle(700);
    expect(api.requestsTo(boardPath)).toHaveLength(0);
    await settle(100);
    expect(api.requestsTo(boardPath)).toHaveLength(1);
    await settle(BOARD_READ_JITTER_MS);
    expect(api.requestsTo(boardPath)).toHaveLength(1);

    act(() => latestStream().fail());
    expect(result.current).toBe(false);
  });

  it('patches the board from a bid by someone else and asks the server nothing', async () => {
    const { queryClient, onEvent, reads, participationReads } = await renderFollowedSession();
    const readsBefore = reads();
    const participationBefore = participationReads();
    const requestsBefore = api.requests.length;

    act(() => latestStream().send(bidEvent(6, holder, next)));
    await settle(BOARD_READ_JITTER_MS * 2);

    expect(cachedBoard(queryClient)?.version).toBe(6);
    expect(cachedBoard(queryClient)?.turn?.participantId).toBe(next.id);
    expect(cachedBoard(queryClient)?.recentPicks[0]?.name).toBe('Elena Ramirez');
    expect(api.requests.length).toBe(requestsBefore);
    expect(reads()).toBe(readsBefore);
    expect(participationReads()).toBe(participationBefore);
    expect(onEvent).toHaveBeenCalledWith(
      expect.objectContaining({ action: 'bid_submitted' }),
      expect.objectContaining({ participantName: 'Elena Ramirez' }),
    );
  });

  it('reads the board once, after the jitter, when versions are missed, however many gaps arrive together', async () => {
    const { queryClient, reads } = await renderFollowedSession();
    vi.spyOn(Math, 'random').mockReturnValue(0.9);
    const readsBefore = reads();
    serverVersion = 9;

    act(() => {
      latestStream().send(bidEvent(8, holder, next));
      latestStream().send(bidEvent(9, next, others[0] as Participant));
      latestStream().send({ type: 'session.changed', sessionId: SESSION_A, action: 'session_paused', at: 'now' });
    });
    expect(cachedBoard(queryClient)?.version).toBe(5);
    await settle(0.9 * BOARD_READ_JITTER_MS - 100);
    expect(reads()).toBe(readsBefore);
    await settle(200);
    expect(reads()).toBe(readsBefore + 1);
    await settle(BOARD_READ_JITTER_MS * 2);
    expect(reads()).toBe(readsBefore + 1);
    expect(cachedBoard(queryClient)?.version).toBe(9);
  });

  it('reads the board once more when the stream reopens', async () => {
    const { reads } = await renderFollowedSession();
    const readsBefore = reads();
    act(() => latestStream().fail());
    await settle(1000);
    act(() => latestStream().open());
    await settle(BOARD_READ_JITTER_MS);
    expect(reads()).toBe(readsBefore + 1);
  });

  it("reads the member's own place again when an event concerns them, and only then", async () => {
    const { participationReads } = await renderFollowedSession();
    const before = participationReads();

    // Someone far ahead bids: nothing for the member.
    act(() => latestStream().send(bidEvent(6, holder, next)));
    await settle();
    expect(participationReads()).toBe(before);

    // The member moves up into the next few.
    const withMemberUpcoming = bidEvent(7, next, others[0] as Participant);
    withMemberUpcoming.board.upcoming = [
      ...withMemberUpcoming.board.upcoming,
      { ...board.upcoming[0], participantId: mine.id, memberId: MEMBER_ID, name: 'Isabel Duarte' } as BoardParticipant,
    ];
    act(() => latestStream().send(withMemberUpcoming));
    await settle();
    expect(participationReads()).toBe(before + 1);
  });
});

describe('subscribeToMemberEvents', () => {
  const notified = {
    type: 'notifications.created',
    sessionId: SESSION_A,
    at: '2026-03-01T12:00:00.000Z',
    memberIds: ['m1'],
  };

  it('opens a stream that watches no session after a short wait, and hands it the member’s events only', async () => {
    const onMember = vi.fn();
    subscribeToMemberEvents(onMember);
    await settle();
    // A page about to follow a session gets one stream, not a member-only one first.
    expect(FakeEventSource.instances).toHaveLength(0);
    await settle(MEMBER_STREAM_DELAY_MS);
    expect(FakeEventSource.instances).toHaveLength(1);
    const stream = latestStream();
    expect(stream.url).toMatch(/^\/api\/live\/stream\?ticket=ticket-\d+$/);
    stream.open();
    stream.send(notified);
    expect(onMember).toHaveBeenCalledWith(notified);
    stream.send(changed(SESSION_A));
    expect(onMember).toHaveBeenCalledTimes(1);
  });

  it('shares the stream of the watched sessions, and keeps one open when they are left', async () => {
    const onMember = vi.fn();
    const onSession = vi.fn();
    subscribeToMemberEvents(onMember);
    const stop = subscribeToSession(SESSION_A, onSession);
    await settle(MEMBER_STREAM_DELAY_MS);
    expect(FakeEventSource.instances).toHaveLength(1);
    const sessionStream = latestStream();
    expect(sessionStream.sessions).toEqual([SESSION_A]);
    sessionStream.open();
    sessionStream.send(notified);
    expect(onMember).toHaveBeenCalledTimes(1);
    expect(onSession).not.toHaveBeenCalled();

    stop();
    await settle();
    // Until the member-only stream opens, the old one still carries the member's events.
    expect(sessionStream.isClosed).toBe(false);
    await settle(MEMBER_STREAM_DELAY_MS);
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(sessionStream.isClosed).toBe(true);
    expect(latestStream().sessions).toEqual([]);
  });
});
