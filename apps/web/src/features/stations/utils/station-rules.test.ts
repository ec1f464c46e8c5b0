import { describe, expect, it } from 'vitest';
import {
  countPages,
  describeStationPage,
  filterStations,
  getFillColor,
  getStationLocation,
  getStationStatus,
  hasStationFilters,
  listStationLocations,
  NO_STATION_FILTERS,
  pageOf,
  summarizeStations,
} from './station-rules.ts';

describe('getFillColor and getStationStatus', () => {
  it.each([
    [0, 'green', 'Available'],
    [79, 'green', 'Available'],
    [80, 'yellow', 'Nearly Full'],
    [99, 'yellow', 'Nearly Full'],
    [100, 'red', 'Full'],
    [120, 'red', 'Full'],
  ])('an active station filled %i%% is %s, "%s"', (fillRate, color, label) => {
    expect(getFillColor(fillRate)).toBe(color);
    expect(getStationStatus({ isActive: true, fillRate })).toEqual({ label, color });
  });

  it('calls an inactive station Inactive whatever its fill rate', () => {
    expect(getStationStatus({ isActive: false, fillRate: 0 })).toEqual({ label: 'Inactive', color: 'gray' });
    expect(getStationStatus({ isActive: false, fillRate: 100 })).toEqual({ label: 'Inactive', color: 'gray' });
  });
});

describe('getStationLocation', () => {
  it.each([
    ['100 Main Street, Riverton', 'Riverton'],
    ['18 Wharf Road, Port Riverton', 'Port Riverton'],
    ['9 Summit Drive, Hillcrest, CA', 'CA'],
    ['  1 Runway Way ,  Riverton Airport  ', 'Riverton Airport'],
    ['42 Shoreline Drive, Lakeview, ', 'Lakeview'],
    ['Old Mill Road', 'Old Mill Road'],
    ['', null],
    [' , ', null],
  ])('"%s" is in %s', (address, location) => {
    expect(getStationLocation(address)).toBe(location);
  });

  it('lists each location once, in alphabetical order', () => {
    expect(
      listStationLocations([
        { address: '1 A Street, Riverton' },
        { address: '2 B Street, Hillcrest' },
        { address: '3 C Street, Riverton' },
      ]),
    ).toEqual(['Hillcrest', 'Riverton']);
  });
});

describe('filterStations', () => {
  const stations = [
    { name: 'Downtown', number: 1, address: '100 Main Street, Riverton', isActive: true },
    { name: 'Harbor', number: 3, address: '18 Wharf Road, Port Riverton', isActive: true },
    { name: 'Hillcrest', number: 15, address: '9 Summit Drive, Hillcrest', isActive: false },
  ];
  const names = (filters: Partial<typeof NO_STATION_FILTERS>) =>
    filterStations(stations, { ...NO_STATION_FILTERS, ...filters }).map((station) => station.name);

  it('keeps everything without filters', () => {
    expect(names({})).toEqual(['Downtown', 'Harbor', 'Hillcrest']);
    expect(hasStationFilters(NO_STATION_FILTERS)).toBe(false);
    expect(hasStationFilters({ ...NO_STATION_FILTERS, search: '  ' })).toBe(false);
  });

  it('searches name, number and address, ignoring case and spaces around', () => {
    expect(names({ search: ' HARBOR ' })).toEqual(['Harbor']);
    expect(names({ search: '15' })).toEqual(['Hillcrest']);
    expect(names({ search: 'wharf' })).toEqual(['Harbor']);
    expect(names({ search: 'riverton' })).toEqual(['Downtown', 'Harbor']);
  });

  it('filters by status and by location', () => {
    expect(names({ status: 'active' })).toEqual(['Downtown', 'Harbor']);
    expect(names({ status: 'inactive' })).toEqual(['Hillcrest']);
    // "Port Riverton" is not "Riverton": the location is compared whole.
    expect(names({ location: 'Riverton' })).toEqual(['Downtown']);
    expect(names({ location: 'Riverton', search: 'harbor' })).toEqual([]);
  });
});

describe('summarizeStations', () => {
  it('counts stations, active ones and seats, and averages the fill rate of stations with seats', () => {
    expect(
      summarizeStations([
        { isActive: true, totalCapacity: 10, fillRate: 50 },
        { isActive: false, totalCapacity: 20, fillRate: 25 },
        { isActive: true, totalCapacity: 0, fillRate: 0 },
      ]),
    ).toEqual({ totalStations: 3, activeStations: 2, totalCapacity: 30, averageFillRate: 38 });
  });

  it('gives zeros for no stations', () => {
    expect(summarizeStations([])).toEqual({
      totalStations: 0,
      activeStations: 0,
      totalCapacity: 0,
      averageFillRate: 0,
    });
  });
});

describe('paging', () => {
  const items = Array.from({ length: 30 }, (_, index) => index + 1);

  it('cuts pages of 12', () => {
    expect(countPages(0)).toBe(1);
    expect(countPages(12)).toBe(1);
    expect(countPages(13)).toBe(2);
    expect(countPages(30)).toBe(3);
    expect(pageOf(items, 1)).toEqual(items.slice(0, 12));
    expect(pageOf(items, 3)).toEqual([25, 26, 27, 28, 29, 30]);
  });

  it('says which stations a page shows', () => {
    expect(describeStationPage(1, 30)).toBe('Showing 1 to 12 of 30 stations');
    expect(describeStationPage(2, 30)).toBe('Showing 13 to 24 of 30 stations');
    expect(describeStationPage(3, 30)).toBe('Showing 25 to 30 of 30 stations');
    expect(describeStationPage(1, 5)).toBe('Showing 1 to 5 of 5 stations');
    expect(describeStationPage(1, 0)).toBe('Showing 0 of 0 stations');
    // A page of one station names it, never "1 to 1 of 1 stations".
    expect(describeStationPage(3, 25)).toBe('Showing station 25 of 25');
    expect(describeStationPage(1, 1)).toBe('Showing station 1 of 1');
  });
});
