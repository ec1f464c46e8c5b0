/**
 * The station form's values (schemas/station.ts) and how they become the request the
 * API accepts. Number inputs hold '' while empty, so the values are loose; the request is checked
 * with the domain's own schema, and the capacity rules the server checks are checked here first.
 */

import type { FormErrors } from '@mantine/form';
import {
  type CreateStationRequest,
  createStationRequestSchema,
  emptySeatCounts,
  hasSeatRule,
  plural,
  RANKS,
  type Rank,
  SEAT_POSITIONS,
  type SeatCounts,
  type SeatPosition,
  SHIFTS,
  type Shift,
  STATION_MESSAGES,
  type Station,
  sumSeatCounts,
} from '@stationbid/domain';

/** Messages of the station form's seat groups. */
export const SEAT_GROUP_MESSAGES = {
  countMin: 'A group has at least 1 seat',
  ruleRequired: 'Choose a certification, or mark the seats as must be filled',
  tooMany: (shift: Shift, position: SeatPosition, seats: number, inGroups: number) =>
    `Shift ${shift} has ${plural(seats, `${position} seat`)}; its groups take ${inGroups}`,
} as const;

/** What a number input holds: a number, or '' (or stray text) while it is empty or being typed. */
type NumberFieldValue = number | string;

/**
 * Seats of one position on one shift set apart by their rules: the certifications a member needs
 * for them and whether they must be filled. They are part of that position's seat count; the rest
 * of its seats are open to anyone.
 */
export interface SeatGroupValue {
  /** Keeps a row's inputs when another row is removed. */
  key: string;
  position: SeatPosition;
  count: NumberFieldValue;
  requires: string[];
  mustFill: boolean;
}

export interface StationFormValues {
  number: NumberFieldValue;
  name: string;
  address: string;
  description: string;
  phoneNumber: string;
  email: string;
  isActive: boolean;
  totalCapacity: NumberFieldValue;
  seats: Record<Shift, Record<SeatPosition, NumberFieldValue>>;
  /** Seat groups with rules, per shift. */
  seatGroups: Record<Shift, SeatGroupValue[]>;
  /** Whether the station had rules when the form opened: removing them all must still be sent. */
  hadSeatRules: boolean;
  preferredRanks: Rank[];
}

let nextGroupKey = 0;
/** A new group row's key, unique in this page. */
export function newSeatGroupKey(): string {
  nextGroupKey += 1;
  return `seat-group-${nextGroupKey}`;
}

/** A new station: everything empty, no seats, active (spec: isActive is checked on create). */
export function emptyStationFormValues(): StationFormValues {
  return {
    number: '',
    name: '',
    address: '',
    description: '',
    phoneNumber: '',
    email: '',
    isActive: true,
    totalCapacity: '',
    seats: emptySeatCounts(),
    seatGroups: { A: [], B: [], C: [] },
    hadSeatRules: false,
    preferredRanks: [],
  };
}

/** The form filled with a station's current values, seat counts and seat groups, for editing. */
export function stationToFormValues(station: Station): StationFormValues {
  const seatGroups: StationFormValues['seatGroups'] = { A: [], B: [], C: [] };
  for (const shift of SHIFTS) {
    for (const rule of station.seatRules?.[shift] ?? []) {
      if (!hasSeatRule(rule)) continue;
      seatGroups[shift].push({
        key: newSeatGroupKey(),
        position: rule.position,
        count: rule.count,
        requires: [...rule.requires],
        mustFill: rule.mustFill,
      });
    }
  }
  return {
    number: station.number,
    name: station.name,
    address: station.address,
    description: station.description ?? '',
    phoneNumber: station.phoneNumber ?? '',
    email: station.email ?? '',
    isActive: station.isActive,
    totalCapacity: station.totalCapacity,
    seats: {
      A: { ...station.seats.A },
      B: { ...station.seats.B },
      C: { ...station.seats.C },
    },
    seatGroups,
    hadSeatRules: SHIFTS.some((shift) => seatGroups[shift].length > 0),
    preferredRanks: station.preferredRanks.filter(isRank),
  };
}

function isRank(value: string): value is Rank {
  return (RANKS as readonly string[]).includes(value);
}

/**
 * The number a number input holds, or undefined when it holds none. Mantine gives text rather
 * than a number for some input while typing (e.g. "03" after typing 3 behind a 0), so text that
 * reads as a number counts as that number.
 */
function readNumber(value: NumberFieldValue): number | undefined {
  const number = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/** A seat count as the form means it: anything that is not a number counts as 0. */
export function toSeatCount(value: NumberFieldValue): number {
  return readNumber(value) ?? 0;
}

/** The seat counts of the form, with non-numbers as 0. */
export function readSeatCounts(values: Pick<StationFormValues, 'seats'>): SeatCounts {
  const counts = emptySeatCounts();
  for (const shift of SHIFTS) {
    for (const position of SEAT_POSITIONS) counts[shift][position] = toSeatCount(values.seats[shift][position]);
  }
  return counts;
}

function toOptionalText(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** The request before it is checked: the number may still be missing. */
type StationRequestDraft = Omit<CreateStationRequest, 'number'> & { number: number | undefined };

function hasSeatGroups(values: Pick<StationFormValues, 'seatGroups'>): boolean {
  return SHIFTS.some((shift) => values.seatGroups[shift].length > 0);
}

/**
 * The seats as `availablePositions` entries with their rules: each group, and the rest of each
 * position's seats as an entry without rules. Sent instead of `seats` when the station has groups
 * (or had some, so that removing them all is sent too).
 */
function toRuledPositions(values: Pick<StationFormValues, 'seats' | 'seatGroups'>) {
  const counts = readSeatCounts(values);
  const perShift = (shift: Shift) =>
    SEAT_POSITIONS.flatMap((position) => {
      const groups = values.seatGroups[shift]
        .filter((group) => group.position === position)
        .map((group) => ({
          position,
          count: toSeatCount(group.count),
          requires: group.requires,
          mustFill: group.mustFill,
        }));
      const rest = counts[shift][position] - groups.reduce((sum, group) => sum + group.count, 0);
      return rest > 0 ? [{ position, count: rest, requires: [], mustFill: false }, ...groups] : groups;
    });
  return { A: perShift('A'), B: perShift('B'), C: perShift('C') };
}

function toStationRequestDraft(values: StationFormValues): StationRequestDraft {
  const seats =
    hasSeatGroups(values) || values.hadSeatRules
      ? { availablePositions: toRuledPositions(values) }
      : { seats: readSeatCounts(values) };
  return {
    number: readNumber(values.number),
    name: values.name.trim(),
    address: values.address.trim(),
    description: toOptionalText(values.description),
    phoneNumber: toOptionalText(values.phoneNumber),
    email: toOptionalText(values.email),
    isActive: values.isActive,
    // Computed from the seats, never typed: the server checks it against them all the same.
    totalCapacity: sumSeatCounts(readSeatCounts(values)),
    ...seats,
    preferredRanks: values.preferredRanks,
  };
}

/**
 * The body of POST /stations and PUT /stations/:id, for values `validateStationForm` accepted.
 * Every field is sent, so an edit sets exactly what the form shows, and the seats sent replace
 * the station's seat counts.
 */
export function toStationRequest(values: StationFormValues): CreateStationRequest {
  return createStationRequestSchema.parse(toStationRequestDraft(values));
}

/** The total-capacity problem: the seats add up to none; null when fine. The total is their sum. */
function findCapacityProblem(values: StationFormValues): string | null {
  return sumSeatCounts(readSeatCounts(values)) < 1 ? STATION_MESSAGES.capacityMin : null;
}

/** Problems of the seat groups, by field path ("seatGroups.B.0.count"). */
function findSeatGroupProblems(values: StationFormValues): FormErrors {
  const errors: FormErrors = {};
  const counts = readSeatCounts(values);
  for (const shift of SHIFTS) {
    values.seatGroups[shift].forEach((group, index) => {
      const path = `seatGroups.${shift}.${index}`;
      if (toSeatCount(group.count) < 1) errors[`${path}.count`] = SEAT_GROUP_MESSAGES.countMin;
      if (group.requires.length === 0 && !group.mustFill) errors[`${path}.requires`] = SEAT_GROUP_MESSAGES.ruleRequired;
    });
    for (const position of SEAT_POSITIONS) {
      const groups = values.seatGroups[shift].map((group, index) => ({ group, index }));
      const ofPosition = groups.filter(({ group }) => group.position === position);
      const inGroups = ofPosition.reduce((sum, { group }) => sum + toSeatCount(group.count), 0);
      const last = ofPosition.at(-1);
      if (last !== undefined && inGroups > counts[shift][position]) {
        errors[`seatGroups.${shift}.${last.index}.count`] ??= SEAT_GROUP_MESSAGES.tooMany(
          shift,
          position,
          counts[shift][position],
          inGroups,
        );
      }
    }
  }
  return errors;
}

/** Field paths in the order the form shows them: seats row by row (position), shift by shift. */
const FIELD_ORDER = [
  'number',
  'name',
  'address',
  'description',
  'phoneNumber',
  'email',
  'preferredRanks',
  ...SEAT_POSITIONS.flatMap((position) => SHIFTS.map((shift) => `seats.${shift}.${position}`)),
  'seatGroups',
  'totalCapacity',
  'isActive',
];

function fieldRank(path: string): number {
  // Seat group fields come in their place, in the order of their paths.
  const rank = FIELD_ORDER.indexOf(path.startsWith('seatGroups.') ? 'seatGroups' : path);
  return rank === -1 ? FIELD_ORDER.length : rank;
}

/**
 * The form's errors by field path ("name", "seats.A.Captain", ...), with the domain's messages:
 * the same schema the server parses the request with, plus the capacity rules. They come in the
 * form's order, so the first one is the first field to fix.
 */
export function validateStationForm(values: StationFormValues): FormErrors {
  const errors: FormErrors = {};
  // The seat counts are checked as counts (so their problems are named on the seat table), whichever
  // form the request sends them in; the groups are checked below.
  const { availablePositions: _groups, ...draft } = toStationRequestDraft(values);
  const parsed = createStationRequestSchema.safeParse({ ...draft, seats: readSeatCounts(values) });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      // A rank list's issue belongs to the list field, not to one of its items.
      const path = issue.path[0] === 'preferredRanks' ? 'preferredRanks' : issue.path.join('.');
      errors[path] ??= issue.message;
    }
  }
  Object.assign(errors, findSeatGroupProblems(values));
  const capacityProblem = findCapacityProblem(values);
  if (capacityProblem !== null) errors.totalCapacity ??= capacityProblem;
  return Object.fromEntries(Object.entries(errors).sort(([first], [second]) => fieldRank(first) - fieldRank(second)));
}
