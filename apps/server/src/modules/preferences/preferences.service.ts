/**
 * A member's own bid preferences (spec sections 3 and 5). Stored preferences are read leniently, so
 * a record from an older shape still loads; what is saved is checked strictly, including that every
 * station named exists, because the engine would silently skip a choice it cannot find.
 */
import {
  BID_PREFERENCE_MESSAGES,
  type BidPreferences,
  readStoredBidPreferences,
  type UpdateBidPreferencesRequest,
} from '@stationbid/domain';
import type { Database, Executor } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import {
  findMemberPreferences,
  listExistingStationIds,
  type MemberPreferenceRow,
  saveMemberPreferences,
} from './preferences.repository.ts';

function toBidPreferences(row: MemberPreferenceRow): BidPreferences {
  return {
    ...readStoredBidPreferences(row.storedPreferences),
    notifications: row.notifications,
    emailNotifications: row.emailNotifications,
    smsNotifications: row.smsNotifications,
    bidReminders: row.bidReminders,
  };
}

export class PreferencesService {
  constructor(private readonly db: Database) {}

  async getPreferences(memberId: string): Promise<BidPreferences> {
    const row = await findMemberPreferences(this.db, memberId);
    if (!row) throw notFound('User');
    return toBidPreferences(row);
  }

  /** Changes the fields given and keeps the others; answers the preferences now stored. */
  async updatePreferences(memberId: string, changes: UpdateBidPreferencesRequest): Promise<BidPreferences> {
    return this.db.transaction(async (tx) => {
      const row = await findMemberPreferences(tx, memberId, { forUpdate: true });
      if (!row) throw notFound('User');
      const { notifications, emailNotifications, smsNotifications, bidReminders, ...stored } = {
        ...toBidPreferences(row),
        ...withoutUndefined(changes),
      };
      await refuseUnknownStations(tx, [
        ...stored.seatChoices.map((choice) => choice.stationId),
        ...stored.preferredStations,
      ]);
      const saved = { notifications, emailNotifications, smsNotifications, bidReminders, storedPreferences: stored };
      await saveMemberPreferences(tx, memberId, saved);
      return { ...stored, notifications, emailNotifications, smsNotifications, bidReminders };
    });
  }
}

/** A stored station may have been deleted since: only a save naming it is refused, not a load. */
async function refuseUnknownStations(executor: Executor, stationIds: readonly string[]): Promise<void> {
  const wanted = [...new Set(stationIds)];
  const existing = await listExistingStationIds(executor, wanted);
  const unknown = wanted.filter((id) => !existing.has(id));
  if (unknown.length > 0) throw badRequest(BID_PREFERENCE_MESSAGES.stationUnknown, { stationIds: unknown });
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
}
