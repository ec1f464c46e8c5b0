/**
 * The seats of a vacancy bid (bidding-rules.md, "Vacancy bids"): the ones the administrator opens
 * when creating it, and, frozen at the start, the ones its participants hold (a move opens one).
 * The engine's seats are exactly these, so a free seat of the session is an open one.
 */
import type { OpenSeat, OpenSeatRequest, SeatPosition, Shift } from '@stationbid/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';

/** "Station 4 has no free B-shift Engineer seat to open: ..." */
function noFreeSeatMessage(stationNumber: number | null, request: OpenSeatRequest): string {
  if (stationNumber === null) return 'An open seat names a station that is not active: choose an active station';
  return `Station ${stationNumber} has no free ${request.shift}-shift ${request.position} seat to open: a seat someone holds opens when they move`;
}

/**
 * Opens the requested seats for a vacancy bid: for each, the free seat of that station, shift and
 * position with the lowest ordinal not opened already. Refused (400, naming the seat) when the
 * station is not active or has no such free seat left.
 */
export async function openVacancySeats(
  executor: Executor,
  sessionId: string,
  requests: readonly OpenSeatRequest[],
): Promise<void> {
  const chosen: string[] = [];
  for (const request of requests) {
    const result = await executor.execute(sql`
      select s.id, st.number
      from stations st
      left join seats s on s.station_id = st.id and s.shift = ${request.shift} and s.seat_position = ${request.position}
        and not exists (select 1 from members m where m.current_seat_id = s.id)
        and not exists (select 1 from jsonb_array_elements_text(${JSON.stringify(chosen)}::jsonb) c where c.value::uuid = s.id)
      where st.id = ${request.stationId} and st.is_active
      order by s.ordinal nulls last
      limit 1`);
    const [row] = (result as unknown as { rows: { id: string | null; number: number }[] }).rows;
    if (!row?.id) throw new AppError('VALIDATION_ERROR', noFreeSeatMessage(row?.number ?? null, request));
    chosen.push(row.id);
  }
  await executor.execute(sql`
    insert into bid_session_vacancy_seats (session_id, seat_id, open)
    select ${sessionId}, c.value::uuid, true from jsonb_array_elements_text(${JSON.stringify(chosen)}::jsonb) c`);
}

/** At the start: the seats the participants hold become the bid's too, so a move can open them. */
export async function freezeVacancySeatsAtStart(executor: Executor, sessionId: string): Promise<void> {
  await executor.execute(sql`
    insert into bid_session_vacancy_seats (session_id, seat_id, open)
    select ${sessionId}, m.current_seat_id, false
    from participants p join members m on m.id = p.member_id
    where p.session_id = ${sessionId} and m.current_seat_id is not null
    on conflict do nothing`);
}

/**
 * The condition on `seats s` for a vacancy bid's seats: those recorded for it, and (before the
 * start froze them) the seats its participants hold now.
 */
export function isVacancySeat(sessionId: string): SQL {
  return sql`(
    s.id in (select v.seat_id from bid_session_vacancy_seats v where v.session_id = ${sessionId})
    or s.id in (
      select m.current_seat_id from participants p join members m on m.id = p.member_id
      where p.session_id = ${sessionId} and m.current_seat_id is not null
    )
  )`;
}

/** The seats the administrator opened, by station number, shift, position and ordinal. */
export async function listOpenSeats(executor: Executor, sessionId: string): Promise<OpenSeat[]> {
  const result = await executor.execute(sql`
    select s.id as "seatId", st.id as "stationId", st.number as "stationNumber", st.name as "stationName",
      s.shift, s.seat_position as position
    from bid_session_vacancy_seats v
    join seats s on s.id = v.seat_id
    join stations st on st.id = s.station_id
    where v.session_id = ${sessionId} and v.open
    order by st.number, s.shift, s.seat_position, s.ordinal`);
  return (
    result as unknown as {
      rows: {
        seatId: string;
        stationId: string;
        stationNumber: number;
        stationName: string;
        shift: Shift;
        position: SeatPosition;
      }[];
    }
  ).rows.map((row) => ({ ...row, stationNumber: Number(row.stationNumber) }));
}
