import { describe, expect, it } from 'vitest';
import {
  BID_PREFERENCE_LIMITS,
  BID_PREFERENCE_MESSAGES,
  bidPreferencesSchema,
  DEFAULT_BID_PREFERENCES,
  readStoredBidPreferences,
} from './bid-preferences.ts';

const stationId = '6f1c1f3e-5a4b-4c2d-9e8f-0a1b2c3d4e5f';
const choice = { stationId, shift: 'A', seatPosition: 'Firefighter' } as const;

const firstMessage = (value: unknown) => bidPreferencesSchema.safeParse(value).error?.issues[0]?.message;

describe('bidPreferencesSchema', () => {
  it('accepts the defaults and a full list of distinct choices', () => {
    expect(bidPreferencesSchema.parse(DEFAULT_BID_PREFERENCES)).toEqual(DEFAULT_BID_PREFERENCES);
    const seatChoices = Array.from({ length: BID_PREFERENCE_LIMITS.seatChoicesMax }, (_, index) => ({
      ...choice,
      stationId: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    }));
    expect(bidPreferencesSchema.safeParse({ ...DEFAULT_BID_PREFERENCES, seatChoices }).success).toBe(true);
  });

  it('refuses duplicates, too many choices and values out of range', () => {
    expect(firstMessage({ ...DEFAULT_BID_PREFERENCES, seatChoices: [choice, choice] })).toBe(
      BID_PREFERENCE_MESSAGES.seatChoiceDuplicate,
    );
    const tooMany = Array.from({ length: BID_PREFERENCE_LIMITS.seatChoicesMax + 1 }, () => choice);
    expect(firstMessage({ ...DEFAULT_BID_PREFERENCES, seatChoices: tooMany })).toBe(
      BID_PREFERENCE_MESSAGES.seatChoicesTooMany,
    );
    expect(firstMessage({ ...DEFAULT_BID_PREFERENCES, preferredShifts: ['B', 'B'] })).toBe(
      BID_PREFERENCE_MESSAGES.preferredShiftsDuplicate,
    );
    expect(firstMessage({ ...DEFAULT_BID_PREFERENCES, maxBidAttempts: 11 })).toBe(
      BID_PREFERENCE_MESSAGES.maxBidAttemptsRange,
    );
    expect(firstMessage({ ...DEFAULT_BID_PREFERENCES, bidTimeout: 5 })).toBe(BID_PREFERENCE_MESSAGES.bidTimeoutRange);
  });
});

describe('readStoredBidPreferences', () => {
  it('answers the defaults for nothing or garbage', () => {
    const { notifications, emailNotifications, smsNotifications, bidReminders, ...storedDefaults } =
      DEFAULT_BID_PREFERENCES;
    for (const stored of [undefined, null, {}, [], 'x', { seatChoices: 'all' }]) {
      expect(readStoredBidPreferences(stored)).toEqual(storedDefaults);
    }
  });

  it('keeps the valid fields of a partly invalid record and reads the older `choices` key', () => {
    const read = readStoredBidPreferences({ autoBid: true, choices: [choice], bidTimeout: 'soon' });
    expect(read.autoBid).toBe(true);
    expect(read.seatChoices).toEqual([choice]);
    expect(read.bidTimeout).toBe(DEFAULT_BID_PREFERENCES.bidTimeout);
  });
});
