/**
 * Pure rules of the station screens: the status badge and fill colour,
 * the location a station is filtered by, the list's filters, summary figures and paging text.
 */
import { LIMITS, type Shift, type Station } from '@stationbid/domain';

export type StationStatusLabel = 'Inactive' | 'Full' | 'Nearly Full' | 'Available';
export type FillColor = 'red' | 'yellow' | 'green';

/** Colour of a fill-rate bar: red when full, yellow when nearly full, else green. */
export function getFillColor(fillRate: number): FillColor {
  if (fillRate >= LIMITS.fillFullPercent) return 'red';
  if (fillRate >= LIMITS.fillNearlyFullPercent) return 'yellow';
  return 'green';
}

/** The station badge: Inactive first, then by fill rate. */
export function getStationStatus(station: Pick<Station, 'isActive' | 'fillRate'>): {
  label: StationStatusLabel;
  color: FillColor | 'gray';
} {
  if (!station.isActive) return { label: 'Inactive', color: 'gray' };
  const color = getFillColor(station.fillRate);
  if (color === 'red') return { label: 'Full', color };
  if (color === 'yellow') return { label: 'Nearly Full', color };
  return { label: 'Available', color };
}

/**
 * The location a station is filtered by: the last comma-separated part of its address ("100 Main
 * Street, Riverton" is in "Riverton"); an address without a comma is its own location.
 */
export function getStationLocation(address: string): string | null {
  const parts = address
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return parts.at(-1) ?? null;
}

/** Every location of the given stations, once each, in alphabetical order. */
export function listStationLocations(stations: Pick<Station, 'address'>[]): string[] {
  const locations = new Set<string>();
  for (const station of stations) {
    const location = getStationLocation(station.address);
    if (location !== null) locations.add(location);
  }
  return [...locations].sort((first, second) => first.localeCompare(second));
}

export type StationStatusFilter = 'all' | 'active' | 'inactive';

export interface StationFilters {
  search: string;
  status: StationStatusFilter;
  /** A location from `listStationLocations`, or null for every location. */
  location: string | null;
}

export const NO_STATION_FILTERS: StationFilters = { search: '', status: 'all', location: null };

export function hasStationFilters(filters: StationFilters): boolean {
  return filters.search.trim() !== '' || filters.status !== 'all' || filters.location !== null;
}

/** The stations matching a search on name, number or address, a status and a location. */
export function filterStations<T extends Pick<Station, 'name' | 'number' | 'address' | 'isActive'>>(
  stations: T[],
  filters: StationFilters,
): T[] {
  const search = filters.search.trim().toLowerCase();
  return stations.filter((station) => {
    if (filters.status === 'active' && !station.isActive) return false;
    if (filters.status === 'inactive' && station.isActive) return false;
    if (filters.location !== null && getStationLocation(station.address) !== filters.location) return false;
    if (search === '') return true;
    return (
      station.name.toLowerCase().includes(search) ||
      String(station.number).includes(search) ||
      station.address.toLowerCase().includes(search)
    );
  });
}

export interface StationSummary {
  totalStations: number;
  activeStations: number;
  totalCapacity: number;
  /** Rounded mean of the fill rates of stations that have seats; 0 when none has. */
  averageFillRate: number;
}

/** The summary bar's figures. A station without seats has no meaningful fill rate, so it is left out of the mean. */
export function summarizeStations(
  stations: Pick<Station, 'isActive' | 'totalCapacity' | 'fillRate'>[],
): StationSummary {
  const withSeats = stations.filter((station) => station.totalCapacity > 0);
  const fillRateSum = withSeats.reduce((sum, station) => sum + station.fillRate, 0);
  return {
    totalStations: stations.length,
    activeStations: stations.filter((station) => station.isActive).length,
    totalCapacity: stations.reduce((sum, station) => sum + station.totalCapacity, 0),
    averageFillRate: withSeats.length === 0 ? 0 : Math.round(fillRateSum / withSeats.length),
  };
}

/** Number of pages for `total` items, at least 1. */
export function countPages(total: number, perPage: number = LIMITS.stationsPerPage): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** The items of one page (1-based). */
export function pageOf<T>(items: T[], page: number, perPage: number = LIMITS.stationsPerPage): T[] {
  return items.slice((page - 1) * perPage, page * perPage);
}

/**
 * "Showing 13 to 24 of 30 stations" for page 2 of 30 at 12 per page; "Showing station 25 of 25" for a
 * page of one; "Showing 0 of 0 stations" when empty.
 */
export function describeStationPage(page: number, total: number, perPage: number = LIMITS.stationsPerPage): string {
  if (total === 0) return 'Showing 0 of 0 stations';
  const first = (page - 1) * perPage + 1;
  const last = Math.min(page * perPage, total);
  return first === last ? `Showing station ${first} of ${total}` : `Showing ${first} to ${last} of ${total} stations`;
}

/** Free seats of one shift. */
export function countFreeSeats(station: Pick<Station, 'shiftCapacity' | 'occupancy'>, shift: Shift): number {
  return station.shiftCapacity[shift] - station.occupancy[shift];
}

/** Free seats over all shifts. */
export function countAllFreeSeats(station: Pick<Station, 'totalCapacity' | 'totalOccupancy'>): number {
  return station.totalCapacity - station.totalOccupancy;
}
