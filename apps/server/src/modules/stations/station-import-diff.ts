/**
 * What a station import row changes of a station already here (pure, so it is tested without a
 * database): its details field by field, and its seats shift by shift, each as the preview shows
 * it ("name: North -> North Hill"). A blank optional cell leaves that detail as it is, as in the
 * member import.
 */
import {
  SEAT_POSITIONS,
  type SeatRules,
  SHIFTS,
  type Shift,
  type StationImportRow,
  seatGroupKey,
} from '@stationbid/domain';
import type { StationChanges, StationRow } from './stations.repository.ts';

/** A group of seats as the diff compares them: the seat rows of a station, or a row's groups. */
interface SeatGroupCount {
  shift: string;
  position: string;
  requires: readonly string[];
  mustFill: boolean;
  count: number;
}

/** One shift's seats as people read them: "Captain 1, Engineer 1, Firefighter 2 (PM, must fill)", or "none". */
function describeShiftSeats(groups: readonly SeatGroupCount[], shift: Shift): string {
  const merged = new Map<string, SeatGroupCount>();
  for (const group of groups) {
    if (group.shift !== shift || group.count === 0) continue;
    const key = `${group.position}|${seatGroupKey(group)}`;
    const same = merged.get(key);
    if (same) same.count += group.count;
    else merged.set(key, { ...group });
  }
  const parts = [...merged.values()]
    .sort(
      (a, b) =>
        SEAT_POSITIONS.indexOf(a.position as never) - SEAT_POSITIONS.indexOf(b.position as never) ||
        seatGroupKey(a).localeCompare(seatGroupKey(b)),
    )
    .map((group) => {
      const rules = [...group.requires, ...(group.mustFill ? ['must fill'] : [])];
      return `${group.position} ${group.count}${rules.length > 0 ? ` (${rules.join(', ')})` : ''}`;
    });
  return parts.length === 0 ? 'none' : parts.join(', ');
}

const rulesAsGroups = (rules: SeatRules): SeatGroupCount[] =>
  SHIFTS.flatMap((shift) => rules[shift].map((rule) => ({ shift, ...rule })));

/** The seat changes, one entry per shift that changes: "shift A seats: Captain 1 -> Captain 1, Engineer 1". */
export function diffSeats(
  seatsNow: readonly { shift: string; seatPosition: string; requires: string[]; mustFill: boolean }[],
  requested: SeatRules,
): string[] {
  const now = seatsNow.map((seat) => ({
    shift: seat.shift,
    position: seat.seatPosition,
    requires: seat.requires,
    mustFill: seat.mustFill,
    count: 1,
  }));
  const next = rulesAsGroups(requested);
  return SHIFTS.flatMap((shift) => {
    const before = describeShiftSeats(now, shift);
    const after = describeShiftSeats(next, shift);
    return before === after ? [] : [`shift ${shift} seats: ${before} -> ${after}`];
  });
}

/** A new station's seats as the preview lists them: "seats: A 3, B 3, C 3". */
export function describeNewStationSeats(station: StationImportRow): string {
  const shifts = SHIFTS.map((shift) => {
    const count = Object.values(station.seats[shift]).reduce((sum, value) => sum + value, 0);
    return `${shift} ${count}`;
  });
  return `seats: ${shifts.join(', ')}`;
}

const showValue = (value: string | boolean | null | readonly string[]): string => {
  if (value === null || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'active' : 'inactive';
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.join(', ');
  return `${value}`;
};

const DETAIL_LABELS = {
  name: 'name',
  address: 'address',
  description: 'description',
  phoneNumber: 'phone',
  email: 'e-mail',
  isActive: 'status',
  preferredRanks: 'preferred ranks',
} as const;

/**
 * The details a row changes of a station already here, and how the preview names each change.
 * `cells` are the row's cells as written: an optional detail whose cell is blank is left alone.
 */
export function diffStationDetails(
  existing: StationRow,
  station: StationImportRow,
  cells: Readonly<Record<string, string>>,
): { changes: StationChanges; fields: string[] } {
  const changes: StationChanges = {};
  const fields: string[] = [];
  const filled = (column: string) => (cells[column] ?? '').trim() !== '';
  const compare = <K extends keyof typeof DETAIL_LABELS>(field: K, next: StationRow[K], when = true) => {
    if (!when || JSON.stringify(next) === JSON.stringify(existing[field])) return;
    (changes as Record<string, unknown>)[field] = next;
    fields.push(`${DETAIL_LABELS[field]}: ${showValue(existing[field])} -> ${showValue(next)}`);
  };
  compare('name', station.name);
  compare('address', station.address);
  compare('description', station.description, filled('description'));
  compare('phoneNumber', station.phoneNumber, filled('phoneNumber'));
  compare('email', station.email, filled('email'));
  compare('isActive', station.isActive, filled('isActive'));
  compare('preferredRanks', station.preferredRanks, filled('preferredRanks'));
  return { changes, fields };
}
