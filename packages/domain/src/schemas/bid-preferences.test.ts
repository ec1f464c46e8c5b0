import { describe, expect, it } from 'vitest';
import {
  BID_PREFERENCE_LIMITS,
  BID_PREFERENCE_MESSAGES,
  bidPreferencesSchema,
  DEFAULT_BID_PREFERENCES,
  parseBidPreferences,
  readStoredBidPreferences,
  readStoredVersion,
  updateBidPreferencesRequestSchema,
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

  it('has auto-bid on unless the member turned it off; a value not true or false reads as off', () => {
    expect(readStoredBidPreferences({ seatChoices: [choice] }).autoBid).toBe(true);
    expect(readStoredBidPreferences({ seatChoices: [choice], autoBid: false }).autoBid).toBe(false);
    expect(readStoredBidPreferences({ seatChoices: [choice], autoBid: 'yes' }).autoBid).toBe(false);
  });
});

describe('the preferences version', () => {
  it('reads the stored version, 0 when none is stored or it is not a whole number', () => {
    expect(readStoredVersion({ version: 7 })).toBe(7);
    for (const stored of [undefined, null, {}, [], { version: -1 }, { version: 1.5 }, { version: '3' }]) {
      expect(readStoredVersion(stored)).toBe(0);
    }
  });

  it('is optional in a save, and read from a numeric string', () => {
    expect(updateBidPreferencesRequestSchema.parse({ autoBid: true })).toEqual({ autoBid: true });
    expect(updateBidPreferencesRequestSchema.parse({ version: '4' })).toEqual({ version: 4 });
    const refused = updateBidPreferencesRequestSchema.safeParse({ version: -2 });
    expect(refused.error?.issues[0]?.message).toBe(BID_PREFERENCE_MESSAGES.versionInvalid);
  });
});

describe('parseBidPreferences', () => {
  const otherStationId = '7a2d2a4f-6b5c-4d3e-8f9a-1b2c3d4e5f60';
  // The session offers station 3 (stationId) and station 5 (otherStationId).
  const stationIdByNumber = new Map([
    [3, stationId],
    [5, otherStationId],
  ]);
  const none = { autoBid: false, choices: [], preferredStationIds: [], preferredShifts: [] };

  it('reads nothing stored, or something not an object, as no preferences', () => {
    for (const stored of [null, undefined, 'auto', 42, [choice]]) {
      expect(parseBidPreferences(stored, stationIdByNumber)).toEqual(none);
    }
  });

  it('keeps the seat choices in their order, stations named by id or by number', () => {
    const parsed = parseBidPreferences(
      {
        autoBid: true,
        seatChoices: [
          { stationId: 5, shift: 'B', seatPosition: 'Engineer' },
          choice,
          { stationId: '3', shift: 'C', seatPosition: 'Captain' },
        ],
      },
      stationIdByNumber,
    );
    expect(parsed.autoBid).toBe(true);
    expect(parsed.choices).toEqual([
      { stationId: otherStationId, shift: 'B', seatPosition: 'Engineer' },
      choice,
      { stationId, shift: 'C', seatPosition: 'Captain' },
    ]);
  });

  it('drops a malformed choice and a station number the session does not offer, keeping the rest', () => {
    const parsed = parseBidPreferences(
      {
        autoBid: 'yes',
        seatChoices: [
          { stationId: 9, shift: 'A', seatPosition: 'Captain' },
          { stationId, shift: 'Day', seatPosition: 'Captain' },
          { stationId, shift: 'A', seatPosition: 'Chief' },
          'Station 3',
          choice,
        ],
      },
      stationIdByNumber,
    );
    expect(parsed.autoBid).toBe(false);
    expect(parsed.choices).toEqual([choice]);
  });

  it('bids from a list stored without the auto-bid setting: it is on until the member turns it off', () => {
    expect(parseBidPreferences({ seatChoices: [choice] }, stationIdByNumber).autoBid).toBe(true);
    expect(parseBidPreferences({ seatChoices: [choice], autoBid: false }, stationIdByNumber).autoBid).toBe(false);
  });

  it('reads the first stored shape too: choices with station and position, preferredStationIds', () => {
    const parsed = parseBidPreferences(
      {
        autoBid: true,
        choices: [{ station: 3, shift: 'A', position: 'Firefighter' }],
        preferredStationIds: [otherStationId, 3],
      },
      stationIdByNumber,
    );
    expect(parsed.choices).toEqual([choice]);
    expect(parsed.preferredStationIds).toEqual([otherStationId, stationId]);
  });

  it('keeps preferred stations and shifts once each, best first, and drops what is not ours', () => {
    const parsed = parseBidPreferences(
      {
        preferredStations: [5, otherStationId, '3', 12, ''],
        preferredShifts: ['C', 'Night', 'A', 'C'],
      },
      stationIdByNumber,
    );
    expect(parsed.preferredStationIds).toEqual([otherStationId, stationId]);
    expect(parsed.preferredShifts).toEqual(['C', 'A']);
  });
});
