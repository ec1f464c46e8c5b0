import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../test/fake-event-source.ts';
import { ACCESS_TOKEN, REFRESH_TOKEN } from '../test/fixtures.ts';
import { jsonResponse, mockApi } from '../test/mock-api.ts';
import {
  isLiveConnected,
  isSessionQueryKey,
  resetLiveEvents,
  subscribeToSession,
  useIsLiveConnected,
  useLiveSession,
} from './live-events.ts';
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
  function renderWithQueries(hook: () => unknown) {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client: queryClient }, children);
    return { ...renderHook(hook, { wrapper }), invalidate };
  }

  it('refetches the session when the stream opens and on each change, and tells the page it is live', async () => {
    const onEvent = vi.fn();
    const { result, invalidate } = renderWithQueries(() => {
      useLiveSession(SESSION_A, { onEvent });
      return useIsLiveConnected(SESSION_A);
    });
    expect(result.current).toBe(false);
    await settle();
    act(() => latestStream().open());
    expect(result.current).toBe(true);
    await settle();
    expect(invalidate).toHaveBeenCalledTimes(1);

    // The three events of one step make one refetch.
    act(() => {
      latestStream().send(changed(SESSION_A));
      latestStream().send(changed(SESSION_A, 'auto_assigned'));
      latestStream().send(changed(SESSION_A, 'session_completed'));
    });
    await settle();
    expect(invalidate).toHaveBeenCalledTimes(2);
    expect(onEvent).toHaveBeenCalledTimes(3);

    act(() => latestStream().fail());
    expect(result.current).toBe(false);
  });

  it("refetches a page's own keys with the session's: when the stream opens and on each change", async () => {
    const dashboardKey = ['users', 'bid-status'] as const;
    const { invalidate } = renderWithQueries(() => useLiveSession(SESSION_A, { alsoRefresh: [dashboardKey] }));
    const ownKeyRefetches = () => invalidate.mock.calls.filter(([filters]) => filters?.queryKey === dashboardKey);
    await settle();
    act(() => latestStream().open());
    await settle();
    expect(ownKeyRefetches()).toHaveLength(1);

    act(() => latestStream().send(changed(SESSION_A)));
    await settle();
    expect(ownKeyRefetches()).toHaveLength(2);
  });

  it('names the session queries by the key convention', () => {
    expect(isSessionQueryKey(['bid-sessions', 'detail', SESSION_A], SESSION_A)).toBe(true);
    expect(isSessionQueryKey(['bid-sessions', 'participants', SESSION_A], SESSION_A)).toBe(true);
    expect(isSessionQueryKey(['bid-sessions', 'history', SESSION_A], SESSION_A)).toBe(true);
    expect(isSessionQueryKey(['bid-sessions', 'list'], SESSION_A)).toBe(true);
    expect(isSessionQueryKey(['bid-sessions', 'detail', SESSION_B], SESSION_A)).toBe(false);
    expect(isSessionQueryKey(['users', SESSION_A], SESSION_A)).toBe(false);
  });
});
