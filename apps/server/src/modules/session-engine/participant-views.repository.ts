/**
 * Participants as the session's screens show them: each with what their member record says now
 * (the seat they hold, whether they are online). The whole list, the turn holder and the next, one
 * member's, and a searched page; each a single query however large the session. The sessions'
 * other queries are in bid-sessions.repository.ts.
 */
import { and, asc, count, eq, gt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { members, participants, seats, stations } from '../../db/schema/index.ts';
import { timestampParam } from '../../db/sql-helpers.ts';
import type { ParticipantRow } from './bid-sessions.repository.ts';

/** A participant with what their member record says now: the seat they hold and whether they are online. */
export interface ParticipantView {
  participant: ParticipantRow;
  member: { isAdmin: boolean; email: string; lastSeenAt: Date | null } | null;
  currentSeat: {
    shift: string;
    seatPosition: string;
    stationId: string;
    stationName: string;
    stationNumber: number;
  } | null;
}

const participantViewColumns = {
  participant: participants,
  member: { isAdmin: members.isAdmin, email: members.email, lastSeenAt: members.lastSeenAt },
  currentSeat: {
    shift: seats.shift,
    seatPosition: seats.seatPosition,
    stationId: stations.id,
    stationName: stations.name,
    stationNumber: stations.number,
  },
};

async function selectParticipantViews(executor: Executor, condition: SQL | undefined): Promise<ParticipantView[]> {
  const rows = await executor
    .select(participantViewColumns)
    .from(participants)
    .leftJoin(members, eq(members.id, participants.memberId))
    .leftJoin(seats, eq(seats.id, members.currentSeatId))
    .leftJoin(stations, eq(stations.id, seats.stationId))
    .where(condition)
    .orderBy(asc(participants.sessionId), asc(participants.queuePosition));
  return rows.map(toParticipantView);
}

type ParticipantViewRow = {
  participant: ParticipantRow;
  member: ParticipantView['member'];
  currentSeat: {
    [K in keyof NonNullable<ParticipantView['currentSeat']>]: NonNullable<ParticipantView['currentSeat']>[K] | null;
  };
};

function toParticipantView({ participant, member, currentSeat }: ParticipantViewRow): ParticipantView {
  return {
    participant,
    member,
    currentSeat:
      currentSeat.stationId !== null &&
      currentSeat.stationName !== null &&
      currentSeat.stationNumber !== null &&
      currentSeat.shift !== null &&
      currentSeat.seatPosition !== null
        ? {
            shift: currentSeat.shift,
            seatPosition: currentSeat.seatPosition,
            stationId: currentSeat.stationId,
            stationName: currentSeat.stationName,
            stationNumber: currentSeat.stationNumber,
          }
        : null,
  };
}

/** Every participant of a session in queue order, with their member's seat and presence. */
export async function listParticipantViews(executor: Executor, sessionId: string): Promise<ParticipantView[]> {
  return selectParticipantViews(executor, eq(participants.sessionId, sessionId));
}

/**
 * How far past the turn the next waiting participant is looked for. Everyone after the turn is
 * still waiting (turns go in queue order; a participant moved to the back is renumbered behind
 * the rest), so the next is the very next place; the bound only keeps the planner from reading
 * the whole rest of the queue, as it did with an open range on stale statistics.
 */
const NEXT_LOOKAHEAD = 8;

/**
 * For each of these running sessions, the turn holder and the first waiting participant after
 * them: at most two rows per session, each found by the (session, queue position) index, so the
 * cost does not grow with the queue.
 */
export async function listTurnParticipantViews(
  executor: Executor,
  sessionIds: readonly string[],
): Promise<ParticipantView[]> {
  if (sessionIds.length === 0) return [];
  const ids = sql.join(
    sessionIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const turnAndNext = sql`(
    select turn.id from bid_sessions b
    cross join lateral (
      (select p.id from participants p
        where p.session_id = b.id and p.queue_position = b.current_participant - 1)
      union all
      (select p.id from participants p
        where p.session_id = b.id and p.outcome is null
          and p.queue_position between b.current_participant and b.current_participant + ${NEXT_LOOKAHEAD}
        order by p.queue_position limit 1)
    ) turn
    where b.id in (${ids}))`;
  // `= any(array(...))`: the two ids are found first, then read by primary key; an `in (subquery)`
  // let the planner scan every participant and join (15-30 ms at 20,000).
  return selectParticipantViews(executor, sql`${participants.id} = any(array${turnAndNext})`);
}

/** One member's participant view in a session, or undefined when they take no part. */
export async function findParticipantViewByMember(
  executor: Executor,
  sessionId: string,
  memberId: string,
): Promise<ParticipantView | undefined> {
  const [view] = await selectParticipantViews(
    executor,
    and(eq(participants.sessionId, sessionId), eq(participants.memberId, memberId)),
  );
  return view;
}

/** What a participant search matches: part of the name ("First Last") or of the employee ID, any case. */
function participantSearchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return or(
    sql`(${participants.firstName} || ' ' || ${participants.lastName}) ilike ${pattern}`,
    sql`${participants.employeeId} ilike ${pattern}`,
  );
}

export interface ParticipantFilter {
  search: string | undefined;
  /** Only participants who joined and were seen since then (connected). */
  connectedSince: Date | undefined;
}

function participantFilterCondition(sessionId: string, filter: ParticipantFilter): SQL | undefined {
  return and(
    eq(participants.sessionId, sessionId),
    participantSearchCondition(filter.search),
    filter.connectedSince === undefined
      ? undefined
      : sql`${participants.joinedAt} is not null and greatest(
          coalesce(${participants.lastSeenAt}, 'epoch'::timestamptz), coalesce(${members.lastSeenAt}, 'epoch'::timestamptz)
        ) >= ${timestampParam(filter.connectedSince)}`,
  );
}

/**
 * A page of a session's participants in queue order, after queue position `afterPosition`
 * (keyset paging on the (session, queue position) index), optionally filtered.
 */
export async function listParticipantViewsPage(
  executor: Executor,
  sessionId: string,
  page: ParticipantFilter & { afterPosition: number | undefined; limit: number },
): Promise<ParticipantView[]> {
  const rows = await executor
    .select(participantViewColumns)
    .from(participants)
    .leftJoin(members, eq(members.id, participants.memberId))
    .leftJoin(seats, eq(seats.id, members.currentSeatId))
    .leftJoin(stations, eq(stations.id, seats.stationId))
    .where(
      and(
        participantFilterCondition(sessionId, page),
        page.afterPosition === undefined ? undefined : gt(participants.queuePosition, page.afterPosition),
      ),
    )
    .orderBy(asc(participants.queuePosition))
    .limit(page.limit);
  return rows.map(toParticipantView);
}

/** How many of a session's participants a filter matches (all of them without one). */
export async function countParticipantsMatching(
  executor: Executor,
  sessionId: string,
  filter: ParticipantFilter,
): Promise<number> {
  const [row] = await executor
    .select({ total: count() })
    .from(participants)
    .leftJoin(members, eq(members.id, participants.memberId))
    .where(participantFilterCondition(sessionId, filter));
  return row?.total ?? 0;
}
