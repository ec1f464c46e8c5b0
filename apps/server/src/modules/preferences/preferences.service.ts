/**
 * A member's own bid preferences (packages/domain/src/schemas/bid-preferences.ts). Stored
 * preferences are read leniently, so a record from an older shape still loads; what is saved is
 * checked strictly, including that every station named exists, because the engine would silently
 * skip a choice it cannot find.
 *
 * Each save counts up the preferences' version. A save that names the version its copy was read at
 * is compared with the stored one under the member's row lock, in the save's own transaction, so of
 * two saves made on the same copy (a phone and a desktop) exactly one applies and the other is
 * refused with 409: an old copy never overwrites a newer list.
 */
import {
  BID_PREFERENCE_MESSAGES,
  type BidPreferences,
  readStoredBidPreferences,
  readStoredVersion,
  type SavedBidPreferences,
  type SeatChoicePreference,
  seatChoiceKey,
  type UpdateBidPreferencesRequest,
} from '@stationbid/domain';
import type { Database, Executor } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import {
  findMemberPreferences,
  findStationIdsByNumber,
  listExistingStationIds,
  listSeatKinds,
  type MemberPreferenceRow,
  saveMemberPreferences,
} from './preferences.repository.ts';

function toBidPreferences(row: MemberPreferenceRow): SavedBidPreferences {
  return {
    ...readStoredBidPreferences(row.storedPreferences),
    notifications: row.notifications,
    emailNotifications: row.emailNotifications,
    smsNotifications: row.smsNotifications,
    bidReminders: row.bidReminders,
    version: readStoredVersion(row.storedPreferences),
  };
}

/** What a save answers: the preferences now stored, with their new version. */
export type SavedPreferences = BidPreferences & { version: number };

export class PreferencesService {
  constructor(private readonly db: Database) {}

  async getPreferences(memberId: string): Promise<SavedBidPreferences> {
    const row = await findMemberPreferences(this.db, memberId);
    if (!row) throw notFound('User');
    return toBidPreferences(row);
  }

  /**
   * Changes the fields given and keeps the others; answers the preferences now stored. With
   * `version`, refuses (409) when the stored preferences are no longer that version.
   */
  async updatePreferences(memberId: string, request: UpdateBidPreferencesRequest): Promise<SavedPreferences> {
    const { version: readAt, ...changes } = request;
    return this.db.transaction(async (tx) => {
      // Locked until the commit: a second save of the same member waits here, then reads this one's version.
      const row = await findMemberPreferences(tx, memberId, { forUpdate: true });
      if (!row) throw notFound('User');
      const storedVersion = readStoredVersion(row.storedPreferences);
      if (readAt !== undefined && readAt !== storedVersion) {
        throw conflict(BID_PREFERENCE_MESSAGES.changedElsewhere, { version: storedVersion });
      }
      const version = storedVersion + 1;
      const preferredStations =
        changes.preferredStations === undefined ? undefined : await resolveStations(tx, changes.preferredStations);
      const {
        notifications,
        emailNotifications,
        smsNotifications,
        bidReminders,
        version: _previous,
        ...stored
      } = {
        ...toBidPreferences(row),
        ...withoutUndefined({ ...changes, preferredStations }),
      };
      await refuseUnknownStations(tx, [
        ...stored.seatChoices.map((choice) => choice.stationId),
        ...stored.preferredStations,
      ]);
      // Only a list being saved now: one stored earlier stays loadable after a station's seats change.
      if (changes.seatChoices !== undefined) await refuseSeatsThatDoNotExist(tx, changes.seatChoices);
      const saved = {
        notifications,
        emailNotifications,
        smsNotifications,
        bidReminders,
        storedPreferences: { ...stored, version },
      };
      await saveMemberPreferences(tx, memberId, saved);
      return { ...stored, notifications, emailNotifications, smsNotifications, bidReminders, version };
    });
  }
}

/**
 * Station ids as given, and the spec's "Station 3" options (station numbers, read by the schema)
 * as the ids of those stations; a number without a station is refused like an unknown id.
 */
async function resolveStations(executor: Executor, stations: readonly (string | number)[]): Promise<string[]> {
  const numbers = stations.filter((station): station is number => typeof station === 'number');
  const idsByNumber = await findStationIdsByNumber(executor, numbers);
  const unknownNumbers = numbers.filter((number) => !idsByNumber.has(number));
  if (unknownNumbers.length > 0) {
    throw badRequest(BID_PREFERENCE_MESSAGES.stationUnknown, { stationNumbers: unknownNumbers });
  }
  const ids = stations.map((station) => (typeof station === 'number' ? (idsByNumber.get(station) as string) : station));
  if (new Set(ids).size !== ids.length) throw badRequest(BID_PREFERENCE_MESSAGES.preferredStationsDuplicate);
  return ids;
}

/** A stored station may have been deleted since: only a save naming it is refused, not a load. */
async function refuseUnknownStations(executor: Executor, stationIds: readonly string[]): Promise<void> {
  const wanted = [...new Set(stationIds)];
  const existing = await listExistingStationIds(executor, wanted);
  const unknown = wanted.filter((id) => !existing.has(id));
  if (unknown.length > 0) throw badRequest(BID_PREFERENCE_MESSAGES.stationUnknown, { stationIds: unknown });
}

/**
 * A ranked seat the station does not have on that shift (no Engineer seat on B shift) could never
 * be awarded: auto-bid would pass over it in silence, so the save is refused, naming the seat.
 * Whether the member may take the position is not checked here: that depends on each session's
 * eligibility mode (bidding-rules.md), and the engine checks it at the turn.
 */
async function refuseSeatsThatDoNotExist(executor: Executor, choices: readonly SeatChoicePreference[]): Promise<void> {
  if (choices.length === 0) return;
  const { kinds, numbers } = await listSeatKinds(executor, [...new Set(choices.map((choice) => choice.stationId))]);
  const missing = choices.filter((choice) => !kinds.has(seatChoiceKey(choice)));
  const [first] = missing;
  if (first === undefined) return;
  const station = numbers.has(first.stationId) ? `Station ${numbers.get(first.stationId)}` : 'The station';
  throw badRequest(`${station} has no ${first.seatPosition} seat on ${first.shift} shift`, {
    seatChoices: missing,
  });
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
}
