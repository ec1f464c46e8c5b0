/**
 * The administrators' queries of bid sessions: one session with its participants, its participant
 * pages, its history, its "why this seat" reasons, its export status, a rewind's preview, one
 * participant the board names and a participant's certifications. Their keys are in the sessions' key tree (lib/session-queries.ts), under 'bid-sessions', so
 * `invalidateAllSessions` after any change (start, bid, edit, delete) refreshes them with the list,
 * the current session and the boards.
 */
import type { BoardParticipant } from '@stationbid/domain';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { sessionQueryKeys } from '../../../lib/session-queries.ts';
import { getBidSession } from './get-bid-session.ts';
import { type DeliveryLogFilter, getDeliveryLog } from './get-delivery-log.ts';
import { getExportStatus } from './get-export-status.ts';
import { getNextInQueue } from './get-next-in-queue.ts';
import { getParticipantAt } from './get-participant-at.ts';
import { getParticipantCertifications } from './get-participant-certifications.ts';
import { getSeniorityCheck } from './get-seniority-check.ts';
import { getSessionHistory } from './get-session-history.ts';
import { getSessionParticipantPage } from './get-session-participants.ts';
import { getSessionReasons } from './get-session-reasons.ts';
import { getStartCheck } from './get-start-check.ts';
import { getRewindPreview } from './rewind-session.ts';
import { searchSessionParticipants } from './search-session-participants.ts';
import { simulateSession } from './simulate-session.ts';

interface BidSessionQueryOptions {
  /** Poll every so many ms (the live control panel); false to load once. */
  refetchInterval?: number | false;
  enabled?: boolean;
}

/**
 * The key of a rewind preview: under the sessions' tree, so `invalidateAllSessions` after any
 * change (a bid, the rewind itself) reads it again. `toUserId` null: the preview of corrections only.
 */
const rewindPreviewKey = (sessionId: string, toUserId: string | null) =>
  [...sessionQueryKeys.all, 'rewind-preview', sessionId, toUserId] as const;

/**
 * The administrators' reads about a start and about delivery: under the sessions' tree, so any
 * session change (a start, a bid, an edit) reads them again with everything else.
 */
const adminSessionKeys = {
  startCheck: (sessionId: string) => [...sessionQueryKeys.all, 'start-check', sessionId] as const,
  deliveryLog: (sessionId: string, filter: DeliveryLogFilter) =>
    [...sessionQueryKeys.all, 'delivery-log', sessionId, filter] as const,
  /** `turn`: the board's turn number and holder, so the list is read again as the turn moves. */
  nextInQueue: (sessionId: string, turn: string) =>
    [...sessionQueryKeys.all, 'next-in-queue', sessionId, turn] as const,
  participantSearch: (sessionId: string, search: string) =>
    [...sessionQueryKeys.all, 'participant-search', sessionId, search] as const,
};

/** How often the queue's head is read again for who came online and which notices went out. */
const NEXT_IN_QUEUE_REFRESH_MS = 15_000;

export const bidSessionQueries = {
  /** One session with its participants and the stations it offers, with live seat counts. */
  detail: (sessionId: string, { refetchInterval = false, enabled = true }: BidSessionQueryOptions = {}) =>
    queryOptions({
      queryKey: sessionQueryKeys.detail(sessionId),
      queryFn: ({ signal }) => getBidSession(sessionId, signal),
      refetchInterval,
      // A live turn must not wait for the 5-minute stale time when the panel mounts again.
      staleTime: refetchInterval === false ? undefined : 0,
      enabled,
    }),
  /** A session's participants in queue order, a page at a time (the cursor is the last queue position read). */
  participants: (sessionId: string) =>
    infiniteQueryOptions({
      queryKey: sessionQueryKeys.participants(sessionId),
      queryFn: ({ pageParam, signal }) => getSessionParticipantPage(sessionId, pageParam, signal),
      initialPageParam: undefined as number | undefined,
      getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      // Outcomes change turn by turn: read them again each time the dialog opens.
      staleTime: 0,
    }),
  /** Everything that happened in a session, as the server recorded it. */
  history: (sessionId: string) =>
    queryOptions({
      queryKey: sessionQueryKeys.history(sessionId),
      queryFn: ({ signal }) => getSessionHistory(sessionId, signal),
      staleTime: 0,
    }),
  /**
   * "Why this seat" for each participant of a completed session (issue 16), by participant id. Read
   * only once the session has completed (`enabled`), when every participant has one and they no
   * longer change.
   */
  reasons: (sessionId: string, enabled: boolean) =>
    queryOptions({
      queryKey: sessionQueryKeys.reasons(sessionId),
      queryFn: ({ signal }) => getSessionReasons(sessionId, signal),
      enabled,
    }),
  /** Whether a session can be exported and reminded, and how many participants have an e-mail; always fresh. */
  exportStatus: (sessionId: string) =>
    queryOptions({
      queryKey: sessionQueryKeys.exportStatus(sessionId),
      queryFn: ({ signal }) => getExportStatus(sessionId, signal),
      staleTime: 0,
    }),
  /** The rule a draft or scheduled session would start with and who lacks a key it needs; always fresh. */
  seniorityCheck: (sessionId: string, enabled: boolean) =>
    queryOptions({
      queryKey: sessionQueryKeys.seniorityCheck(sessionId),
      queryFn: ({ signal }) => getSeniorityCheck(sessionId, signal),
      staleTime: 0,
      enabled,
    }),
  /**
   * A what-if run of the session as it stands. It changes nothing, so it is read like any answer;
   * each opening of the dialog runs it again (the session may have moved on), and none is kept.
   */
  whatIf: (sessionId: string) =>
    queryOptions({
      queryKey: sessionQueryKeys.whatIf(sessionId),
      queryFn: ({ signal }) => simulateSession(sessionId, signal),
      staleTime: 0,
      gcTime: 0,
      retry: false,
    }),
  /**
   * What a rewind to `toUserId`'s turn would do, or (null) which places corrected seniority data
   * moves. Turns go on while it is shown, so it is read afresh each time and none is kept; only
   * sessions that have started can be rewound (`enabled`).
   */
  rewindPreview: (sessionId: string, toUserId: string | null, enabled = true) =>
    queryOptions({
      queryKey: rewindPreviewKey(sessionId, toUserId),
      queryFn: ({ signal }) => getRewindPreview(sessionId, toUserId, signal),
      staleTime: 0,
      gcTime: 0,
      enabled,
    }),
  /**
   * What will go wrong once the session starts; always fresh (settings change elsewhere). A
   * scheduled session's card reads it too, so it is read again every half minute until fixed.
   */
  startCheck: (sessionId: string, { enabled = true, refetchInterval = false }: BidSessionQueryOptions = {}) =>
    queryOptions({
      queryKey: adminSessionKeys.startCheck(sessionId),
      queryFn: ({ signal }) => getStartCheck(sessionId, signal),
      staleTime: 0,
      enabled,
      refetchInterval,
    }),
  /** A page of the session's notices, newest first; kept while the next page loads. */
  deliveryLog: (sessionId: string, filter: DeliveryLogFilter) =>
    queryOptions({
      queryKey: adminSessionKeys.deliveryLog(sessionId, filter),
      queryFn: ({ signal }) => getDeliveryLog(sessionId, filter, signal),
      staleTime: 0,
      placeholderData: (previous) => previous,
    }),
  /** The turn holder and the next ten, read again when the turn moves and every 15 seconds. */
  nextInQueue: (sessionId: string, turn: string) =>
    queryOptions({
      queryKey: adminSessionKeys.nextInQueue(sessionId, turn),
      queryFn: ({ signal }) => getNextInQueue(sessionId, signal),
      refetchInterval: NEXT_IN_QUEUE_REFRESH_MS,
      placeholderData: (previous) => previous,
    }),
  /** Participants matching a name or employee ID, for the delivery log's member filter. */
  participantSearch: (sessionId: string, search: string) =>
    queryOptions({
      queryKey: adminSessionKeys.participantSearch(sessionId, search),
      queryFn: ({ signal }) => searchSessionParticipants(sessionId, search, signal),
      placeholderData: (previous) => previous,
    }),
  /** A participant's certifications as the session counts them: frozen at its start, so read once. */
  participantCertifications: (sessionId: string, memberId: string) =>
    queryOptions({
      queryKey: sessionQueryKeys.participantCertifications(sessionId, memberId),
      queryFn: ({ signal }) => getParticipantCertifications(sessionId, memberId, signal),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  /** The participant the board names, read again only when the board names someone else there. */
  participantAt: (sessionId: string, participant: BoardParticipant | null) =>
    queryOptions({
      queryKey: sessionQueryKeys.participantAt(
        sessionId,
        participant?.participantId ?? null,
        participant?.queuePosition ?? null,
      ),
      queryFn: ({ signal }) =>
        participant === null ? Promise.resolve(null) : getParticipantAt(sessionId, participant, signal),
      enabled: participant !== null,
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

export function useBidSessionQuery(sessionId: string, options: BidSessionQueryOptions = {}) {
  return useQuery(bidSessionQueries.detail(sessionId, options));
}

export function useSessionParticipantsQuery(sessionId: string) {
  return useInfiniteQuery(bidSessionQueries.participants(sessionId));
}

export function useSessionHistoryQuery(sessionId: string) {
  return useQuery(bidSessionQueries.history(sessionId));
}

export function useSessionReasonsQuery(sessionId: string, enabled: boolean) {
  return useQuery(bidSessionQueries.reasons(sessionId, enabled));
}

export function useExportStatusQuery(sessionId: string) {
  return useQuery(bidSessionQueries.exportStatus(sessionId));
}

export function useSeniorityCheckQuery(sessionId: string, enabled: boolean) {
  return useQuery(bidSessionQueries.seniorityCheck(sessionId, enabled));
}

export function useWhatIfQuery(sessionId: string) {
  return useQuery(bidSessionQueries.whatIf(sessionId));
}

export function useRewindPreviewQuery(sessionId: string, toUserId: string | null, enabled = true) {
  return useQuery(bidSessionQueries.rewindPreview(sessionId, toUserId, enabled));
}

export function useParticipantCertificationsQuery(sessionId: string, memberId: string) {
  return useQuery(bidSessionQueries.participantCertifications(sessionId, memberId));
}

export function useParticipantAtQuery(sessionId: string, participant: BoardParticipant | null) {
  return useQuery(bidSessionQueries.participantAt(sessionId, participant));
}

export function useStartCheckQuery(sessionId: string, options: BidSessionQueryOptions = {}) {
  return useQuery(bidSessionQueries.startCheck(sessionId, options));
}

export function useDeliveryLogQuery(sessionId: string, filter: DeliveryLogFilter) {
  return useQuery(bidSessionQueries.deliveryLog(sessionId, filter));
}

export function useNextInQueueQuery(sessionId: string, turn: string) {
  return useQuery(bidSessionQueries.nextInQueue(sessionId, turn));
}

export function useParticipantSearchQuery(sessionId: string, search: string) {
  return useQuery(bidSessionQueries.participantSearch(sessionId, search));
}
