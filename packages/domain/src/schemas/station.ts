/**
 * Stations as the API sends and receives them (docs/api.md, "stations"), the station
 * import's row rules and result, and the messages they answer with. A station's capacity is its
 * seats, one per place to work (shift + seat position); every count here is derived from them.
 */
import { z } from 'zod';
import { RANKS, type Rank, SEAT_POSITIONS, type SeatPosition, SHIFTS, type Shift } from '../constants.ts';
import { findUnstorableCell } from '../spreadsheet-import.ts';
import { CERTIFICATION_CODE_PATTERN } from './certification.ts';
import { readBooleanString, readNumericString } from './common.ts';

/** Messages of the station form and of the station calls. */
export const STATION_MESSAGES = {
  nameRequired: 'Station name is required',
  numberRequired: 'Station number is required',
  numberWhole: 'Station number must be a whole number',
  numberMin: 'Station number must be at least 1',
  addressRequired: 'Address is required',
  capacityRequired: 'Capacity is required',
  /** The form's rule; the API and the import accept a station with no seats yet. */
  capacityMin: 'Capacity must be at least 1',
  seatCountInvalid: 'Seat counts must be whole numbers of 0 or more',
  emailInvalid: 'Invalid email address',
  stationNotFound: 'Station not found',
  stationCreated: 'Station created successfully',
  stationUpdated: 'Station updated successfully',
  stationDeleted: 'Station deleted successfully',
  assignmentsCleared: 'Station assignments cleared successfully',
  fileRequired: 'Please select a file to upload',
} as const;

/** Upper bound of seats of one position on one shift: a typo must not create thousands of seats. */
export const MAX_SEATS_PER_POSITION = 50;

/** "Station number 3 already exists" */
export function stationNumberTakenMessage(number: number): string {
  return `Station number ${number} already exists`;
}

/** "Total capacity (10) must equal the sum of the seats (9)." */
export function totalCapacityMismatchMessage(totalCapacity: number, seatTotal: number): string {
  return `Total capacity (${totalCapacity}) must equal the sum of the seats per shift and position (${seatTotal}).`;
}

/** The deletion refusal, which suggests what to do instead. */
export function stationHasMembersMessage(stationNumber: number, stationName: string, assignedCount: number): string {
  const members = assignedCount === 1 ? '1 member is' : `${assignedCount} members are`;
  return `Cannot delete Station ${stationNumber} (${stationName}): ${members} assigned to it. Deactivate it instead, or move them first.`;
}

/** The refusal to remove seats that members hold. */
export function occupiedSeatsMessage(
  shift: Shift,
  seatPosition: SeatPosition,
  requested: number,
  assignedCount: number,
): string {
  const members = assignedCount === 1 ? '1 member is' : `${assignedCount} members are`;
  return `Cannot reduce ${seatPosition} seats on shift ${shift} to ${requested}: ${members} assigned to them. Move them first.`;
}

/** "Cannot reduce Firefighter seats requiring PM (must be filled) on shift B to 1: ..." */
export function occupiedSeatGroupMessage(
  shift: Shift,
  seatPosition: SeatPosition,
  group: { requires: readonly string[]; mustFill: boolean },
  requested: number,
  assignedCount: number,
): string {
  const members = assignedCount === 1 ? '1 member is' : `${assignedCount} members are`;
  return `Cannot reduce ${seatPosition} seats ${describeSeatGroup(group)} on shift ${shift} to ${requested}: ${members} assigned to them. Move them first.`;
}

/** "requiring PM and HM (must be filled)", "without requirements". */
export function describeSeatGroup(group: { requires: readonly string[]; mustFill: boolean }): string {
  const requires = group.requires.length === 0 ? 'without requirements' : `requiring ${group.requires.join(' and ')}`;
  return group.mustFill ? `${requires} (must be filled)` : requires;
}

/** "Unknown certification code XX", for seats that name a code the department does not have. */
export function unknownCertificationCodesMessage(codes: readonly string[]): string {
  const list = codes.join(', ');
  return codes.length === 1
    ? `Unknown certification code ${list}: add it to the department's certifications first`
    : `Unknown certification codes ${list}: add them to the department's certifications first`;
}

/** Seat counts of one shift, by seat position. */
export type PositionCounts = Record<SeatPosition, number>;
/** Seat counts of a station, by shift and seat position. */
export type SeatCounts = Record<Shift, PositionCounts>;

export function emptyPositionCounts(): PositionCounts {
  return { Captain: 0, Lieutenant: 0, Engineer: 0, Firefighter: 0 };
}

export function emptySeatCounts(): SeatCounts {
  return { A: emptyPositionCounts(), B: emptyPositionCounts(), C: emptyPositionCounts() };
}

export function sumPositionCounts(counts: PositionCounts): number {
  return SEAT_POSITIONS.reduce((sum, position) => sum + counts[position], 0);
}

export function sumSeatCounts(counts: SeatCounts): number {
  return SHIFTS.reduce((sum, shift) => sum + sumPositionCounts(counts[shift]), 0);
}

/**
 * Seats of one position on one shift that share their rules: the certifications a member needs to
 * take one (codes, sorted, no repeats) and whether the group must be filled (minimum staffing).
 */
export interface SeatRule {
  position: SeatPosition;
  count: number;
  requires: string[];
  mustFill: boolean;
}
/** A station's seat groups, per shift. */
export type SeatRules = Record<Shift, SeatRule[]>;

/** Codes as a seat stores them: trimmed, upper-case, each once, sorted. */
export function normalizeRequiredCodes(codes: readonly string[]): string[] {
  return [...new Set(codes.map((code) => code.trim().toUpperCase()).filter(Boolean))].sort();
}

/** The same for two seats of one position exactly when they belong to one group. */
export function seatGroupKey(group: { requires: readonly string[]; mustFill: boolean }): string {
  return `${group.requires.join('+')}|${group.mustFill ? 'must' : ''}`;
}

/** Whether a group has any rule (a requirement or minimum staffing). */
export function hasSeatRule(group: { requires: readonly string[]; mustFill: boolean }): boolean {
  return group.requires.length > 0 || group.mustFill;
}

/** Groups in a fixed order: the plain group first, then by their codes, then must-fill last. */
export function compareSeatGroups(
  a: { requires: readonly string[]; mustFill: boolean },
  b: { requires: readonly string[]; mustFill: boolean },
): number {
  if (a.requires.length !== b.requires.length) return a.requires.length - b.requires.length;
  const codes = a.requires.join('+').localeCompare(b.requires.join('+'));
  if (codes !== 0) return codes;
  return Number(a.mustFill) - Number(b.mustFill);
}

/**
 * How a shift's seat count from the import file (which gives only a number per shift) is spread
 * over seat positions: each crew gets 1 Captain, then 1 Engineer (the driver), and the rest are
 * Firefighters. No Lieutenant seats are created; an administrator adds them in the station form.
 * 0 gives nothing, 1 a Captain, 2 a Captain and an Engineer.
 */
export function distributeShiftSeats(seatCount: number): PositionCounts {
  const count = Math.max(0, Math.floor(seatCount));
  return {
    Captain: Math.min(count, 1),
    Lieutenant: 0,
    Engineer: Math.min(Math.max(count - 1, 0), 1),
    Firefighter: Math.max(count - 2, 0),
  };
}

// ---------------------------------------------------------------------------------------------
// Responses

const positionEntrySchema = z.object({
  _id: z.string(),
  position: z.enum(SEAT_POSITIONS),
  /** Free seats of this position on this shift. */
  count: z.number().int(),
  /** Seats of this position on this shift. */
  total: z.number().int(),
  /** Seats of this position on this shift that members hold. */
  occupied: z.number().int(),
  /**
   * Present only when the position's seats on this shift are split into groups by their rules
   * (then there is one entry per group): the certifications a member needs for these seats.
   */
  requires: z.array(z.string()).optional(),
  /** With `requires`: whether these seats must be filled (minimum staffing). */
  mustFill: z.boolean().optional(),
});
export type PositionAvailability = z.infer<typeof positionEntrySchema>;

const perShift = <T extends z.ZodType>(schema: T) => z.object({ A: schema, B: schema, C: schema });

/**
 * One shift's `availablePositions` with every position as one entry again (its groups' free, total
 * and held seats added up, without rules), for a reader that asks "how many Firefighter seats",
 * not "which of them may I take". Entries of positions without groups come back as they are.
 */
export function mergeSeatGroupEntries(entries: readonly PositionAvailability[]): PositionAvailability[] {
  return SEAT_POSITIONS.flatMap((position) => {
    const groups = entries.filter((entry) => entry.position === position);
    const [first] = groups;
    if (!first) return [];
    if (groups.length === 1 && first.requires === undefined) return [first];
    const suffix = first._id.indexOf(`-${position}`);
    return [
      {
        _id: suffix === -1 ? first._id : first._id.slice(0, suffix + position.length + 1),
        position,
        count: groups.reduce((sum, entry) => sum + entry.count, 0),
        total: groups.reduce((sum, entry) => sum + entry.total, 0),
        occupied: groups.reduce((sum, entry) => sum + entry.occupied, 0),
      },
    ];
  });
}

const assignmentSchema = z.object({
  memberId: z.string(),
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The seat position the member holds. */
  position: z.enum(SEAT_POSITIONS),
});

const positionCountsSchema = z.object({
  Captain: z.number().int(),
  Lieutenant: z.number().int(),
  Engineer: z.number().int(),
  Firefighter: z.number().int(),
});

const seatRuleSchema = z.object({
  position: z.enum(SEAT_POSITIONS),
  /** Seats in this group. */
  count: z.number().int(),
  /** Certification codes a member must hold to take one of them; empty: none. */
  requires: z.array(z.string()),
  /** Minimum staffing: these seats must be filled. */
  mustFill: z.boolean(),
  /** Seats of this group that members hold: the group cannot go below it. */
  occupied: z.number().int(),
});
export type SeatRuleView = z.infer<typeof seatRuleSchema>;

/** A station as the API sends it; `id` and `_id` are the same. */
export const stationSchema = z.object({
  id: z.string(),
  _id: z.string(),
  number: z.number().int(),
  name: z.string(),
  location: z.string().nullable(),
  address: z.string(),
  description: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  isActive: z.boolean(),
  preferredRanks: z.array(z.string()),
  /** Seats per shift. */
  shiftCapacity: perShift(z.number().int()),
  /** The same as shiftCapacity, for clients that read `capacity`. */
  capacity: perShift(z.number().int()),
  totalCapacity: z.number().int(),
  /** Seats held per shift. */
  occupancy: perShift(z.number().int()),
  totalOccupancy: z.number().int(),
  currentAssignments: perShift(z.array(assignmentSchema)),
  /** Free seats per shift and position, for every position that has seats on that shift. */
  availablePositions: perShift(z.array(positionEntrySchema)),
  /** Configured seats per shift and position (what the station form edits). */
  seats: perShift(positionCountsSchema),
  /**
   * Seat groups per shift: for each position, one entry per set of rules (certifications required,
   * must be filled), the plain group first; what the station form edits when it sets rules. This
   * server always sends it; optional so that a client reads a station from before it (no rules).
   */
  seatRules: perShift(z.array(seatRuleSchema)).optional(),
  /** Rounded occupancy / capacity in percent; 0 for a station without seats. */
  fillRate: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Station = z.infer<typeof stationSchema>;

export const stationResponseSchema = z.object({ station: stationSchema });
export const stationMutationResponseSchema = z.object({ station: stationSchema, message: z.string() });
export const stationListResponseSchema = z.object({ stations: z.array(stationSchema) });

const shiftAvailabilitySchema = z.object({
  capacity: z.number().int(),
  occupied: z.number().int(),
  available: z.number().int(),
  availablePositions: z.array(positionEntrySchema),
});

const stationReferenceFields = {
  id: z.string(),
  _id: z.string(),
  number: z.number().int(),
  name: z.string(),
};

/** GET /stations/:id/availability */
export const stationAvailabilityResponseSchema = z.object({
  station: z.object(stationReferenceFields),
  availability: perShift(shiftAvailabilitySchema),
  totalCapacity: z.number().int(),
  totalOccupied: z.number().int(),
  totalAvailable: z.number().int(),
});
export type StationAvailabilityResponse = z.infer<typeof stationAvailabilityResponseSchema>;

const stationPositionsSchema = z.object({
  ...stationReferenceFields,
  /** Per shift, every position that has seats, with its free count. */
  positions: perShift(z.array(positionEntrySchema)),
  totalAvailable: z.number().int(),
});

/** GET /stations/:id/positions */
export const stationPositionsResponseSchema = z.object({ station: stationPositionsSchema });
/** GET /stations/available/positions */
export const availablePositionsListResponseSchema = z.object({ stations: z.array(stationPositionsSchema) });
export type StationPositions = z.infer<typeof stationPositionsSchema>;

export const clearAssignmentsResponseSchema = z.object({ message: z.string(), cleared: z.number().int() });

export const stationListQuerySchema = z.object({
  includeInactive: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

// ---------------------------------------------------------------------------------------------
// Requests

/** The spec's station form: a count is text, and a blank one is 0 ("non-numbers become 0"). */
const readSeatCount = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? 0 : readNumericString(value);

const seatCountSchema = z.preprocess(
  readSeatCount,
  z
    .number({ error: STATION_MESSAGES.seatCountInvalid })
    .int(STATION_MESSAGES.seatCountInvalid)
    .min(0, STATION_MESSAGES.seatCountInvalid)
    .max(MAX_SEATS_PER_POSITION, `At most ${MAX_SEATS_PER_POSITION} seats of one position per shift`),
);

/** Seats of one shift given as one number (the spec client's `shiftCapacity`), spread like the import's. */
const MAX_SEATS_PER_SHIFT = MAX_SEATS_PER_POSITION + 2;
const shiftSeatCountSchema = z.preprocess(
  readSeatCount,
  z
    .number({ error: STATION_MESSAGES.seatCountInvalid })
    .int(STATION_MESSAGES.seatCountInvalid)
    .min(0, STATION_MESSAGES.seatCountInvalid)
    .max(MAX_SEATS_PER_SHIFT, `At most ${MAX_SEATS_PER_SHIFT} seats per shift`),
);

const positionCountsInputSchema = z.object({
  Captain: seatCountSchema.default(0),
  Lieutenant: seatCountSchema.default(0),
  Engineer: seatCountSchema.default(0),
  Firefighter: seatCountSchema.default(0),
});

const seatsInputSchema = z.object({
  A: positionCountsInputSchema.default(emptyPositionCounts),
  B: positionCountsInputSchema.default(emptyPositionCounts),
  C: positionCountsInputSchema.default(emptyPositionCounts),
});

/** Codes a seat group requires; the service checks that the department has them. */
const requiredCodesInputSchema = z
  .array(z.string({ error: 'Certification codes must be text' }).trim().toUpperCase().min(1).max(16), {
    error: 'requires must be a list of certification codes',
  })
  .max(10, 'At most 10 certifications per seat group')
  .transform(normalizeRequiredCodes);

const positionListInputSchema = z
  .array(
    z.object({
      position: z.enum(SEAT_POSITIONS, { error: 'Unknown seat position' }),
      count: seatCountSchema,
      requires: requiredCodesInputSchema.optional(),
      mustFill: z.preprocess(readBooleanString, z.boolean({ error: 'mustFill must be true or false' })).optional(),
    }),
  )
  .default([]);

/**
 * The spec client's form of the seats: `{A: [{position, count}], ...}`; an entry may add `requires`
 * (certification codes) and `mustFill`, and a position may have several entries with different
 * rules. One position's entries together stay within MAX_SEATS_PER_POSITION.
 */
const availablePositionsInputSchema = z
  .object({
    A: positionListInputSchema,
    B: positionListInputSchema,
    C: positionListInputSchema,
  })
  .superRefine((lists, context) => {
    for (const shift of SHIFTS) {
      for (const position of SEAT_POSITIONS) {
        const total = lists[shift]
          .filter((entry) => entry.position === position)
          .reduce((sum, entry) => sum + entry.count, 0);
        if (total > MAX_SEATS_PER_POSITION) {
          context.addIssue({
            code: 'custom',
            path: [shift],
            message: `At most ${MAX_SEATS_PER_POSITION} seats of one position per shift`,
          });
        }
      }
    }
  });

const optionalTextSchema = z
  .string()
  .trim()
  .max(500)
  .nullish()
  .transform((value) => (value ? value : null));

/**
 * The fields of the station form. Seats come as `seats` (counts by shift and position) or, from
 * spec clients, as `availablePositions` (lists of {position, count}) or `shiftCapacity` ({A, B, C}
 * seats per shift); `seats` wins, then `availablePositions`. Numbers may come as numeric strings.
 * `totalCapacity`, when sent, must equal the seats' sum; the service checks it, since on an
 * update without seats it is compared with the seats already there.
 */
const stationFieldsSchema = z.object({
  name: z.string({ error: STATION_MESSAGES.nameRequired }).trim().min(1, STATION_MESSAGES.nameRequired).max(100),
  number: z.preprocess(
    readNumericString,
    z
      .number({ error: STATION_MESSAGES.numberRequired })
      .int(STATION_MESSAGES.numberWhole)
      .min(1, STATION_MESSAGES.numberMin)
      .max(1_000_000, 'Station number is too large'),
  ),
  address: z
    .string({ error: STATION_MESSAGES.addressRequired })
    .trim()
    .min(1, STATION_MESSAGES.addressRequired)
    .max(500),
  location: optionalTextSchema,
  description: z
    .string()
    .trim()
    .max(2000)
    .nullish()
    .transform((value) => (value ? value : null)),
  phoneNumber: optionalTextSchema,
  email: z
    .string()
    .trim()
    .nullish()
    .transform((value) => (value ? value.toLowerCase() : null))
    .pipe(z.email({ error: STATION_MESSAGES.emailInvalid }).nullable()),
  isActive: z.preprocess(readBooleanString, z.boolean({ error: 'isActive must be true or false' })),
  preferredRanks: z.array(z.enum(RANKS, { error: 'Unknown rank' })).transform((ranks) => [...new Set(ranks)]),
  seats: seatsInputSchema,
  availablePositions: availablePositionsInputSchema,
  /** The spec client's seats per shift, `{A, B, C}`, spread over positions like the import's. */
  shiftCapacity: z.object({
    A: shiftSeatCountSchema.default(0),
    B: shiftSeatCountSchema.default(0),
    C: shiftSeatCountSchema.default(0),
  }),
  totalCapacity: z.preprocess(
    readNumericString,
    z
      .number({ error: STATION_MESSAGES.capacityRequired })
      .int(STATION_MESSAGES.seatCountInvalid)
      .min(0, STATION_MESSAGES.seatCountInvalid),
  ),
});

/** POST /stations: name, number and address are required; everything else has a default. */
export const createStationRequestSchema = stationFieldsSchema.partial().extend({
  name: stationFieldsSchema.shape.name,
  number: stationFieldsSchema.shape.number,
  address: stationFieldsSchema.shape.address,
});
export type CreateStationRequest = z.infer<typeof createStationRequestSchema>;

/** PUT /stations/:id: only the fields sent change; seats sent replace the seat counts. */
export const updateStationRequestSchema = stationFieldsSchema.partial();
export type UpdateStationRequest = z.infer<typeof updateStationRequestSchema>;

/** The seat counts a create or update asks for, or undefined when it sends none. */
export function requestedSeatCounts(body: UpdateStationRequest): SeatCounts | undefined {
  if (body.seats) return body.seats;
  if (!body.availablePositions && body.shiftCapacity) {
    const { A, B, C } = body.shiftCapacity;
    return { A: distributeShiftSeats(A), B: distributeShiftSeats(B), C: distributeShiftSeats(C) };
  }
  if (!body.availablePositions) return undefined;
  const counts = emptySeatCounts();
  for (const shift of SHIFTS) {
    // A position listed twice counts both entries.
    for (const entry of body.availablePositions[shift]) counts[shift][entry.position] += entry.count;
  }
  return counts;
}

/**
 * The seat groups a create or update asks for, or undefined when it gives plain counts only. Rules
 * come only from `availablePositions` (when `seats` is not sent) and only when at least one entry
 * says `requires` or `mustFill`: a client that sends neither (an older one) changes counts alone,
 * and the seats it keeps keep their rules. Entries of one position with the same rules add up.
 */
export function requestedSeatRules(body: UpdateStationRequest): SeatRules | undefined {
  if (body.seats || !body.availablePositions) return undefined;
  const lists = body.availablePositions;
  const hasRules = SHIFTS.some((shift) =>
    lists[shift].some((entry) => entry.requires !== undefined || entry.mustFill !== undefined),
  );
  if (!hasRules) return undefined;
  const rules: SeatRules = { A: [], B: [], C: [] };
  for (const shift of SHIFTS) {
    for (const entry of lists[shift]) {
      const group = { requires: entry.requires ?? [], mustFill: entry.mustFill ?? false };
      const same = rules[shift].find(
        (rule) => rule.position === entry.position && seatGroupKey(rule) === seatGroupKey(group),
      );
      if (same) same.count += entry.count;
      else rules[shift].push({ position: entry.position, count: entry.count, ...group });
    }
    rules[shift] = rules[shift]
      .filter((rule) => rule.count > 0)
      .sort(
        (a, b) => SEAT_POSITIONS.indexOf(a.position) - SEAT_POSITIONS.indexOf(b.position) || compareSeatGroups(a, b),
      );
  }
  return rules;
}

/** Every certification code the groups name, once each. */
export function seatRuleCodes(rules: SeatRules): string[] {
  return normalizeRequiredCodes(SHIFTS.flatMap((shift) => rules[shift].flatMap((rule) => rule.requires)));
}

// ---------------------------------------------------------------------------------------------
// Import

/**
 * Columns the station import needs. A station's capacity is its seats, so it comes from the shift
 * columns; `totalCapacity`, which older templates had, is read only to check it agrees with them.
 */
export const STATION_IMPORT_REQUIRED_COLUMNS = [
  'name',
  'number',
  'address',
  'shiftACapacity',
  'shiftBCapacity',
  'shiftCCapacity',
] as const;
export const STATION_IMPORT_OPTIONAL_COLUMNS = [
  'totalCapacity',
  'description',
  'phoneNumber',
  'email',
  'isActive',
  'preferredRanks',
  'seatRules',
] as const;

/** One valid row of the station import, ready to create. */
export interface StationImportRow {
  name: string;
  number: number;
  address: string;
  description: string | null;
  phoneNumber: string | null;
  email: string | null;
  isActive: boolean;
  preferredRanks: Rank[];
  seats: SeatCounts;
  /**
   * Every seat group of the station when the row's `seatRules` cell names any (the seats without
   * rules included), or null for a row without rules, whose seats are made from `seats` as before.
   */
  seatRules: SeatRules | null;
}

const WHOLE_NUMBER = /^\d+$/;

/** The refusal of a row from an older file whose totalCapacity the seat columns do not add up to. */
export function importTotalCapacityMismatchMessage(totalCapacity: string, seatTotal: number): string {
  return (
    `totalCapacity is ${totalCapacity}, but the shift columns give ${seatTotal} seats (A + B + C). ` +
    "A station's capacity comes from its seats: correct the shift columns, or remove the totalCapacity column."
  );
}

/**
 * Checks one import row (cells as text) and gives the station to create, or the reason the row
 * is refused. Capacities must be whole numbers of 0 or more; a `totalCapacity` cell (older files)
 * must equal their sum; each shift's seats are spread over positions by `distributeShiftSeats`, and the optional
 * `seatRules` cell (`parseSeatRulesCell`) gives some of them certifications or minimum staffing.
 */
export function parseStationImportRow(
  values: Record<string, string>,
): { ok: true; station: StationImportRow } | { ok: false; error: string } {
  const unstorable = findUnstorableCell(values, [
    ...STATION_IMPORT_REQUIRED_COLUMNS,
    ...STATION_IMPORT_OPTIONAL_COLUMNS,
  ]);
  if (unstorable) return { ok: false, error: unstorable };
  const cell = (column: string) => (values[column] ?? '').trim();
  const name = cell('name');
  if (!name) return { ok: false, error: STATION_MESSAGES.nameRequired };
  if (name.length > 100) return { ok: false, error: 'Station name is too long (at most 100 characters)' };
  const numberText = cell('number');
  if (!numberText) return { ok: false, error: STATION_MESSAGES.numberRequired };
  if (!WHOLE_NUMBER.test(numberText) || Number(numberText) < 1 || Number(numberText) > 1_000_000) {
    return { ok: false, error: `Station number must be a whole number of at least 1 (got "${numberText}")` };
  }
  const address = cell('address');
  if (!address) return { ok: false, error: STATION_MESSAGES.addressRequired };

  const capacities: Record<string, number> = {};
  for (const column of ['shiftACapacity', 'shiftBCapacity', 'shiftCCapacity']) {
    const text = cell(column);
    if (!WHOLE_NUMBER.test(text)) {
      return { ok: false, error: `${column} must be a whole number of 0 or more (got "${text}")` };
    }
    capacities[column] = Number(text);
  }
  const shiftTotal = SHIFTS.reduce((sum, shift) => sum + (capacities[`shift${shift}Capacity`] ?? 0), 0);
  const totalText = cell('totalCapacity');
  if (totalText !== '' && (!WHOLE_NUMBER.test(totalText) || Number(totalText) !== shiftTotal)) {
    return { ok: false, error: importTotalCapacityMismatchMessage(totalText, shiftTotal) };
  }
  for (const shift of SHIFTS) {
    const count = capacities[`shift${shift}Capacity`] ?? 0;
    if (count > MAX_SEATS_PER_POSITION + 3) {
      return { ok: false, error: `shift${shift}Capacity is too large (at most ${MAX_SEATS_PER_POSITION + 3})` };
    }
  }

  const email = cell('email').toLowerCase();
  if (email && !z.email().safeParse(email).success) {
    return { ok: false, error: `Invalid email address "${cell('email')}"` };
  }
  const isActiveText = cell('isActive').toLowerCase();
  if (isActiveText && isActiveText !== 'true' && isActiveText !== 'false') {
    return { ok: false, error: `isActive must be true or false (got "${cell('isActive')}")` };
  }
  const preferredRanks: Rank[] = [];
  for (const rankText of cell('preferredRanks')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const rank = RANKS.find((known) => known.toLowerCase() === rankText.toLowerCase());
    if (!rank) return { ok: false, error: `Unknown rank "${rankText}" in preferredRanks` };
    if (!preferredRanks.includes(rank)) preferredRanks.push(rank);
  }

  const seats: SeatCounts = {
    A: distributeShiftSeats(capacities.shiftACapacity ?? 0),
    B: distributeShiftSeats(capacities.shiftBCapacity ?? 0),
    C: distributeShiftSeats(capacities.shiftCCapacity ?? 0),
  };
  const seatRules = parseSeatRulesCell(cell('seatRules'), seats);
  if (!seatRules.ok) return seatRules;

  return {
    ok: true,
    station: {
      name,
      number: Number(numberText),
      address,
      description: cell('description') || null,
      phoneNumber: cell('phoneNumber') || null,
      email: email || null,
      isActive: isActiveText !== 'false',
      preferredRanks,
      seats,
      seatRules: seatRules.rules,
    },
  };
}

/** The suffix of a `seatRules` entry whose seats must be filled; read in any letter case. */
const MUST_FILL_WORD = 'mustFill';
/** The same bound as a seat group of the station form. */
const MAX_CODES_PER_SEAT_RULE = 10;
const isMustFillWord = (word: string) => word.replace(/\s+/g, '').toLowerCase() === MUST_FILL_WORD.toLowerCase();
const SEAT_RULES_FORMAT =
  'write shift:position:count:codes, e.g. "B:Firefighter:2:PM" or "B:Firefighter:2:PM+HM:mustFill"';

/**
 * Reads the station import's `seatRules` cell against the seats the row's capacities give:
 * entries separated by ";" (or line breaks, as Alt+Enter writes them in a cell), each
 * `shift:position:count:codes` with several codes joined by "+" and an optional `:mustFill`,
 * e.g. `B:Firefighter:2:PM:mustFill; A:Engineer:1:DO`. An entry turns `count` of that shift's
 * seats of that position into a group that requires the codes (and must be filled); the seats no
 * entry names stay without rules. A must-fill group without certifications leaves the codes empty:
 * `B:Captain:1::mustFill`. Shifts, positions and `mustFill` are read in any letter case, codes are
 * upper-cased, and spaces around the separators do not matter. Only the codes' spelling is checked
 * here: whether the department has them is the server's question. An empty cell gives null.
 */
export function parseSeatRulesCell(
  text: string,
  seats: SeatCounts,
): { ok: true; rules: SeatRules | null } | { ok: false; error: string } {
  const refuse = (reason: string) => ({ ok: false as const, error: `seatRules: ${reason}` });
  const entries = text
    .split(/[;\r\n]/)
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return { ok: true, rules: null };

  const named: Record<Shift, SeatRule[]> = { A: [], B: [], C: [] };
  for (const entry of entries) {
    const parts = entry.split(':').map((part) => part.trim());
    const [shiftText = '', positionText = '', countText = '', codesText = '', suffix] = parts;
    if (parts.length < 4 || parts.length > 5) return refuse(`"${entry}" is not a rule; ${SEAT_RULES_FORMAT}`);
    const shift = SHIFTS.find((known) => known === shiftText.toUpperCase());
    if (!shift) return refuse(`unknown shift "${shiftText}" in "${entry}" (shifts: ${SHIFTS.join(', ')})`);
    const position = SEAT_POSITIONS.find((known) => known.toLowerCase() === positionText.toLowerCase());
    if (!position) return refuse(`unknown position "${positionText}" (positions: ${SEAT_POSITIONS.join(', ')})`);
    if (!WHOLE_NUMBER.test(countText) || Number(countText) < 1) {
      return refuse(`the count in "${entry}" must be a whole number of at least 1 (got "${countText}")`);
    }
    if (suffix !== undefined && !isMustFillWord(suffix)) {
      return refuse(`"${entry}" may only end in :${MUST_FILL_WORD} after its codes (got "${suffix}")`);
    }
    // "B:Captain:1:mustFill" would read mustFill as a certification code: say how to write it.
    if (suffix === undefined && isMustFillWord(codesText)) {
      return refuse(
        `"${entry}" has no codes before ${MUST_FILL_WORD}; for must-fill seats without certifications leave the codes empty: "${shiftText}:${positionText}:${countText}::${MUST_FILL_WORD}"`,
      );
    }
    const codes = codesText === '' ? [] : codesText.split('+').map((code) => code.trim().toUpperCase());
    const badCode = codes.find((code) => !CERTIFICATION_CODE_PATTERN.test(code));
    if (badCode !== undefined) {
      return refuse(
        `"${badCode}" in "${entry}" is not a certification code (1 to 16 letters, digits, _ or -); join several codes with "+", e.g. PM+HM`,
      );
    }
    if (codes.length > MAX_CODES_PER_SEAT_RULE) {
      return refuse(`"${entry}" names more than ${MAX_CODES_PER_SEAT_RULE} certifications`);
    }
    const group = { requires: normalizeRequiredCodes(codes), mustFill: suffix !== undefined };
    if (!hasSeatRule(group)) {
      return refuse(`"${entry}" names no certification and is not ${MUST_FILL_WORD}, so it changes nothing; remove it`);
    }
    const same = named[shift].find((rule) => rule.position === position && seatGroupKey(rule) === seatGroupKey(group));
    if (same) same.count += Number(countText);
    else named[shift].push({ position, count: Number(countText), ...group });
  }

  const rules: SeatRules = { A: [], B: [], C: [] };
  for (const shift of SHIFTS) {
    for (const position of SEAT_POSITIONS) {
      const groups = named[shift].filter((rule) => rule.position === position).sort(compareSeatGroups);
      const asked = groups.reduce((sum, rule) => sum + rule.count, 0);
      const have = seats[shift][position];
      if (asked > have) {
        const seatWord = have === 1 ? 'seat' : 'seats';
        // The import makes no Lieutenant seats, which surprises a department that has them.
        const hint = position === 'Lieutenant' ? ' (the import makes no Lieutenant seats)' : '';
        return refuse(
          `shift ${shift} has ${have} ${position} ${seatWord}${hint}, the ${groups.length === 1 ? 'rule asks' : 'rules ask'} for ${asked}`,
        );
      }
      if (have > asked) rules[shift].push({ position, count: have - asked, requires: [], mustFill: false });
      rules[shift].push(...groups);
    }
  }
  return { ok: true, rules };
}

/**
 * The import's refusal of a row whose `seatRules` name codes the department does not have: 'seatRules:
 * no certification with code "XX" (the department's certifications: DO, PM)'. It lists the codes there
 * are, so the person can correct the cell without leaving the results.
 */
export function seatRulesUnknownCodesMessage(unknown: readonly string[], catalogue: readonly string[]): string {
  const quoted = unknown.map((code) => `"${code}"`).join(', ');
  const missing =
    unknown.length === 1 ? `no certification with code ${quoted}` : `no certifications with codes ${quoted}`;
  const known =
    catalogue.length === 0
      ? "the department has no certifications yet: add them to the department's certifications first"
      : `the department's certifications: ${[...catalogue].sort().join(', ')}`;
  return `seatRules: ${missing} (${known})`;
}

/** The station import's query: `dryRun=1` (or true) previews what the file would do, saving nothing. */
export const stationImportQuerySchema = z.object({
  dryRun: z
    .enum(['0', '1', 'true', 'false'], { error: 'dryRun must be 1 or 0' })
    .optional()
    .transform((value) => value === '1' || value === 'true'),
});

/** One row's effect in a station import: a new station, or an existing one (same number) and its changes. */
export const stationImportChangeSchema = z.object({
  row: z.number().int(),
  kind: z.enum(['new', 'updated']),
  number: z.number().int(),
  name: z.string(),
  /** A new station's seats ("seats: A 4, B 4, C 4"), or an existing one's changes ("name: Old -> New"). */
  fields: z.array(z.string()),
});
export type StationImportChange = z.infer<typeof stationImportChangeSchema>;

/** The import's answer, under `results`. */
export const stationImportResponseSchema = z.object({
  results: z.object({
    created: z.number().int(),
    /** Rows refused: invalid rows and repeats; each has its reason in `errors`. */
    skipped: z.number().int(),
    total: z.number().int(),
    errors: z.array(z.object({ row: z.number().int(), error: z.string() })),
    /** Existing stations (matched by number) whose details the file changes. */
    updated: z.number().int(),
    /** Existing stations the file names as they already are. */
    unchanged: z.number().int(),
    /** What each saved (or, in a preview, would-be saved) row does, in row order. */
    changes: z.array(stationImportChangeSchema),
    /** Headers of the file that name no column of the import, as written; their cells are not read. */
    unknownColumns: z.array(z.string()),
    /** True for the preview (`dryRun=1`): nothing was saved. */
    dryRun: z.boolean(),
  }),
  message: z.string(),
});
export type StationImportResponse = z.infer<typeof stationImportResponseSchema>;
