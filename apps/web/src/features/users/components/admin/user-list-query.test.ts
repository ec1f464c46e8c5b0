import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../../test/fixtures.ts';
import { describeShownRange, getUserDisplayStatus, orderByBidPriority } from './user-list-query.ts';

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

describe('describeShownRange', () => {
  it('says which rows of the whole list a page shows', () => {
    expect(describeShownRange(0, 50, 312)).toBe('Showing 1–50 of 312 users');
    expect(describeShownRange(300, 12, 312)).toBe('Showing 301–312 of 312 users');
    expect(describeShownRange(0, 1, 1)).toBe('Showing 1 of 1 user');
    expect(describeShownRange(1000, 50, 1200)).toBe('Showing 1,001–1,050 of 1,200 users');
    expect(describeShownRange(0, 0, 0)).toBe('Showing 0 users');
  });
});
