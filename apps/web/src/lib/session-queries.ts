/**
 * The queries that follow one bid session, with their cache keys in one place, because the live
 * layer (`live-events.ts`) patches or refreshes them by key and several features show them:
 *
 * - the shared board (`GET /bid-sessions/:id/board`, docs/decisions/012-session-board.md): status,
 *   turn, queue head, counts, seats and recent picks, patched from live events;
 * - the signed-in member's own place (`/my-participation`), read again only when an event concerns them;
 * - the session's history, read when the board is read afresh and patched from events in between.
 *
 * Joining the session (which marks the member connected) is here too: the dashboard and the live
 * page both send it.
 */
import {
  type BidSession,
  bidSessionListResponseSchema,
  joinSessionSummaryResponseSchema,
  myParticipationResponseSchema,
  type SessionBoard,
  type SessionHistoryEntry,
  sessionBoardResponseSchema,
  sessionHistoryResponseSchema,
} from '@stationbid/domain';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from './api-client.ts';
import { invalidateBidHistory, invalidateMemberData, memberQueryKeys } from './member-queries.ts';

export type MyParticipation = z.infer<typeof myParticipationResponseSchema>;

/**
 * The key tree of bid sessions, for every feature that reads them: every key starts with
 * 'bid-sessions' (so `invalidateAllSessions` reaches them all) and a session's own keys end with its id.
 */
export const sessionQueryKeys = {
  all: ['bid-sessions'] as const,
  /** The sessions list (admin management, admin dashboard): refreshed on status changes only. */
  list: ['bid-sessions', 'list'] as const,
  /** GET /bid-sessions/current (dashboard and /bidding): refreshed on status changes only. */
  current: ['bid-sessions', 'current'] as const,
  /** The whole session with its participants (session administration). */
  detail: (sessionId: string) => ['bid-sessions', 'detail', sessionId] as const,
  board: (sessionId: string) => ['bid-sessions', 'board', sessionId] as const,
  /** The live page's participant pages, one entry per search under this prefix. */
  participantPages: (sessionId: string) => ['bid-sessions', 'participant-pages', sessionId] as const,
  participantPagesFor: (sessionId: string, search: string) =>
    ['bid-sessions', 'participant-pages', sessionId, { search }] as const,
  myParticipation: (sessionId: string) => ['bid-sessions', 'my-participation', sessionId] as const,
  history: (sessionId: string) => ['bid-sessions', 'history', sessionId] as const,
  /** The administrators' participant list (pages of the whole session). */
  participants: (sessionId: string) => ['bid-sessions', 'participants', sessionId] as const,
  /** Each participant's "why this seat" of a completed session (from its results). */
  reasons: (sessionId: string) => ['bid-sessions', 'reasons', sessionId] as const,
  exportStatus: (sessionId: string) => ['bid-sessions', 'export-status', sessionId] as const,
  /** Who lacks a key the department's seniority rule needs, before the session starts. */
  seniorityCheck: (sessionId: string) => ['bid-sessions', 'seniority-check', sessionId] as const,
  /** A what-if run of the session as it stands. */
  whatIf: (sessionId: string) => ['bid-sessions', 'what-if', sessionId] as const,
  /** The member's own forecasts ("what will I likely get"), of every session. */
  forecasts: ['bid-sessions', 'forecast'] as const,
  /**
   * The forecast as of one board version: the screen moves to the next key as the board moves on,
   * and the server keeps one answer per version, so each key is one cheap read.
   */
  forecastAt: (sessionId: string, version: number) => ['bid-sessions', 'forecast', sessionId, { version }] as const,
  /** A participant's certifications as the session counts them (frozen at its start). */
  participantCertifications: (sessionId: string, memberId: string) =>
    ['bid-sessions', 'participant-certifications', sessionId, memberId] as const,
  /** One participant the board names, read at their queue position. */
  participantAt: (sessionId: string, participantId: string | null, queuePosition: number | null) =>
    ['bid-sessions', 'participant-at', sessionId, participantId, queuePosition] as const,
  connected: (sessionId: string) => ['bid-sessions', 'connected', sessionId] as const,
};

const sessionPath = (sessionId: string) => `/bid-sessions/${encodeURIComponent(sessionId)}`;

export function getSessionBoard(sessionId: string, signal?: AbortSignal): Promise<SessionBoard> {
  return apiRequest(`${sessionPath(sessionId)}/board`, { schema: sessionBoardResponseSchema, signal }).then(
    ({ board }) => board,
  );
}

/**
 * The board of a session. It is kept current by patching from live events, so it never goes stale
 * by age; `pollIntervalMs` reads it again only while the stream is down (the server answers 304 to
 * the browser's If-None-Match when nothing changed). An unknown session is a 404 at once, not retried.
 */
export function sessionBoardQueryOptions(sessionId: string, pollIntervalMs: number | false = false) {
  return queryOptions({
    queryKey: sessionQueryKeys.board(sessionId),
    queryFn: ({ signal }) => getSessionBoard(sessionId, signal),
    refetchInterval: pollIntervalMs,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    enabled: sessionId !== '',
  });
}

export function useSessionBoardQuery(sessionId: string, pollIntervalMs: number | false = false) {
  return useQuery(sessionBoardQueryOptions(sessionId, pollIntervalMs));
}

export function getMyParticipation(sessionId: string, signal?: AbortSignal): Promise<MyParticipation> {
  return apiRequest(`${sessionPath(sessionId)}/my-participation`, { schema: myParticipationResponseSchema, signal });
}

/** The signed-in member's place: their own entry, whether it is their turn and how many are ahead. */
export function myParticipationQueryOptions(sessionId: string, pollIntervalMs: number | false = false) {
  return queryOptions({
    queryKey: sessionQueryKeys.myParticipation(sessionId),
    queryFn: ({ signal }) => getMyParticipation(sessionId, signal),
    refetchInterval: pollIntervalMs,
    // Events that concern the member invalidate it; a page opened again must not show an old turn.
    staleTime: 0,
    enabled: sessionId !== '',
  });
}

export function useMyParticipationQuery(sessionId: string, pollIntervalMs: number | false = false) {
  return useQuery(myParticipationQueryOptions(sessionId, pollIntervalMs));
}

export function getSessionHistory(sessionId: string, signal?: AbortSignal): Promise<SessionHistoryEntry[]> {
  return apiRequest(`/bid-sessions/history?sessionId=${encodeURIComponent(sessionId)}`, {
    schema: sessionHistoryResponseSchema,
    signal,
  }).then(({ history }) => history);
}

/** Everything that happened in the session; live events add to it in between reads (`live-history.ts`). */
export function sessionHistoryQueryOptions(sessionId: string, pollIntervalMs: number | false, enabled: boolean) {
  return queryOptions({
    queryKey: sessionQueryKeys.history(sessionId),
    queryFn: ({ signal }) => getSessionHistory(sessionId, signal),
    refetchInterval: pollIntervalMs,
    staleTime: Number.POSITIVE_INFINITY,
    enabled: enabled && sessionId !== '',
  });
}

export function useSessionHistoryQuery(sessionId: string, pollIntervalMs: number | false, enabled: boolean) {
  return useQuery(sessionHistoryQueryOptions(sessionId, pollIntervalMs, enabled));
}

export function getSessionList(signal?: AbortSignal): Promise<BidSession[]> {
  // The summary view: without it the list carries every session's participants for the spec's client.
  return apiRequest('/bid-sessions?view=summary', { schema: bidSessionListResponseSchema, signal }).then(
    ({ sessions }) => sessions,
  );
}

/**
 * The sessions without participants (a few KB): where a screen needs a session's calendar dates,
 * which the board does not carry. Read again when a session's status changes.
 */
export function sessionListQueryOptions() {
  return queryOptions({ queryKey: sessionQueryKeys.list, queryFn: ({ signal }) => getSessionList(signal) });
}

/**
 * After an administrator changes a session (creates, edits, deletes, starts, pauses, places a
 * phone-in bid) or asks for everything afresh: every query of every session.
 */
export function invalidateAllSessions(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: sessionQueryKeys.all });
}

/** A session's card in the list follows what a screen learned of it (its board), without a read. */
export function updateListedSession(
  queryClient: QueryClient,
  sessionId: string,
  update: (session: BidSession) => BidSession,
): void {
  queryClient.setQueryData<BidSession[]>(sessionQueryKeys.list, (sessions) =>
    sessions?.map((candidate) => (candidate.id === sessionId ? update(candidate) : candidate)),
  );
}

/** After the member's own bid or skip: their place and the board at once, before the event arrives. */
export function refreshAfterOwnAction(queryClient: QueryClient, sessionId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: sessionQueryKeys.board(sessionId), exact: true }),
    queryClient.invalidateQueries({ queryKey: sessionQueryKeys.myParticipation(sessionId) }),
    invalidateBidHistory(queryClient),
  ]);
}

/**
 * What the live layer reads afresh when it may have missed a step (a version gap, a reopened
 * stream): the board and what is patched beside it, the history and the loaded participant pages.
 */
export function invalidateSessionReads(queryClient: QueryClient, sessionId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: sessionQueryKeys.board(sessionId), exact: true }),
    queryClient.invalidateQueries({ queryKey: sessionQueryKeys.history(sessionId) }),
    queryClient.invalidateQueries({ queryKey: sessionQueryKeys.participantPages(sessionId) }),
  ]);
}

/** A step concerned the member: their place in the session and their own data elsewhere. */
export function invalidateMemberPlace(queryClient: QueryClient, sessionId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: sessionQueryKeys.myParticipation(sessionId) }),
    invalidateMemberData(queryClient),
  ]);
}

/**
 * The member saved their ranked list: every forecast is made from it, so each is read again (the
 * one on screen at once, the others when next shown).
 */
export function invalidateForecasts(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: sessionQueryKeys.forecasts });
}

/** A session's status changed: the lists that show status badges and which session is current. */
export function invalidateSessionLists(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: sessionQueryKeys.list }),
    queryClient.invalidateQueries({ queryKey: sessionQueryKeys.current }),
  ]);
}

/** The bidding page's Refresh: the sessions, the followed session's queries, the member's bids and notifications. */
export function refreshBiddingPage(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    invalidateAllSessions(queryClient),
    invalidateBidHistory(queryClient),
    queryClient.invalidateQueries({ queryKey: memberQueryKeys.notifications }),
  ]);
}

/**
 * POST /bid-sessions/:id/join?view=summary: marks the member as connected, so the others see them
 * online. `summary`: the screens follow the board, so they take the session's summary, not the
 * whole session the spec's client gets (every participant: 14 MB at 20,000).
 */
export function joinSession(sessionId: string): Promise<z.infer<typeof joinSessionSummaryResponseSchema>> {
  return apiRequest(`/bid-sessions/${encodeURIComponent(sessionId)}/join?view=summary`, {
    method: 'POST',
    schema: joinSessionSummaryResponseSchema,
  });
}
