/**
 * What the live layer does with a `session.changed` event (docs/decisions/012-session-board.md):
 * patch the cached board, the loaded participant pages and the history in place; read the board
 * again only on a missed version, once and after a random delay; refresh the member's own data only
 * when the event is about them, and the sessions lists only when a status changes. Kept apart from
 * the stream's plumbing (`live-events.ts`) so that it can be tested with a bare QueryClient.
 */
import {
  applySessionChange,
  type BoardParticipant,
  describeHistoryEntry,
  HISTORY_ACTIONS,
  type HistoryAction,
  type Participant,
  type ParticipantOutcome,
  type ParticipantPage,
  type SessionBoard,
  type SessionChangedEvent,
  type SessionHistoryEntry,
} from '@stationbid/domain';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import {
  invalidateMemberPlace,
  invalidateSessionLists,
  invalidateSessionReads,
  type MyParticipation,
  sessionQueryKeys,
} from './session-queries.ts';

/**
 * The longest random wait before a board is read again. Every watcher gets the same event at the
 * same moment; spread over 1.5 s, thousands of reads arrive as a stream rather than a wall, and the
 * board is still current well before anyone could act on it.
 */
export const BOARD_READ_JITTER_MS = 1500;

/** The jitter actually used; component tests set it to 0 so that a read happens at once. */
export const liveTiming = { boardReadJitterMs: BOARD_READ_JITTER_MS };

/** Actions after which the sessions lists (status badges, progress on the cards) are read again. */
const STATUS_ACTIONS: ReadonlySet<string> = new Set([
  'session_started',
  'session_paused',
  'session_resumed',
  'session_completed',
]);

export interface SessionChangeContext {
  /** The board as the page knew it before the event; undefined when none was cached. */
  previousBoard: SessionBoard | undefined;
  /** The name of the participant the event is about, when the page knew it. */
  participantName: string | null;
}

/** Answers whether a participant named by the board is the signed-in member. */
type MemberMatcher = (participant: Pick<BoardParticipant, 'participantId' | 'memberId'> | null | undefined) => boolean;

/** Handles one event of a followed session; answers what the page knew before it, for the event lists. */
export function followSessionChange(
  queryClient: QueryClient,
  event: SessionChangedEvent,
  memberId: string | null,
): SessionChangeContext {
  const boardKey = sessionQueryKeys.board(event.sessionId);
  const previousBoard = queryClient.getQueryData<SessionBoard>(boardKey);
  const participantName = findParticipantName(queryClient, event, previousBoard);
  const outcome = previousBoard === undefined ? null : applySessionChange(previousBoard, event);

  if (outcome?.kind === 'applied') {
    queryClient.setQueryData(boardKey, outcome.board);
    patchParticipantPages(queryClient, event);
    addToHistory(queryClient, event, participantName);
  } else if (outcome?.kind === 'gap') {
    // A missed step may have been about the member: their own data is read with the board.
    scheduleSessionRead(queryClient, event.sessionId, { includesMemberData: true });
  }
  // Without a cached board there is nothing to patch: the page's own first read is on its way.

  const isAboutMember = createMemberMatcher(queryClient, event.sessionId, memberId);
  if (outcome?.kind !== 'stale' && outcome?.kind !== 'gap' && isEventAboutMember(event, previousBoard, isAboutMember)) {
    refreshMemberData(queryClient, event.sessionId);
  }
  if (STATUS_ACTIONS.has(event.action)) scheduleListsRead(queryClient);
  return { previousBoard, participantName };
}

function createMemberMatcher(queryClient: QueryClient, sessionId: string, memberId: string | null): MemberMatcher {
  const mine = queryClient.getQueryData<MyParticipation>(sessionQueryKeys.myParticipation(sessionId))?.participant;
  return (participant) => {
    if (participant === null || participant === undefined) return false;
    if (mine !== undefined && mine !== null && participant.participantId === mine.id) return true;
    return memberId !== null && participant.memberId === memberId;
  };
}

/**
 * True when the step touched the member: they are the pick, the event's participant, the new turn
 * holder, one of the next few (their place and "You are next!" change), or held the turn before it.
 */
export function isEventAboutMember(
  event: SessionChangedEvent,
  previousBoard: SessionBoard | undefined,
  isMember: MemberMatcher,
): boolean {
  if (event.participantId !== undefined && isMember({ participantId: event.participantId, memberId: null })) {
    return true;
  }
  if (isMember(event.pick)) return true;
  if (isMember(previousBoard?.turn)) return true;
  if (event.board === undefined) return false;
  return isMember(event.board.turn) || event.board.upcoming.some((participant) => isMember(participant));
}

const pendingMemberRefreshes = new WeakMap<QueryClient, Set<string>>();

/** The member's own data, once for the several events of one step (a bid that completes a session sends three). */
function refreshMemberData(queryClient: QueryClient, sessionId: string): void {
  let pending = pendingMemberRefreshes.get(queryClient);
  if (!pending) {
    pending = new Set();
    pendingMemberRefreshes.set(queryClient, pending);
  }
  if (pending.has(sessionId)) return;
  pending.add(sessionId);
  queueMicrotask(() => {
    pending.delete(sessionId);
    void invalidateMemberPlace(queryClient, sessionId);
  });
}

interface PendingRead {
  timer: ReturnType<typeof setTimeout>;
  includesMemberData: boolean;
}

const pendingReads = new WeakMap<QueryClient, Map<string, PendingRead>>();
const LISTS_READ = 'lists';

function pendingReadsOf(queryClient: QueryClient): Map<string, PendingRead> {
  let reads = pendingReads.get(queryClient);
  if (!reads) {
    reads = new Map();
    pendingReads.set(queryClient, reads);
  }
  return reads;
}

function jitterMs(): number {
  return Math.floor(Math.random() * liveTiming.boardReadJitterMs);
}

/**
 * Reads a session's board (with its history and loaded participant pages, and the member's own data
 * when asked) again, once: further calls before it happens join it. After a random delay, since
 * every watcher of the session calls this at the same moment.
 */
export function scheduleSessionRead(
  queryClient: QueryClient,
  sessionId: string,
  { includesMemberData }: { includesMemberData: boolean },
): void {
  const reads = pendingReadsOf(queryClient);
  const pending = reads.get(sessionId);
  if (pending) {
    pending.includesMemberData ||= includesMemberData;
    return;
  }
  const read: PendingRead = {
    includesMemberData,
    timer: setTimeout(() => {
      reads.delete(sessionId);
      void invalidateSessionReads(queryClient, sessionId);
      if (read.includesMemberData) void invalidateMemberPlace(queryClient, sessionId);
    }, jitterMs()),
  };
  reads.set(sessionId, read);
}

function scheduleListsRead(queryClient: QueryClient): void {
  const reads = pendingReadsOf(queryClient);
  if (reads.has(LISTS_READ)) return;
  reads.set(LISTS_READ, {
    includesMemberData: false,
    timer: setTimeout(() => {
      reads.delete(LISTS_READ);
      void invalidateSessionLists(queryClient);
    }, jitterMs()),
  });
}

/** Forgets reads not yet made (tests, sign-out). */
export function cancelScheduledReads(queryClient: QueryClient): void {
  for (const read of pendingReadsOf(queryClient).values()) clearTimeout(read.timer);
  pendingReads.delete(queryClient);
}

function findParticipantName(
  queryClient: QueryClient,
  event: SessionChangedEvent,
  board: SessionBoard | undefined,
): string | null {
  if (event.pick) return event.pick.name;
  const participantId = event.participantId;
  if (participantId === undefined) return null;
  const named =
    (board?.turn?.participantId === participantId ? board.turn : undefined) ??
    board?.upcoming.find((participant) => participant.participantId === participantId) ??
    board?.recentPicks.find((pick) => pick.participantId === participantId);
  if (named) return named.name;
  for (const [, pages] of queryClient.getQueriesData<InfiniteData<ParticipantPage>>({
    queryKey: sessionQueryKeys.participantPages(event.sessionId),
  })) {
    for (const page of pages?.pages ?? []) {
      const participant = page.participants.find((candidate) => candidate.id === participantId);
      if (participant) return `${participant.user.firstName} ${participant.user.lastName}`;
    }
  }
  return null;
}

const OUTCOME_OF_PICK: Readonly<Record<'own' | 'proxy' | 'auto', ParticipantOutcome>> = {
  own: 'bid',
  proxy: 'proxy_bid',
  auto: 'auto_assigned',
};

/** A participant as a list shows them after the step: their turn, their outcome and their seat. */
export function patchParticipant(participant: Participant, event: SessionChangedEvent): Participant {
  let next = participant;
  const turnId = event.board?.turn?.participantId ?? null;
  const isCurrentTurn =
    event.board === undefined
      ? participant.isCurrentTurn
      : participant.id === turnId && (event.board.status === 'active' || event.board.status === 'paused');
  if (next.isCurrentTurn !== isCurrentTurn) next = { ...next, isCurrentTurn };
  const pick = event.pick;
  if (pick && pick.participantId === participant.id) {
    const station = { id: pick.station.id, _id: pick.station.id, name: pick.station.name, number: pick.station.number };
    return {
      ...next,
      hasBid: true,
      outcome: OUTCOME_OF_PICK[pick.kind],
      assignedStation: station,
      assignedShift: pick.shift,
      assignedPosition: pick.position,
    };
  }
  if (event.participantId !== participant.id) return next;
  if (event.action === 'turn_skipped') return { ...next, outcome: 'skipped' };
  if (event.action === 'auto_assigned') return { ...next, outcome: 'not_assigned' };
  if (event.action === 'moved_to_back') return { ...next, movedToBack: true };
  return next;
}

/** Patches the loaded pages of the participant list; pages nothing changed in keep their identity. */
function patchParticipantPages(queryClient: QueryClient, event: SessionChangedEvent): void {
  queryClient.setQueriesData<InfiniteData<ParticipantPage>>(
    { queryKey: sessionQueryKeys.participantPages(event.sessionId) },
    (data) => {
      if (data === undefined) return data;
      let hasChanged = false;
      const pages = data.pages.map((page) => {
        let isPageChanged = false;
        const participants = page.participants.map((participant) => {
          const next = patchParticipant(participant, event);
          if (next !== participant) isPageChanged = true;
          return next;
        });
        if (!isPageChanged) return page;
        hasChanged = true;
        return { ...page, participants };
      });
      return hasChanged ? { ...data, pages } : data;
    },
  );
}

function isHistoryAction(action: string): action is HistoryAction {
  return (HISTORY_ACTIONS as readonly string[]).includes(action);
}

/**
 * Who caused a step: the event names them (`actorName`: a member, an administrator, or "system");
 * a phone-in pick names its administrator too (`placedBy`). Events from an older server carry
 * neither, and the rest is what the action tells.
 */
function describeActor(event: SessionChangedEvent, participantName: string | null): string {
  if (event.actorName !== undefined) return event.actorName;
  if (event.pick?.placedBy) return event.pick.placedBy;
  if (event.action === 'auto_assigned' || event.action === 'moved_to_back' || event.action === 'session_completed') {
    return 'system';
  }
  if (event.action === 'bid_submitted' && event.pick?.kind === 'proxy') return 'An administrator';
  if (event.action === 'bid_submitted' || event.action === 'turn_skipped') return participantName ?? 'A member';
  return 'An administrator';
}

/**
 * The history entry an event stands for, so that the history shown grows with the session without
 * being read again; the next full read (on a gap or a reopened stream) replaces it with the server's.
 */
export function toHistoryEntry(event: SessionChangedEvent, participantName: string | null): SessionHistoryEntry | null {
  if (!isHistoryAction(event.action)) return null;
  const id = `live-${event.version ?? event.at}-${event.action}-${event.participantId ?? ''}`;
  const pick = event.pick;
  const facts = {
    action: event.action,
    userName: participantName,
    actorName: describeActor(event, participantName),
    stationName: pick?.station.name ?? event.seat?.stationName ?? null,
    stationNumber: pick?.station.number ?? event.seat?.stationNumber ?? null,
    shift: pick?.shift ?? null,
    position: pick?.position ?? null,
  };
  const opened = pick?.opened;
  const detailsData = {
    ...(pick?.kind === 'proxy' ? { proxy: true } : {}),
    // A vacancy bid's move names the seat it opened, in the shape the server's history gives it.
    ...(opened === undefined
      ? {}
      : {
          opened: {
            stationId: opened.station.id,
            stationNumber: opened.station.number,
            stationName: opened.station.name,
            shift: opened.shift,
            seatPosition: opened.position,
          },
        }),
  };
  return {
    id,
    _id: id,
    ...facts,
    bidPriority: pick?.bidPriority ?? null,
    timestamp: event.at,
    details: describeHistoryEntry({ ...facts, details: detailsData }),
    detailsData,
  };
}

function addToHistory(queryClient: QueryClient, event: SessionChangedEvent, participantName: string | null): void {
  const entry = toHistoryEntry(event, participantName);
  if (entry === null) return;
  queryClient.setQueryData<SessionHistoryEntry[]>(sessionQueryKeys.history(event.sessionId), (history) =>
    history === undefined || history.some((existing) => existing.id === entry.id) ? history : [...history, entry],
  );
}
