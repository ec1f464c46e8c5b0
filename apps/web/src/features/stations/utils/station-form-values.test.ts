import { emptySeatCounts } from '@stationbid/domain';
import { describe, expect, it } from 'vitest';
import { buildStation } from '../../../test/build-station.ts';
import {
  emptyStationFormValues,
  SEAT_GROUP_MESSAGES,
  type StationFormValues,
  stationToFormValues,
  toStationRequest,
  validateStationForm,
} from './station-form-values.ts';

function filledForm(changes: Partial<StationFormValues> = {}): StationFormValues {
  const seats = emptySeatCounts();
  seats.A = { Captain: 1, Lieutenant: 0, Engineer: 1, Firefighter: 2 };
  seats.B = { Captain: 1, Lieutenant: 0, Engineer: 1, Firefighter: 2 };
  return {
    ...emptyStationFormValues(),
    number: 41,
    name: ' Westside ',
    address: '350 West Market Street, Riverton',
    totalCapacity: 8,
    seats,
    ...changes,
  };
}

describe('validateStationForm', () => {
  it('asks for the required fields with the spec messages', () => {
    expect(validateStationForm(emptyStationFormValues())).toEqual({
      number: 'Station number is required',
      name: 'Station name is required',
      address: 'Address is required',
      totalCapacity: 'Capacity must be at least 1',
    });
  });

  it('accepts a complete form', () => {
    expect(validateStationForm(filledForm())).toEqual({});
  });

  it('refuses a number below 1, a bad e-mail and a capacity below 1', () => {
    const errors = validateStationForm(
      filledForm({ number: 0, email: 'not-an-email', totalCapacity: 0, seats: emptySeatCounts() }),
    );
    expect(errors).toEqual({
      number: 'Station number must be at least 1',
      email: 'Invalid email address',
      totalCapacity: 'Capacity must be at least 1',
    });
  });

  it('counts the total capacity from the seats, whatever an old value says, non-numbers as 0', () => {
    const form = filledForm({ totalCapacity: 9 });
    form.seats.C.Firefighter = '';
    expect(validateStationForm(form)).toEqual({});
    expect(toStationRequest(form).totalCapacity).toBe(8);
  });
});

describe('toStationRequest', () => {
  it('sends every field, trimmed, with blanks as null, number text as numbers and non-numbers as 0 seats', () => {
    const form = filledForm({ phoneNumber: ' 555-0141 ', preferredRanks: ['Captain'], totalCapacity: '10' });
    form.seats.C.Lieutenant = 'abc';
    form.seats.C.Captain = '02';
    expect(toStationRequest(form)).toEqual({
      number: 41,
      name: 'Westside',
      address: '350 West Market Street, Riverton',
      description: null,
      phoneNumber: '555-0141',
      email: null,
      isActive: true,
      totalCapacity: 10,
      seats: {
        A: { Captain: 1, Lieutenant: 0, Engineer: 1, Firefighter: 2 },
        B: { Captain: 1, Lieutenant: 0, Engineer: 1, Firefighter: 2 },
        C: { Captain: 2, Lieutenant: 0, Engineer: 0, Firefighter: 0 },
      },
      preferredRanks: ['Captain'],
    });
  });

  it('round-trips a station through the edit form unchanged', () => {
    const station = buildStation({
      number: 3,
      name: 'Harbor',
      email: 'harbor@stationbid.example',
      preferredRanks: ['Captain', 'Engineer'],
    });
    const values = stationToFormValues(station);
    expect(validateStationForm(values)).toEqual({});
    expect(toStationRequest(values)).toMatchObject({
      number: 3,
      name: 'Harbor',
      email: 'harbor@stationbid.example',
      totalCapacity: station.totalCapacity,
      seats: station.seats,
      preferredRanks: ['Captain', 'Engineer'],
    });
  });
});

describe('a new station form', () => {
  it('starts active, as the spec asks', () => {
    expect(emptyStationFormValues().isActive).toBe(true);
  });
});

describe('seat groups', () => {
  const station7 = buildStation({
    number: 7,
    name: 'Hill',
    seatsPerShift: { Captain: 1, Firefighter: 3 },
    seatRules: {
      A: [
        { position: 'Captain', count: 1, requires: [], mustFill: false, occupied: 0 },
        { position: 'Firefighter', count: 3, requires: [], mustFill: false, occupied: 0 },
      ],
      B: [
        { position: 'Captain', count: 1, requires: [], mustFill: false, occupied: 0 },
        { position: 'Firefighter', count: 1, requires: [], mustFill: false, occupied: 1 },
        { position: 'Firefighter', count: 2, requires: ['PM'], mustFill: true, occupied: 0 },
      ],
      C: [
        { position: 'Captain', count: 1, requires: [], mustFill: false, occupied: 0 },
        { position: 'Firefighter', count: 3, requires: [], mustFill: false, occupied: 0 },
      ],
    },
  });

  it('opens a station with rules as its groups, and sends them with the open seats as availablePositions', () => {
    const values = stationToFormValues(station7);
    expect(values.hadSeatRules).toBe(true);
    expect(values.seatGroups.B).toEqual([
      { key: expect.any(String), position: 'Firefighter', count: 2, requires: ['PM'], mustFill: true },
    ]);
    expect(values.seatGroups.A).toEqual([]);
    expect(validateStationForm(values)).toEqual({});
    const request = toStationRequest(values);
    expect(request.seats).toBeUndefined();
    expect(request.availablePositions?.B).toEqual([
      { position: 'Captain', count: 1, requires: [], mustFill: false },
      { position: 'Firefighter', count: 1, requires: [], mustFill: false },
      { position: 'Firefighter', count: 2, requires: ['PM'], mustFill: true },
    ]);
  });

  it('still sends the rules once every group is removed, so that they are removed', () => {
    const values = stationToFormValues(station7);
    values.seatGroups.B = [];
    expect(toStationRequest(values).availablePositions?.B).toEqual([
      { position: 'Captain', count: 1, requires: [], mustFill: false },
      { position: 'Firefighter', count: 3, requires: [], mustFill: false },
    ]);
  });

  it('refuses a group without a rule or seats, and groups that take more seats than the position has', () => {
    const values = filledForm();
    values.seatGroups.A = [
      { key: 'a', position: 'Firefighter', count: 0, requires: [], mustFill: false },
      { key: 'b', position: 'Firefighter', count: 3, requires: ['PM'], mustFill: false },
    ];
    expect(validateStationForm(values)).toEqual({
      'seatGroups.A.0.count': SEAT_GROUP_MESSAGES.countMin,
      'seatGroups.A.0.requires': SEAT_GROUP_MESSAGES.ruleRequired,
      'seatGroups.A.1.count': 'Shift A has 2 Firefighter seats; its groups take 3',
    });
  });
});
