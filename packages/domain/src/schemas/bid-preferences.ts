/**
 * A member's bid preferences, as `GET/PUT /api/users/preferences` send and
 * accept them and as the Bid Preferences dialog edits them. The spec's placeholder options (shifts
 * "Day, Night, Swing…", "Station 1 to Station 6") are our real ones: shifts A, B and C, and station
 * ids. The bid engine reads `standingBid` and `seatChoices` when a turn begins (bidding-rules.md,
 * "Standing bids"), and `autoBid`, `seatChoices`, `preferredStations` and `preferredShifts` when a
 * turn runs out ("When a turn's deadline passes").
 */
import { z } from 'zod';
import type { ParticipantPreferences, SeatChoice } from '../bid-engine/types.ts';
import { LIMITS, SEAT_POSITIONS, type SeatPosition, SHIFTS, type Shift } from '../constants.ts';
import { readNumericString, shiftSchema } from './common.ts';

/** The auto-bid strategies the spec names; the engine uses the ranked list whatever is chosen. */
export const AUTO_BID_STRATEGIES = ['preferred', 'closest', 'seniority', 'random'] as const;
export type AutoBidStrategy = (typeof AUTO_BID_STRATEGIES)[number];

export const BID_PREFERENCE_LIMITS = {
  seatChoicesMax: 20,
  /** More preferred stations than any department has would only be a mistake or an attack. */
  preferredStationsMax: 100,
} as const;

export const BID_PREFERENCE_MESSAGES = {
  loadFailed: 'Failed to load preferences',
  updateFailed: 'Failed to update preferences',
  updated: 'Preferences updated successfully!',
  seatChoicesTooMany: `At most ${BID_PREFERENCE_LIMITS.seatChoicesMax} seat choices`,
  seatChoiceDuplicate: 'Each seat choice may appear only once',
  preferredStationsDuplicate: 'Each preferred station may appear only once',
  preferredShiftsDuplicate: 'Each preferred shift may appear only once',
  stationUnknown: 'One of the chosen stations does not exist',
  seatPositionInvalid: 'Seat position must be Captain, Lieutenant, Engineer or Firefighter',
  strategyInvalid: 'Auto-bid strategy must be preferred, closest, seniority or random',
  maxBidAttemptsRange: `Max bid attempts must be between ${LIMITS.maxBidAttemptsMin} and ${LIMITS.maxBidAttemptsMax}`,
  bidTimeoutRange: `Bid timeout must be between ${LIMITS.bidTimeoutSecondsMin} and ${LIMITS.bidTimeoutSecondsMax} seconds`,
  versionInvalid: 'version must be a whole number of 0 or more: the version of the preferences the change was made on',
  /** 409: the save was made on a copy read before another save (another device, another tab). */
  changedElsewhere:
    'Your list was changed on another device since this copy was loaded. Nothing was saved: reload the list, then make your change again.',
} as const;

/** One auto-bid choice: the engine awards the free seat of this kind with the lowest number. */
export const seatChoiceSchema = z.object({
  stationId: z.uuid({ error: BID_PREFERENCE_MESSAGES.stationUnknown }),
  shift: shiftSchema,
  seatPosition: z.enum(SEAT_POSITIONS, { error: BID_PREFERENCE_MESSAGES.seatPositionInvalid }),
});
export type SeatChoicePreference = z.infer<typeof seatChoiceSchema>;

/** The key that makes two seat choices the same choice. */
export const seatChoiceKey = (choice: SeatChoicePreference) =>
  `${choice.stationId}|${choice.shift}|${choice.seatPosition}`;

/**
 * The spec's preferred-shift options ("Day", "Night", "Swing", "24/48", "48/96") name rotations we
 * do not have: they are accepted and left out. "A", "shift b", "Shift C" read as our shifts.
 */
export const SPEC_SHIFT_OPTIONS = ['Day', 'Night', 'Swing', '24/48', '48/96'] as const;

function readSpecShifts(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  const specOptions = new Set<string>(SPEC_SHIFT_OPTIONS.map((option) => option.toLowerCase()));
  return value
    .map((shift) => (typeof shift === 'string' ? shift.trim().replace(/^shift\s+/i, '') : shift))
    .filter((shift) => !(typeof shift === 'string' && specOptions.has(shift.toLowerCase())))
    .map((shift) => (typeof shift === 'string' && /^[abc]$/i.test(shift) ? shift.toUpperCase() : shift));
}

/** "Station 3", "3" and 3 name station number 3; an id passes unchanged. */
function readSpecStation(value: unknown): unknown {
  if (typeof value === 'string') {
    const match = /^\s*(?:station\s*)?(\d{1,7})\s*$/i.exec(value);
    if (match) return Number(match[1]);
  }
  return value;
}

const hasNoDuplicates = <T>(items: readonly T[], keyOf: (item: T) => string = String) =>
  new Set(items.map(keyOf)).size === items.length;

export const bidPreferencesSchema = z.object({
  /** When the turn runs out, award the first still-free eligible seat of `seatChoices`. */
  autoBid: z.boolean(),
  /**
   * A standing bid: as soon as the turn begins, award the first free seat of `seatChoices` the member
   * qualifies for, with no countdown (bidding-rules.md, "Standing bids").
   */
  standingBid: z.boolean(),
  /** Ranked auto-bid choices, best first. */
  seatChoices: z
    .array(seatChoiceSchema)
    .max(BID_PREFERENCE_LIMITS.seatChoicesMax, BID_PREFERENCE_MESSAGES.seatChoicesTooMany)
    .refine((choices) => hasNoDuplicates(choices, seatChoiceKey), BID_PREFERENCE_MESSAGES.seatChoiceDuplicate),
  /** Station ids, best first, for the last-resort assignment. */
  preferredStations: z
    .array(z.uuid({ error: BID_PREFERENCE_MESSAGES.stationUnknown }))
    .max(BID_PREFERENCE_LIMITS.preferredStationsMax)
    .refine((ids) => hasNoDuplicates(ids), BID_PREFERENCE_MESSAGES.preferredStationsDuplicate),
  /** Shifts, best first, for the last-resort assignment. */
  preferredShifts: z
    .array(shiftSchema)
    .max(SHIFTS.length)
    .refine((shifts) => hasNoDuplicates(shifts), BID_PREFERENCE_MESSAGES.preferredShiftsDuplicate),
  /**
   * The spec's auto-bid tuning. Stored and sent back, but the engine does not use them (its
   * auto-bid is the ranked list), so the dialog does not show them.
   */
  autoBidStrategy: z.enum(AUTO_BID_STRATEGIES, { error: BID_PREFERENCE_MESSAGES.strategyInvalid }),
  maxBidAttempts: z
    .number({ error: BID_PREFERENCE_MESSAGES.maxBidAttemptsRange })
    .int(BID_PREFERENCE_MESSAGES.maxBidAttemptsRange)
    .min(LIMITS.maxBidAttemptsMin, BID_PREFERENCE_MESSAGES.maxBidAttemptsRange)
    .max(LIMITS.maxBidAttemptsMax, BID_PREFERENCE_MESSAGES.maxBidAttemptsRange),
  bidTimeout: z
    .number({ error: BID_PREFERENCE_MESSAGES.bidTimeoutRange })
    .int(BID_PREFERENCE_MESSAGES.bidTimeoutRange)
    .min(LIMITS.bidTimeoutSecondsMin, BID_PREFERENCE_MESSAGES.bidTimeoutRange)
    .max(LIMITS.bidTimeoutSecondsMax, BID_PREFERENCE_MESSAGES.bidTimeoutRange),
  /**
   * The member's notification settings (the same ones as the Notification Settings page, stored
   * once on the member), sent here because the spec lists them among the bid preferences.
   */
  notifications: z.boolean(),
  emailNotifications: z.boolean(),
  smsNotifications: z.boolean(),
  bidReminders: z.boolean(),
});
export type BidPreferences = z.infer<typeof bidPreferencesSchema>;

/** The fields kept in `members.bid_preferences`; the notification flags live on the member. */
export type StoredBidPreferences = Omit<
  BidPreferences,
  'notifications' | 'emailNotifications' | 'smsNotifications' | 'bidReminders'
>;

/**
 * What a member has before saving anything. Auto-bid is on: a ranked list is "used if you miss your
 * turn" unless the member turns that off (an empty list bids nothing either way). A stored record
 * without the field (never saved, or saved before the field existed) reads the same.
 */
export const DEFAULT_BID_PREFERENCES: BidPreferences = {
  autoBid: true,
  standingBid: false,
  seatChoices: [],
  preferredStations: [],
  preferredShifts: [],
  autoBidStrategy: 'preferred',
  maxBidAttempts: LIMITS.maxBidAttemptsDefault,
  bidTimeout: LIMITS.bidTimeoutSecondsDefault,
  notifications: true,
  emailNotifications: true,
  smsNotifications: false,
  bidReminders: true,
};

/**
 * Counts the member's saves: 0 before the first, one more with each. A save that sends the
 * `version` its copy was read at is refused (409, `changedElsewhere`) when another save came in
 * between, so a device showing an old list can never overwrite a newer one by saving it back.
 */
export const bidPreferencesVersionSchema = z
  .number({ error: BID_PREFERENCE_MESSAGES.versionInvalid })
  .int(BID_PREFERENCE_MESSAGES.versionInvalid)
  .min(0, BID_PREFERENCE_MESSAGES.versionInvalid);

/**
 * `PUT /api/users/preferences`: any of the fields; those left out keep their stored value, so a
 * client that knows only some fields never resets the others.
 */
export const updateBidPreferencesRequestSchema = bidPreferencesSchema.partial().extend({
  preferredShifts: z.preprocess(readSpecShifts, bidPreferencesSchema.shape.preferredShifts).optional(),
  /** Station ids, or the spec's options: "Station 3", 3 or "3" (a station number, resolved by the server). */
  preferredStations: z
    .array(
      z.preprocess(
        readSpecStation,
        z.union([z.uuid({ error: BID_PREFERENCE_MESSAGES.stationUnknown }), z.number().int().min(1).max(1_000_000)], {
          error: BID_PREFERENCE_MESSAGES.stationUnknown,
        }),
      ),
    )
    .max(BID_PREFERENCE_LIMITS.preferredStationsMax)
    .refine((ids) => hasNoDuplicates(ids), BID_PREFERENCE_MESSAGES.preferredStationsDuplicate)
    .optional(),
  maxBidAttempts: z.preprocess(readNumericString, bidPreferencesSchema.shape.maxBidAttempts).optional(),
  bidTimeout: z.preprocess(readNumericString, bidPreferencesSchema.shape.bidTimeout).optional(),
  /**
   * The version of the preferences this change was made on (GET's answer, or the last save's).
   * Given, the save is refused with 409 if another save came in since; left out, the save applies
   * over whatever was saved meanwhile, as for clients written before the field existed.
   */
  version: z.preprocess(readNumericString, bidPreferencesVersionSchema).optional(),
});
export type UpdateBidPreferencesRequest = z.infer<typeof updateBidPreferencesRequestSchema>;

/**
 * The preferences as the server answers them, with their `version`. The server always sends it; it
 * is optional here only so that a client still reads an answer without one.
 */
export const savedBidPreferencesSchema = bidPreferencesSchema.extend({
  version: bidPreferencesVersionSchema.optional(),
});
export type SavedBidPreferences = z.infer<typeof savedBidPreferencesSchema>;

export const bidPreferencesResponseSchema = z.object({ preferences: savedBidPreferencesSchema });
export const updateBidPreferencesResponseSchema = z.object({
  preferences: savedBidPreferencesSchema,
  message: z.string(),
});

/** The version stored with the preferences (`members.bid_preferences.version`); 0 when none is. */
export function readStoredVersion(stored: unknown): number {
  const record = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? stored : {};
  const parsed = bidPreferencesVersionSchema.safeParse((record as Record<string, unknown>).version);
  return parsed.success ? parsed.data : 0;
}

/**
 * Stored preferences read leniently, field by field: what is missing or no longer valid (an old
 * shape, a hand edit) takes its default, so one bad field never hides the others.
 */
export function readStoredBidPreferences(stored: unknown): StoredBidPreferences {
  const record = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? stored : {};
  const fields = record as Record<string, unknown>;
  const read = <K extends keyof StoredBidPreferences>(key: K, value: unknown): StoredBidPreferences[K] => {
    const parsed = bidPreferencesSchema.shape[key].safeParse(value);
    return parsed.success ? (parsed.data as StoredBidPreferences[K]) : DEFAULT_BID_PREFERENCES[key];
  };
  return {
    // Missing reads as the default (on); anything but true as off, as the engine reads it.
    autoBid: fields.autoBid === undefined ? DEFAULT_BID_PREFERENCES.autoBid : fields.autoBid === true,
    standingBid: read('standingBid', fields.standingBid),
    // `choices` is the key the engine read before this schema existed.
    seatChoices: read('seatChoices', fields.seatChoices ?? fields.choices),
    preferredStations: read('preferredStations', fields.preferredStations ?? fields.preferredStationIds),
    preferredShifts: read('preferredShifts', fields.preferredShifts),
    autoBidStrategy: read('autoBidStrategy', fields.autoBidStrategy),
    maxBidAttempts: read('maxBidAttempts', fields.maxBidAttempts),
    bidTimeout: read('bidTimeout', fields.bidTimeout),
  };
}

const NO_PREFERENCES: ParticipantPreferences = {
  autoBid: false,
  choices: [],
  preferredStationIds: [],
  preferredShifts: [],
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A member's stored bid preferences as the bid engine reads them when a session's state is loaded
 * (ParticipantPreferences), read leniently: whatever is missing or malformed counts as off or
 * empty, so a bad preference can never stop a turn from being processed. Stations may be named by
 * id or by number; a station the session does not offer by number is dropped.
 */
export function parseBidPreferences(
  stored: unknown,
  stationIdByNumber: ReadonlyMap<number, string> = new Map(),
): ParticipantPreferences {
  if (!isRecord(stored)) return NO_PREFERENCES;
  const toStationId = (value: unknown): string | undefined => {
    if (typeof value === 'string' && value.trim() !== '') {
      const asNumber = Number(value);
      return Number.isInteger(asNumber) && asNumber > 0 ? stationIdByNumber.get(asNumber) : value;
    }
    if (typeof value === 'number') return stationIdByNumber.get(value);
    return undefined;
  };
  const isShift = (value: unknown): value is Shift => SHIFTS.includes(value as Shift);
  const isSeatPosition = (value: unknown): value is SeatPosition => SEAT_POSITIONS.includes(value as SeatPosition);

  // `seatChoices` is what the Bid Preferences API stores (bidPreferencesSchema); `choices` came first.
  const storedChoices = Array.isArray(stored.seatChoices) ? stored.seatChoices : stored.choices;
  const choices: SeatChoice[] = [];
  for (const entry of Array.isArray(storedChoices) ? storedChoices : []) {
    if (!isRecord(entry)) continue;
    const stationId = toStationId(entry.stationId ?? entry.station);
    const seatPosition = entry.seatPosition ?? entry.position;
    if (stationId && isShift(entry.shift) && isSeatPosition(seatPosition)) {
      choices.push({ stationId, shift: entry.shift, seatPosition });
    }
  }
  const stationList = Array.isArray(stored.preferredStationIds)
    ? stored.preferredStationIds
    : Array.isArray(stored.preferredStations)
      ? stored.preferredStations
      : [];
  const preferredStationIds = [...new Set(stationList.map(toStationId).filter((id): id is string => id !== undefined))];
  const preferredShifts = [
    ...new Set((Array.isArray(stored.preferredShifts) ? stored.preferredShifts : []).filter(isShift)),
  ];
  const preferences: ParticipantPreferences = {
    // Never set is on (DEFAULT_BID_PREFERENCES); set to anything but true is off.
    autoBid: stored.autoBid === undefined ? DEFAULT_BID_PREFERENCES.autoBid : stored.autoBid === true,
    choices,
    preferredStationIds,
    preferredShifts,
  };
  // Only a standing bid carries the field, so preferences without one are the same value as before it.
  if (stored.standingBid === true) preferences.standingBid = true;
  return preferences;
}
