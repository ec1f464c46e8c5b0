import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../../test/fixtures.ts';
import {
  DEFAULT_USER_LIST_QUERY,
  filterAndSortUsers,
  getUserDisplayStatus,
  orderByBidPriority,
  type UserListQuery,
} from './user-list-query.ts';

let nextId = 0;
function member(overrides: Parameters<typeof buildUser>[0]) {
  nextId += 1;
  const id = `00000000-0000-4000-8000-${String(nextId).padStart(12, '0')}`;
  return buildUser({ id, _id: id, employeeId: `E-${nextId}`, ...overrides });
}

const elena = member({
  firstName: 'Elena',
  lastName: 'Ramirez',
  email: 'elena.ramirez@stationbid.example',
  employeeId: 'FD-0002',
  rank: 'Captain',
  yearsOfService: 19,
  seniorityScore: 494,
  bidPriority: 1,
});
const caleb = member({
  firstName: 'Caleb',
  lastName: 'Murphy',
  email: 'caleb.murphy@stationbid.example',
  rank: 'Engineer',
  yearsOfService: 10,
  seniorityScore: 216,
  bidPriority: 2,
});
const zoe = member({
  firstName: 'zoe',
  lastName: 'Adams',
  email: 'a.zoe@stationbid.example',
  rank: 'Firefighter',
  yearsOfService: 2,
  seniorityScore: 20,
  bidPriority: 3,
});
const retired = member({
  firstName: 'Walter',
  lastName: 'Gray',
  email: 'walter.gray@stationbid.example',
  rank: 'Lieutenant',
  yearsOfService: 4,
  isActive: false,
  status: 'inactive',
  seniorityScore: 60,
  bidPriority: null,
});
const newcomer = member({
  firstName: 'Nina',
  lastName: 'Brooks',
  email: 'nina.brooks@stationbid.example',
  yearsOfService: 5,
  status: 'pending',
  seniorityScore: 50,
  bidPriority: 4,
});
const chief = member({
  firstName: 'Morgan',
  lastName: 'Hale',
  email: 'admin@stationbid.example',
  rank: 'Battalion Chief',
  isAdmin: true,
  yearsOfService: 24,
  seniorityScore: 1080,
  bidPriority: 5,
});
const everyone = [elena, caleb, zoe, retired, newcomer, chief];

const names = (query: Partial<UserListQuery>) =>
  filterAndSortUsers(everyone, { ...DEFAULT_USER_LIST_QUERY, ...query }).map((user) => user.firstName);

describe('filterAndSortUsers', () => {
  it('lists everyone by name, A to Z whatever the case, by default', () => {
    expect(names({})).toEqual(['Caleb', 'Elena', 'Morgan', 'Nina', 'Walter', 'zoe']);
  });

  it('finds members by part of their name, e-mail or employee ID, ignoring case and spaces around', () => {
    expect(names({ search: '  RAMIR ' })).toEqual(['Elena']);
    expect(names({ search: 'elena ramirez' })).toEqual(['Elena']);
    expect(names({ search: 'ramirez elena' })).toEqual(['Elena']);
    expect(names({ search: 'caleb.murphy@' })).toEqual(['Caleb']);
    expect(names({ search: 'fd-0002' })).toEqual(['Elena']);
    expect(names({ search: 'nobody' })).toEqual([]);
  });

  it('filters by account status and role', () => {
    expect(names({ filter: 'active' })).toEqual(['Caleb', 'Elena', 'Morgan', 'Nina', 'zoe']);
    expect(names({ filter: 'inactive' })).toEqual(['Walter']);
    expect(names({ filter: 'pending' })).toEqual(['Nina']);
    expect(names({ filter: 'admin' })).toEqual(['Morgan']);
  });

  it('counts senior from 10 years and junior below 5 years', () => {
    expect(names({ filter: 'senior' })).toEqual(['Caleb', 'Elena', 'Morgan']);
    expect(names({ filter: 'junior' })).toEqual(['Walter', 'zoe']);
  });

  it('combines the search with the filter', () => {
    expect(names({ filter: 'senior', search: 'stationbid.example' })).toEqual(['Caleb', 'Elena', 'Morgan']);
    expect(names({ filter: 'inactive', search: 'elena' })).toEqual([]);
  });

  it('sorts by seniority score, years of service and e-mail in either direction', () => {
    expect(names({ sortBy: 'seniority', sortDirection: 'desc' })).toEqual([
      'Morgan',
      'Elena',
      'Caleb',
      'Walter',
      'Nina',
      'zoe',
    ]);
    expect(names({ sortBy: 'yearsOfService' })).toEqual(['zoe', 'Walter', 'Nina', 'Caleb', 'Elena', 'Morgan']);
    expect(names({ sortBy: 'email' })).toEqual(['zoe', 'Morgan', 'Caleb', 'Elena', 'Nina', 'Walter']);
    expect(names({ sortDirection: 'desc' })).toEqual(['zoe', 'Walter', 'Nina', 'Morgan', 'Elena', 'Caleb']);
  });

  it('sorts ranks by the rank ladder and breaks ties by name', () => {
    // Caleb and Nina are both Engineers (the fixture's default rank): the name decides.
    expect(names({ sortBy: 'rank' })).toEqual(['zoe', 'Caleb', 'Nina', 'Walter', 'Elena', 'Morgan']);
  });

  it('does not change the list it was given', () => {
    const copy = [...everyone];
    filterAndSortUsers(everyone, { ...DEFAULT_USER_LIST_QUERY, sortBy: 'seniority' });
    expect(everyone).toEqual(copy);
  });
});

describe('getUserDisplayStatus', () => {
  it('reads Inactive before anything else, then Pending, then Admin, else Active', () => {
    expect(getUserDisplayStatus(retired)).toBe('Inactive');
    expect(getUserDisplayStatus({ ...chief, isActive: false })).toBe('Inactive');
    expect(getUserDisplayStatus(newcomer)).toBe('Pending');
    expect(getUserDisplayStatus(chief)).toBe('Admin');
    expect(getUserDisplayStatus(elena)).toBe('Active');
  });
});

describe('orderByBidPriority', () => {
  it('keeps active members only, first in the queue first', () => {
    expect(orderByBidPriority([chief, zoe, retired, elena, newcomer, caleb]).map((user) => user.firstName)).toEqual([
      'Elena',
      'Caleb',
      'zoe',
      'Nina',
      'Morgan',
    ]);
  });
});
