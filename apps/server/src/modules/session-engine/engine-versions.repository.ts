/**
 * The versions a session's kept engine state and board are valid for (docs/decisions/
 * 008-engine-state-cache.md, 012-session-board.md): read them, mark a transaction as an engine
 * step, and count a step's change for the other running sessions it touches. Apart from the loader
 * and the writer because the readers that only check whether what they keep is still valid (the
 * board, the session reads) need these and nothing else.
 *
 * A session's kept state is valid while two counters are unchanged: the session's own `version`
 * (every update of its row adds one; each step updates it exactly once) and the engine data
 * version of migration 0001, which counts changes made outside engine steps (an administrator's
 * assignment, a station edit) and changes a step made to another running session's seats.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/** The count of changes to what engine states are read from, made outside the sessions' own steps. */
export async function readEngineDataVersion(executor: Executor): Promise<number> {
  const result = await executor.execute(
    sql`select coalesce((select value from engine_data_version where id = 1), 0)::text as value`,
  );
  const [row] = (result as unknown as { rows: { value: string }[] }).rows;
  return Number(row?.value ?? 0);
}

/** Both counters a session's kept state and board are valid for, with its status; undefined for an unknown id. */
export async function readSessionVersions(
  executor: Executor,
  sessionId: string,
): Promise<{ version: number; outsideVersion: number; status: string } | undefined> {
  const result = await executor.execute(sql`
    select b.version::text as version, b.status,
      coalesce((select value from engine_data_version where id = 1), 0)::text as outside
    from bid_sessions b where b.id = ${sessionId}`);
  const [row] = (result as unknown as { rows: { version: string; outside: string; status: string }[] }).rows;
  return row ? { version: Number(row.version), outsideVersion: Number(row.outside), status: row.status } : undefined;
}

/**
 * Marks the transaction as an engine step: the change triggers leave its writes uncounted (the
 * step's own session counts it through its row's version).
 */
export async function markEngineStep(executor: Executor): Promise<void> {
  await executor.execute(sql`select set_config('stationbid.engine_step', 'on', true)`);
}

/**
 * A step that moved members between seats changes what another running session offers when that
 * session offers one of those stations (or every station) or counts one of those members: such a
 * step counts one outside change, so the other session reads its state afresh. Sessions with
 * nothing in common, the normal case of two sessions at once, do not touch each other. Answers the
 * engine data version after the step (counted or not).
 */
export async function countChangeForOtherSessions(
  executor: Executor,
  change: { sessionId: string; stationIds: readonly string[]; memberIds: readonly string[] },
): Promise<{ outsideVersion: number; hasCounted: boolean }> {
  if (change.stationIds.length > 0 || change.memberIds.length > 0) {
    const stationList =
      change.stationIds.length > 0
        ? sql.join(
            change.stationIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )
        : sql`null`;
    const memberList =
      change.memberIds.length > 0
        ? sql.join(
            change.memberIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )
        : sql`null`;
    const counted = await executor.execute(sql`
      update engine_data_version set value = value + 1
      where id = 1 and exists (
        select 1 from bid_sessions other
        where other.id <> ${change.sessionId} and other.status in ('active', 'paused')
          and (
            not exists (select 1 from bid_session_stations l where l.session_id = other.id)
            or exists (select 1 from bid_session_stations l where l.session_id = other.id and l.station_id in (${stationList}))
            or exists (select 1 from participants p where p.session_id = other.id and p.member_id in (${memberList}))
          ))
      returning value::text as value`);
    const [row] = (counted as unknown as { rows: { value: string }[] }).rows;
    if (row) return { outsideVersion: Number(row.value), hasCounted: true };
  }
  return { outsideVersion: await readEngineDataVersion(executor), hasCounted: false };
}
