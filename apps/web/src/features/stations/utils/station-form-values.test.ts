import { emptySeatCounts } from '@stationbid/domain';
import { describe, expect, it } from 'vitest';
import { buildStation } from '../../../test/build-station.ts';
import {
  emptyStationFormValues,
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
      totalCapacity: 'Capacity is required',
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

  it('requires the total capacity to equal the seats, counting non-numbers as 0', () => {
    const form = filledForm({ totalCapacity: 9 });
    form.seats.C.Firefighter = '';
    expect(validateStationForm(form)).toEqual({
      totalCapacity: 'Total capacity (9) must equal the sum of the seats per shift and position (8).',
    });
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
