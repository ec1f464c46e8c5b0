/** Queries on a member's bid preferences: the jsonb column and the notification flags beside it. */
import type { StoredBidPreferences } from '@stationbid/domain';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { members, seats, stations } from '../../db/schema/index.ts';

export interface MemberPreferenceRow {
  storedPreferences: unknown;
  notifications: boolean;
  emailNotifications: boolean;
  smsNotifications: boolean;
  bidReminders: boolean;
}

const preferenceColumns = {
  storedPreferences: members.bidPreferences,
  notifications: members.notificationsEnabled,
  emailNotifications: members.emailNotifications,
  smsNotifications: members.smsNotifications,
  bidReminders: members.bidReminders,
};

/** The member's row locked for update, so two saves of the same member apply one after the other. */
export async function findMemberPreferences(
  executor: Executor,
  memberId: string,
  options: { forUpdate?: boolean } = {},
): Promise<MemberPreferenceRow | undefined> {
  const query = executor.select(preferenceColumns).from(members).where(eq(members.id, memberId));
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

export async function saveMemberPreferences(
  executor: Executor,
  memberId: string,
  values: Omit<MemberPreferenceRow, 'storedPreferences'> & {
    /** Kept in one jsonb with the version it makes (schemas/bid-preferences.ts, readStoredVersion). */
    storedPreferences: StoredBidPreferences & { version: number };
  },
): Promise<void> {
  await executor
    .update(members)
    .set({
      bidPreferences: values.storedPreferences,
      notificationsEnabled: values.notifications,
      emailNotifications: values.emailNotifications,
      smsNotifications: values.smsNotifications,
      bidReminders: values.bidReminders,
    })
    .where(eq(members.id, memberId));
}

/** Which of these station ids exist (active or not). */
export async function listExistingStationIds(executor: Executor, stationIds: readonly string[]): Promise<Set<string>> {
  if (stationIds.length === 0) return new Set();
  const rows = await executor
    .select({ id: stations.id })
    .from(stations)
    .where(inArray(stations.id, [...stationIds]));
  return new Set(rows.map((row) => row.id));
}

/** The ids of the stations with these numbers, by number (numbers without a station are absent). */
export async function findStationIdsByNumber(
  executor: Executor,
  numbers: readonly number[],
): Promise<Map<number, string>> {
  if (numbers.length === 0) return new Map();
  const rows = await executor
    .select({ id: stations.id, number: stations.number })
    .from(stations)
    .where(inArray(stations.number, [...numbers]));
  return new Map(rows.map((row) => [row.number, row.id]));
}

/**
 * The seat kinds these stations have, as `stationId|shift|seatPosition` keys (seatChoiceKey's
 * shape), with each station's number for messages.
 */
export async function listSeatKinds(
  executor: Executor,
  stationIds: readonly string[],
): Promise<{ kinds: Set<string>; numbers: Map<string, number> }> {
  if (stationIds.length === 0) return { kinds: new Set(), numbers: new Map() };
  const rows = await executor
    .selectDistinct({
      stationId: seats.stationId,
      number: stations.number,
      shift: seats.shift,
      seatPosition: seats.seatPosition,
    })
    .from(seats)
    .innerJoin(stations, eq(stations.id, seats.stationId))
    .where(inArray(seats.stationId, [...stationIds]));
  const numberRows = await executor
    .select({ id: stations.id, number: stations.number })
    .from(stations)
    .where(inArray(stations.id, [...stationIds]));
  return {
    kinds: new Set(rows.map((row) => `${row.stationId}|${row.shift}|${row.seatPosition}`)),
    numbers: new Map(numberRows.map((row) => [row.id, row.number])),
  };
}
