/**
 * The live stream of this tab (issue 5, "Time and live updates"): ONE EventSource per tab, shared
 * by every component that watches a session, since browsers allow only 6 such connections per site.
 *
 * - The stream is opened with a 30-second ticket fetched through `apiRequest` (so the bearer token
 *   and the 401 rules apply); no access token ever goes in the address.
 * - It watches the sessions that components subscribe to. When that set changes, the tab opens a
 *   new stream with the new list (and then closes the old one); there is no "watch more" call.
 * - On any error the stream is closed and opened again with a new ticket, after 1, 2, 4 ... 30 s.
 * - While it is down, `useIsLiveConnected` is false and pages poll the board as before
 *   (TIMERS.liveRefreshMs). Events missed while down are not replayed: when a stream opens, the board is read again.
 *
 * Following a session (`useLiveSession`, docs/decisions/012-session-board.md): a `session.changed`
 * event carries what the step changed of the shared board, so the cached board is patched in place
 * (`applySessionChange`) and a bid by someone else costs no request at all; with thousands watching
 * one session, a refetch per event per tab would be hundreds of megabytes per bid. The board is read
 * again only when a version was missed (`gap`) or the stream (re)opened, once however many gaps
 * arrive together, after a random delay of up to `BOARD_READ_JITTER_MS` so that thousands of tabs
 * do not ask in the same millisecond. The member's own data is read again only when an event
 * concerns them, and the sessions lists only when a session's status changes.
 *
 * The member's own events (`notifications.created`: a notification was stored for them) reach
 * `subscribeToMemberEvents` listeners whatever sessions the stream watches; the app shell keeps one
 * such listener while signed in, so every page has a stream, watching no session if none is followed.
 * `preferences.changed` (the member saved their ranked list, on this device or another) reaches
 * `subscribeToOwnPreferenceChanges` listeners the same way.
 */
import {
  type LiveEvent,
  liveEventSchema,
  liveTicketResponseSchema,
  type NotificationsCreatedEvent,
  type PreferencesChangedEvent,
  type SessionChangedEvent,
} from '@stationbid/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { API_BASE_PATH, apiRequest } from './api-client.ts';
import { followSessionChange, type SessionChangeContext, scheduleSessionRead } from './session-follow.ts';

export type LiveEventListener = (event: LiveEvent) => void;

/** Waits before opening the stream again after the n-th failure in a row: 1, 2, 4, 8, 16, 30 s. */
const RECONNECT_DELAYS_MS = [1000, 2000, 4000, 8000, 16_000, 30_000] as const;
/** Subscriptions made in one render are gathered into one stream. */
const WATCH_CHANGE_DELAY_MS = 20;
/**
 * A stream for the member's own events alone waits this long: a page that is about to follow a
 * session (it reads the session first) then opens one stream, not a member-only one and then another.
 */
export const MEMBER_STREAM_DELAY_MS = 1000;

const listenersBySession = new Map<string, Set<LiveEventListener>>();
const memberListeners = new Set<(event: NotificationsCreatedEvent) => void>();
const ownPreferenceListeners = new Set<(event: PreferencesChangedEvent) => void>();
const connectionListeners = new Set<() => void>();

let stream: EventSource | null = null;
/** The sessions of the open (or opening) stream, sorted. */
let streamSessionIds: readonly string[] = [];
let isStreamOpen = false;
/** Counts connection attempts, so a slow ticket for a list no longer wanted is dropped. */
let attempt = 0;
let failuresInRow = 0;
let pendingTimer: ReturnType<typeof setTimeout> | null = null;
let memberStreamTimer: ReturnType<typeof setTimeout> | null = null;

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

/**
 * Calls `listener` with every event meant for the signed-in member alone; answers a function that
 * stops it. While one is subscribed the tab keeps a stream open, watching no session if need be.
 */
export function subscribeToMemberEvents(listener: (event: NotificationsCreatedEvent) => void): () => void {
  memberListeners.add(listener);
  scheduleWatchChange();
  return () => {
    memberListeners.delete(listener);
    scheduleWatchChange();
  };
}

/**
 * Calls `listener` whenever the signed-in member's bid preferences are saved (from any device);
 * answers a function that stops it. It rides on the stream the member listeners keep open.
 */
export function subscribeToOwnPreferenceChanges(listener: (event: PreferencesChangedEvent) => void): () => void {
  ownPreferenceListeners.add(listener);
  return () => {
    ownPreferenceListeners.delete(listener);
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
  memberListeners.clear();
  ownPreferenceListeners.clear();
  closeStream();
  failuresInRow = 0;
  if (pendingTimer !== null) clearTimeout(pendingTimer);
  pendingTimer = null;
  if (memberStreamTimer !== null) clearTimeout(memberStreamTimer);
  memberStreamTimer = null;
}

export interface LiveSessionOptions {
  /**
   * Called with every event of the session after the board was patched (e.g. to list them), with
   * what the board knew before the step (the name of whom the event is about).
   */
  onEvent?: (event: LiveEvent, context: SessionChangeContext | null) => void;
  /** The signed-in member, so that events about them refresh their own data. */
  memberId?: string | null;
}

/**
 * Follows a session live: patches its board (and the member's data, the lists) from every event as
 * described above, and reads the board again once whenever the stream (re)opens. Pages poll only
 * while `useIsLiveConnected` is false.
 */
export function useLiveSession(sessionId: string, { onEvent, memberId = null }: LiveSessionOptions = {}): void {
  const queryClient = useQueryClient();
  const optionsRef = useRef({ onEvent, memberId });
  optionsRef.current = { onEvent, memberId };
  const isConnected = useIsLiveConnected(sessionId);

  useEffect(
    () =>
      subscribeToSession(sessionId, (event) => {
        const context =
          event.type === 'session.changed'
            ? followSessionChange(queryClient, event as SessionChangedEvent, optionsRef.current.memberId)
            : null;
        optionsRef.current.onEvent?.(event, context);
      }),
    [sessionId, queryClient],
  );

  // What changed before the stream opened (or while it was down) was not sent: read it afresh.
  useEffect(() => {
    if (isConnected) scheduleSessionRead(queryClient, sessionId, { includesMemberData: true });
  }, [isConnected, sessionId, queryClient]);
}

/** Whether the live stream is up for this session; pages poll while it is not. */
export function useIsLiveConnected(sessionId?: string): boolean {
  return useSyncExternalStore(
    subscribeToConnection,
    () => isLiveConnected(sessionId),
    () => false,
  );
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
  if (wanted.length === 0 && memberListeners.size === 0) {
    closeStream();
    return;
  }
  const isSameList =
    wanted.length === streamSessionIds.length && wanted.every((id, index) => id === streamSessionIds[index]);
  if (isSameList && stream !== null) return;
  if (wanted.length === 0) {
    scheduleMemberStream();
    return;
  }
  void openStream(wanted);
}

/** Opens the member-only stream after MEMBER_STREAM_DELAY_MS, unless sessions are watched by then. */
function scheduleMemberStream(): void {
  if (memberStreamTimer !== null) return;
  memberStreamTimer = setTimeout(() => {
    memberStreamTimer = null;
    const isMemberStreamOpen = stream !== null && streamSessionIds.length === 0;
    if (watchedSessionIds().length === 0 && memberListeners.size > 0 && !isMemberStreamOpen) void openStream([]);
  }, MEMBER_STREAM_DELAY_MS);
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
  const query = new URLSearchParams({ ticket });
  if (sessionIds.length > 0) query.set('sessions', sessionIds.join(','));
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
  if (event.type === 'notifications.created') {
    for (const listener of [...memberListeners]) listener(event);
    return;
  }
  if (event.type === 'preferences.changed') {
    for (const listener of [...ownPreferenceListeners]) listener(event);
    return;
  }
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
