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
  totalCapacityMismatchMessage,
} from '@stationbid/domain';

/** What a number input holds: a number, or '' (or stray text) while it is empty or being typed. */
type NumberFieldValue = number | string;

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
  preferredRanks: Rank[];
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
    preferredRanks: [],
  };
}

/** The form filled with a station's current values and seat counts, for editing. */
export function stationToFormValues(station: Station): StationFormValues {
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

function toStationRequestDraft(values: StationFormValues): StationRequestDraft {
  return {
    number: readNumber(values.number),
    name: values.name.trim(),
    address: values.address.trim(),
    description: toOptionalText(values.description),
    phoneNumber: toOptionalText(values.phoneNumber),
    email: toOptionalText(values.email),
    isActive: values.isActive,
    totalCapacity: readNumber(values.totalCapacity),
    seats: readSeatCounts(values),
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

/** The total-capacity problem: missing, below the minimum, or not the seats' sum; null when fine. */
function findCapacityProblem(values: StationFormValues): string | null {
  const totalCapacity = readNumber(values.totalCapacity);
  if (totalCapacity === undefined) return STATION_MESSAGES.capacityRequired;
  if (totalCapacity < 1) return STATION_MESSAGES.capacityMin;
  const seatTotal = sumSeatCounts(readSeatCounts(values));
  if (totalCapacity !== seatTotal) return totalCapacityMismatchMessage(totalCapacity, seatTotal);
  return null;
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
  'totalCapacity',
  'isActive',
];

function fieldRank(path: string): number {
  const rank = FIELD_ORDER.indexOf(path);
  return rank === -1 ? FIELD_ORDER.length : rank;
}

/**
 * The form's errors by field path ("name", "seats.A.Captain", ...), with the domain's messages:
 * the same schema the server parses the request with, plus the capacity rules. They come in the
 * form's order, so the first one is the first field to fix.
 */
export function validateStationForm(values: StationFormValues): FormErrors {
  const errors: FormErrors = {};
  const parsed = createStationRequestSchema.safeParse(toStationRequestDraft(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      // A rank list's issue belongs to the list field, not to one of its items.
      const path = issue.path[0] === 'preferredRanks' ? 'preferredRanks' : issue.path.join('.');
      errors[path] ??= issue.message;
    }
  }
  const capacityProblem = findCapacityProblem(values);
  if (capacityProblem !== null) errors.totalCapacity ??= capacityProblem;
  return Object.fromEntries(Object.entries(errors).sort(([first], [second]) => fieldRank(first) - fieldRank(second)));
}
