import type { User } from '@stationbid/domain';

/** A valid-looking JWT shape: long enough and dotted, so the client does not discard it as malformed. */
export const ACCESS_TOKEN = 'header.payload.signature';
export const REFRESH_TOKEN = 'refresh-token-0123456789';

export function buildUser(overrides: Partial<User> = {}): User {
  const id = '6f1c2a4e-3b5d-4c7e-8f90-a1b2c3d4e5f6';
  return {
    id,
    _id: id,
    email: 'alex.morgan@stationbid.example',
    firstName: 'Alex',
    lastName: 'Morgan',
    phone: null,
    phoneNumber: null,
    address: null,
    employeeId: 'E-1001',
    isAdmin: false,
    isActive: true,
    status: 'active',
    rank: 'Engineer',
    position: 'Driver',
    yearsOfService: 8,
    currentStation: null,
    currentShift: 'A',
    currentSeatPosition: null,
    seniorityScore: 115,
    bidPriority: 3,
    manualSeniorityScore: null,
    isOnline: true,
    emergencyContact: { name: '', phone: '', relationship: '' },
    hireDate: null,
    rankDate: null,
    listNumber: null,
    certifications: [],
    lastLoginAt: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const adminUser = buildUser({
  id: '0d9e8f7a-6b5c-4d3e-2f1a-0b9c8d7e6f5a',
  _id: '0d9e8f7a-6b5c-4d3e-2f1a-0b9c8d7e6f5a',
  email: 'dana.reyes@stationbid.example',
  firstName: 'Dana',
  lastName: 'Reyes',
  isAdmin: true,
  rank: 'Captain',
});
