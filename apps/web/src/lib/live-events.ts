/**
 * The live stream of this tab (issue 5, "Time and live updates"): ONE EventSource per tab, shared
 * by every component that watches a session, since browsers allow only 6 such connections per site.
 *
 * - The stream is opened with a 30-second ticket fetched through `apiRequest` (so the bearer token
 *   and the 401 rules apply); no access token ever goes in the address.
 * - It watches the sessions that components subscribe to. When that set changes, the tab opens a
 *   new stream with the new list (and then closes the old one); there is no "watch more" call.
 * - On any error the stream is closed and opened again with a new ticket, after 1, 2, 4 ... 30 s.
 * - While it is down, `useIsLiveConnected` is false and pages poll as before (spec section 9).
 *   Events missed while down are not replayed: when a stream opens, the watched sessions' queries
 *   are refetched instead.
 *
 * Query-key convention: an event for a session invalidates every query whose key starts with
 * 'bid-sessions' and contains that session's id (['bid-sessions', 'detail' | 'participants' |
 * 'history', id]), and the sessions list (['bid-sessions', 'list']), whose card shows status and
 * progress. A feature whose queries have other keys names them in `useLiveSession`'s `alsoRefresh`,
 * and they are refetched at the same moments.
 */
import { type LiveEvent, liveEventSchema, liveTicketResponseSchema } from '@stationbid/domain';
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { API_BASE_PATH, apiRequest } from './api-client.ts';

export type LiveEventListener = (event: LiveEvent) => void;

/** Waits before opening the stream again after the n-th failure in a row: 1, 2, 4, 8, 16, 30 s. */
const RECONNECT_DELAYS_MS = [1000, 2000, 4000, 8000, 16_000, 30_000] as const;
/** Subscriptions made in one render are gathered into one stream. */
const WATCH_CHANGE_DELAY_MS = 20;

const listenersBySession = new Map<string, Set<LiveEventListener>>();
const connectionListeners = new Set<() => void>();

let stream: EventSource | null = null;
/** The sessions of the open (or opening) stream, sorted. */
let streamSessionIds: readonly string[] = [];
let isStreamOpen = false;
/** Counts connection attempts, so a slow ticket for a list no longer wanted is dropped. */
let attempt = 0;
let failuresInRow = 0;
let pendingTimer: ReturnType<typeof setTimeout> | null = null;

/** Calls `listener` with every live event of the session; answers a function that stops it. */
export function subscribeToSession(sessionId: string, listener: LiveEventListener): () => void {
  let listeners = listenersBySession.get(sessionId);
  if (!listeners) {
    listeners = new Set();
    listenersBySession.set(sessionId, listeners);
  }
  listeners.add(listener);
  scheduleWatchChange();
  return () => {
    const current = listenersBySession.get(sessionId);
    current?.delete(listener);
    if (current?.size === 0) listenersBySession.delete(sessionId);
    scheduleWatchChange();
  };
}

/** True while the tab's stream is open and watches this session (any session when none is named). */
export function isLiveConnected(sessionId?: string): boolean {
  if (!isStreamOpen) return false;
  return sessionId === undefined || streamSessionIds.includes(sessionId);
}

/** Closes the stream and forgets every subscription (sign-out, tests). */
export function resetLiveEvents(): void {
  listenersBySession.clear();
  closeStream();
  failuresInRow = 0;
  if (pendingTimer !== null) clearTimeout(pendingTimer);
  pendingTimer = null;
}

export interface LiveSessionOptions {
  /** Called with every event of the session (e.g. to list them). */
  onEvent?: LiveEventListener;
  /**
   * Query keys outside the convention above whose data changes with the session (a dashboard's
   * own keys), refetched with the session's: on every change and whenever the stream (re)opens.
   */
  alsoRefresh?: readonly QueryKey[];
}

/**
 * Follows a session live: refetches its queries (and `alsoRefresh`) on every change and whenever the
 * stream (re)opens. Pages keep polling only while `useIsLiveConnected` is false.
 */
export function useLiveSession(sessionId: string, { onEvent, alsoRefresh = [] }: LiveSessionOptions = {}): void {
  const queryClient = useQueryClient();
  const optionsRef = useRef({ onEvent, alsoRefresh });
  optionsRef.current = { onEvent, alsoRefresh };
  const isConnected = useIsLiveConnected(sessionId);

  useEffect(
    () =>
      subscribeToSession(sessionId, (event) => {
        if (event.type === 'session.changed') refreshSession(queryClient, sessionId, optionsRef.current.alsoRefresh);
        optionsRef.current.onEvent?.(event);
      }),
    [sessionId, queryClient],
  );

  // What changed before the stream opened (or while it was down) was not sent: read it afresh.
  useEffect(() => {
    if (isConnected) refreshSession(queryClient, sessionId, optionsRef.current.alsoRefresh);
  }, [isConnected, sessionId, queryClient]);
}

function refreshSession(queryClient: QueryClient, sessionId: string, alsoRefresh: readonly QueryKey[]): void {
  scheduleSessionRefetch(queryClient, sessionId);
  for (const queryKey of alsoRefresh) void queryClient.invalidateQueries({ queryKey });
}

/** Whether the live stream is up for this session; pages poll while it is not. */
export function useIsLiveConnected(sessionId?: string): boolean {
  return useSyncExternalStore(
    subscribeToConnection,
    () => isLiveConnected(sessionId),
    () => false,
  );
}

/** True for the keys the convention above names for a session. */
export function isSessionQueryKey(queryKey: readonly unknown[], sessionId: string): boolean {
  if (queryKey[0] !== 'bid-sessions') return false;
  return queryKey[1] === 'list' || queryKey.includes(sessionId);
}

const pendingRefetches = new WeakMap<QueryClient, Set<string>>();

/** One refetch for the several events of one step (a bid that completes a session sends three). */
function scheduleSessionRefetch(queryClient: QueryClient, sessionId: string): void {
  let pending = pendingRefetches.get(queryClient);
  if (!pending) {
    pending = new Set();
    pendingRefetches.set(queryClient, pending);
  }
  if (pending.has(sessionId)) return;
  pending.add(sessionId);
  queueMicrotask(() => {
    pending.delete(sessionId);
    void queryClient.invalidateQueries({ predicate: (query) => isSessionQueryKey(query.queryKey, sessionId) });
  });
}

function subscribeToConnection(listener: () => void): () => void {
  connectionListeners.add(listener);
  return () => connectionListeners.delete(listener);
}

function setStreamOpen(isOpen: boolean): void {
  if (isStreamOpen === isOpen) return;
  isStreamOpen = isOpen;
  for (const listener of connectionListeners) listener();
}

function watchedSessionIds(): string[] {
  return [...listenersBySession.keys()].sort();
}

function scheduleWatchChange(): void {
  if (pendingTimer !== null) return;
  pendingTimer = setTimeout(() => {
    pendingTimer = null;
    applyWatchChange();
  }, WATCH_CHANGE_DELAY_MS);
}

function applyWatchChange(): void {
  const wanted = watchedSessionIds();
  if (wanted.length === 0) {
    closeStream();
    return;
  }
  const isSameList =
    wanted.length === streamSessionIds.length && wanted.every((id, index) => id === streamSessionIds[index]);
  if (isSameList && stream !== null) return;
  void openStream(wanted);
}

async function openStream(sessionIds: readonly string[]): Promise<void> {
  attempt += 1;
  const thisAttempt = attempt;
  const EventSourceClass = globalThis.EventSource;
  // Without EventSource (old browsers, tests that do not fake one) the pages simply keep polling.
  if (EventSourceClass === undefined) return;
  let ticket: string;
  try {
    ({ ticket } = await apiRequest('/live/ticket', { method: 'POST', schema: liveTicketResponseSchema }));
  } catch {
    if (thisAttempt === attempt) scheduleReconnect();
    return;
  }
  if (thisAttempt !== attempt) return;
  const query = new URLSearchParams({ ticket, sessions: sessionIds.join(',') });
  const next = new EventSourceClass(`${API_BASE_PATH}/live/stream?${query}`);
  // The old stream stays open until the new one is made, so no event falls between them for long.
  closeStream({ keepAttempt: true });
  stream = next;
  streamSessionIds = sessionIds;
  next.onopen = () => {
    if (stream !== next) return;
    failuresInRow = 0;
    setStreamOpen(true);
  };
  next.onmessage = (message: MessageEvent<string>) => {
    if (stream === next) dispatch(message.data);
  };
  next.onerror = () => {
    if (stream !== next) return;
    // The browser would retry with the same ticket, which may have expired: start afresh instead.
    closeStream();
    scheduleReconnect();
  };
}

function dispatch(data: string): void {
  let parsed: ReturnType<typeof liveEventSchema.safeParse>;
  try {
    parsed = liveEventSchema.safeParse(JSON.parse(data));
  } catch {
    return;
  }
  // An event type this build does not know yet is ignored rather than breaking the stream.
  if (!parsed.success) return;
  const event = parsed.data;
  for (const listener of [...(listenersBySession.get(event.sessionId) ?? [])]) listener(event);
}

function closeStream({ keepAttempt = false }: { keepAttempt?: boolean } = {}): void {
  if (!keepAttempt) attempt += 1;
  stream?.close();
  stream = null;
  streamSessionIds = [];
  setStreamOpen(false);
}

function scheduleReconnect(): void {
  if (pendingTimer !== null) clearTimeout(pendingTimer);
  const delay = RECONNECT_DELAYS_MS[Math.min(failuresInRow, RECONNECT_DELAYS_MS.length - 1)] ?? 30_000;
  failuresInRow += 1;
  pendingTimer = setTimeout(() => {
    pendingTimer = null;
    applyWatchChange();
  }, delay);
}
