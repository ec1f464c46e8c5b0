/**
 * The rank and shift filters of the administrators' member lists (the members list and the
 * session's participant picker), so both offer the same choices in the same words. "Any" is an
 * option of its own, not a clear button: Mantine's clear button is hidden from the keyboard and
 * from screen readers, while an option is reached like every other.
 */
import { RANKS, SHIFTS } from '@stationbid/domain';

/** The value of a filter's "All ..." option. */
export const ANY_OPTION = 'any';

/** A filter select's value as a filter: null for the "All ..." option (or nothing chosen). */
export const fromFilterOption = (value: string | null): string | null =>
  value === null || value === ANY_OPTION ? null : value;

export const RANK_FILTER_OPTIONS = [
  { value: ANY_OPTION, label: 'All ranks' },
  ...RANKS.map((rank) => ({ value: rank, label: rank })),
];

export const SHIFT_FILTER_OPTIONS = [
  { value: ANY_OPTION, label: 'All shifts' },
  ...SHIFTS.map((shift) => ({ value: shift, label: `Shift ${shift}` })),
];
