/**
 * The demo department that a first `npm start` shows: an administrator, 30 members, 6 stations
 * and a bid session ready to start. Deterministic, so screenshots and tests can rely on it.
 *
 * It bids by a labour agreement's rules (docs/bidding-rules.md), so a newcomer sees each at work:
 * seniority is time in rank; Station 2 is a medic station whose two B-shift Paramedic seats must
 * be filled, and exactly two Paramedic firefighters hold a valid card (Maya Johansson's expired);
 * the demo session runs officers first, then engineers, then firefighters; and a lieutenant and a
 * Paramedic firefighter have standing bids. Members the browser tests use are kept clear of the medic
 * seats' rules and of standing bids.
 */
import type { ProfessionalPosition, Rank, SeatPosition, Shift } from '@stationbid/domain';

export const DEMO_ADMIN = {
  email: 'admin@stationbid.example',
  password: 'stationbid-admin',
  firstName: 'Morgan',
  lastName: 'Hale',
  employeeId: 'FD-0001',
  rank: 'Battalion Chief' as Rank,
  position: 'Officer' as ProfessionalPosition,
  yearsOfService: 24,
};

export const DEMO_MEMBER_PASSWORD = 'stationbid-member';

interface DemoMember {
  firstName: string;
  lastName: string;
  rank: Rank;
  position: ProfessionalPosition;
  yearsOfService: number;
  /** The seat the member holds today, as [station number, shift]. */
  seat?: [number, Shift];
  /** Certifications held, as [code, expires on (YYYY-MM-DD) or null]. */
  certifications?: [string, string | null][];
  /** A standing bid on seats of the member's rank, best first, as [station number, shift]. */
  standingBid?: [number, Shift][];
}

/** The department's certification catalogue. */
export const DEMO_CERTIFICATIONS = [
  { code: 'PM', name: 'Paramedic' },
  { code: 'HM', name: 'Hazardous Materials Technician' },
  { code: 'DO', name: 'Driver/Operator' },
];

/** Station 2's B-shift Firefighter seats 2 and 3: Medic 2, Paramedic only, and never left empty. */
export const DEMO_MEDIC_SEATS = { stationNumber: 2, shift: 'B' as Shift, ordinals: [2, 3], requires: ['PM'] };

export const DEMO_MEMBERS: DemoMember[] = [
  {
    firstName: 'Elena',
    lastName: 'Ramirez',
    rank: 'Captain',
    position: 'Paramedic',
    yearsOfService: 19,
    seat: [1, 'A'],
    certifications: [['PM', '2028-01-31']],
  },
  { firstName: 'Marcus', lastName: 'Bell', rank: 'Captain', position: 'Officer', yearsOfService: 16, seat: [3, 'B'] },
  { firstName: 'Hannah', lastName: 'Okafor', rank: 'Captain', position: 'EMT', yearsOfService: 14, seat: [4, 'C'] },
  { firstName: 'Derek', lastName: 'Lindqvist', rank: 'Captain', position: 'Driver', yearsOfService: 12 },
  {
    firstName: 'Priya',
    lastName: 'Natarajan',
    rank: 'Lieutenant',
    position: 'Paramedic',
    yearsOfService: 13,
    seat: [1, 'B'],
    certifications: [['PM', '2027-09-30']],
    standingBid: [
      [1, 'A'],
      [3, 'B'],
    ],
  },
  {
    firstName: 'Tomas',
    lastName: 'Kowalski',
    rank: 'Lieutenant',
    position: 'Officer',
    yearsOfService: 11,
    seat: [3, 'A'],
    certifications: [['HM', '2027-12-31']],
  },
  { firstName: 'Grace', lastName: 'Whitfield', rank: 'Lieutenant', position: 'EMT', yearsOfService: 10 },
  {
    firstName: 'Andre',
    lastName: 'Baptiste',
    rank: 'Lieutenant',
    position: 'Operator',
    yearsOfService: 9,
    seat: [5, 'A'],
  },
  { firstName: 'Naomi', lastName: 'Fischer', rank: 'Lieutenant', position: 'Firefighter', yearsOfService: 8 },
  {
    firstName: 'Caleb',
    lastName: 'Murphy',
    rank: 'Engineer',
    position: 'Driver',
    yearsOfService: 15,
    seat: [1, 'A'],
    certifications: [['DO', null]],
  },
  {
    firstName: 'Sofia',
    lastName: 'Marchetti',
    rank: 'Engineer',
    position: 'Operator',
    yearsOfService: 12,
    seat: [2, 'B'],
  },
  {
    firstName: 'Jamal',
    lastName: 'Carter',
    rank: 'Engineer',
    position: 'Paramedic',
    yearsOfService: 9,
    seat: [6, 'C'],
    certifications: [['PM', '2027-06-30']],
  },
  { firstName: 'Lucy', lastName: 'Tran', rank: 'Engineer', position: 'EMT', yearsOfService: 7 },
  {
    firstName: 'Owen',
    lastName: 'Gallagher',
    rank: 'Engineer',
    position: 'Driver',
    yearsOfService: 6,
    seat: [4, 'A'],
    certifications: [['DO', null]],
  },
  { firstName: 'Isabel', lastName: 'Duarte', rank: 'Engineer', position: 'Firefighter', yearsOfService: 5 },
  {
    firstName: 'Victor',
    lastName: 'Petrov',
    rank: 'Engineer',
    position: 'Operator',
    yearsOfService: 4,
    seat: [3, 'C'],
    certifications: [
      ['HM', null],
      ['DO', null],
    ],
  },
  {
    firstName: 'Chloe',
    lastName: 'Bennett',
    rank: 'Firefighter',
    position: 'Paramedic',
    yearsOfService: 11,
    seat: [1, 'C'],
    certifications: [['PM', '2027-06-30']],
    standingBid: [[2, 'B']],
  },
  { firstName: 'Ryan', lastName: 'Nakamura', rank: 'Firefighter', position: 'EMT', yearsOfService: 9, seat: [2, 'A'] },
  {
    firstName: 'Maya',
    lastName: 'Johansson',
    rank: 'Firefighter',
    position: 'Paramedic',
    yearsOfService: 8,
    seat: [3, 'B'],
    certifications: [['PM', '2026-03-31']],
  },
  { firstName: 'Ethan', lastName: 'Brooks', rank: 'Firefighter', position: 'Firefighter', yearsOfService: 8 },
  { firstName: 'Zoe', lastName: 'Adeyemi', rank: 'Firefighter', position: 'EMT', yearsOfService: 7, seat: [5, 'B'] },
  {
    firstName: 'Liam',
    lastName: 'OConnell',
    rank: 'Firefighter',
    position: 'Driver',
    yearsOfService: 6,
    seat: [6, 'A'],
  },
  {
    firstName: 'Ava',
    lastName: 'Schmidt',
    rank: 'Firefighter',
    position: 'Firefighter',
    yearsOfService: 5,
  },
  {
    firstName: 'Noah',
    lastName: 'Delgado',
    rank: 'Firefighter',
    position: 'Paramedic',
    yearsOfService: 4,
    seat: [4, 'B'],
    certifications: [['PM', null]],
  },
  { firstName: 'Emma', lastName: 'Kim', rank: 'Firefighter', position: 'EMT', yearsOfService: 3, seat: [1, 'B'] },
  { firstName: 'Lucas', lastName: 'Moreau', rank: 'Firefighter', position: 'Firefighter', yearsOfService: 3 },
  {
    firstName: 'Mia',
    lastName: 'Sullivan',
    rank: 'Firefighter',
    position: 'Operator',
    yearsOfService: 2,
    seat: [2, 'C'],
  },
  {
    firstName: 'Daniel',
    lastName: 'Yilmaz',
    rank: 'Firefighter',
    position: 'Firefighter',
    yearsOfService: 2,
  },
  { firstName: 'Harper', lastName: 'Quinn', rank: 'Firefighter', position: 'EMT', yearsOfService: 1 },
  { firstName: 'Jack', lastName: 'Fernandes', rank: 'Firefighter', position: 'Firefighter', yearsOfService: 0 },
];

/** Demo e-mail: first.last@stationbid.example, lower-case, letters only. */
export function demoEmail(member: Pick<DemoMember, 'firstName' | 'lastName'>): string {
  const clean = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');
  return `${clean(member.firstName)}.${clean(member.lastName)}@stationbid.example`;
}

type SeatsPerShift = Partial<Record<SeatPosition, number>>;

export const DEMO_STATIONS: {
  number: number;
  name: string;
  address: string;
  description: string;
  phoneNumber: string;
  seatsPerShift: SeatsPerShift;
}[] = [
  {
    number: 1,
    name: 'Downtown',
    address: '100 Main Street, Riverton',
    description: 'Headquarters station: Engine 1 and Ladder 1.',
    phoneNumber: '555-0101',
    seatsPerShift: { Captain: 1, Lieutenant: 1, Engineer: 2, Firefighter: 4 },
  },
  {
    number: 2,
    name: 'Northside',
    address: '2450 North Avenue, Riverton',
    description: 'Engine 2 and Medic 2.',
    phoneNumber: '555-0102',
    seatsPerShift: { Captain: 1, Engineer: 1, Firefighter: 3 },
  },
  {
    number: 3,
    name: 'Harbor',
    address: '18 Wharf Road, Port Riverton',
    description: 'Engine 3, Truck 3 and the fireboat.',
    phoneNumber: '555-0103',
    seatsPerShift: { Captain: 1, Lieutenant: 1, Engineer: 2, Firefighter: 3 },
  },
  {
    number: 4,
    name: 'Eastgate',
    address: '771 Eastgate Boulevard, Riverton',
    description: 'Engine 4.',
    phoneNumber: '555-0104',
    seatsPerShift: { Captain: 1, Engineer: 1, Firefighter: 2 },
  },
  {
    number: 5,
    name: 'Hillcrest',
    address: '9 Summit Drive, Hillcrest',
    description: 'Engine 5, wildland interface.',
    phoneNumber: '555-0105',
    seatsPerShift: { Lieutenant: 1, Engineer: 1, Firefighter: 2 },
  },
  {
    number: 6,
    name: 'Airport',
    address: '1 Runway Way, Riverton Airport',
    description: 'Crash rescue and Engine 6.',
    phoneNumber: '555-0106',
    seatsPerShift: { Captain: 1, Engineer: 1, Firefighter: 3 },
  },
];

/** The members (by index in DEMO_MEMBERS) who take part in the demo bid session. */
export const DEMO_SESSION_MEMBER_INDEXES = [0, 3, 4, 6, 9, 12, 16, 18, 22, 23, 25, 27];

export const DEMO_SESSION = {
  name: 'Spring Station Bid',
  description: 'Station, shift and position assignments for the next rotation.',
  bidWindowMinutes: 5,
  autoAssignTimeoutMinutes: 2,
};
