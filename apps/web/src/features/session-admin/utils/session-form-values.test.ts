import { BID_MESSAGES } from '@stationbid/domain';
import { describe, expect, it } from 'vitest';
import { buildBidSessionDetail, buildParticipant, testId } from '../../../test/build-bid-session.ts';
import {
  emptySessionFormValues,
  fromDateTimeLocalInput,
  listTieBreakOptions,
  type SessionFormValues,
  STATIONS_REQUIRED_MESSAGE,
  sessionToFormValues,
  toCreateSessionRequest,
  toDateTimeLocalInput,
  toUpdateSessionRequest,
  validateSessionForm,
} from './session-form-values.ts';

const MEMBER_A = testId('3e3', 1);
const MEMBER_B = testId('3e3', 2);
const STATION = testId('57a7', 1);
const NOW = Date.parse('2026-02-10T12:00:00Z');

function filledValues(overrides: Partial<SessionFormValues> = {}): SessionFormValues {
  return {
    ...emptySessionFormValues(new Date('2026-02-10T12:00:00Z')),
    name: '  Spring Station Bid ',
    description: ' Next rotation ',
    startDate: '2026-03-01',
    endDate: '2026-03-31',
    participantIds: [MEMBER_A, MEMBER_B],
    ...overrides,
  };
}

describe('emptySessionFormValues', () => {
  it('starts with the defaults of LIMITS and the current year', () => {
    expect(emptySessionFormValues(new Date('2027-06-15T12:00:00Z'))).toMatchObject({
      year: 2027,
      bidWindowDuration: 5,
      autoAssignTimeout: 2,
      clearAssignments: false,
      eligibilityMode: 'rank',
      tieBreakChain: 'yearsOfService,employeeId',
      stationOffer: 'all',
      participantIds: [],
    });
  });
});

describe('toCreateSessionRequest', () => {
  it('trims text, sends numbers, all stations as an empty list and the tie-break chain as links', () => {
    expect(toCreateSessionRequest(filledValues())).toEqual({
      name: 'Spring Station Bid',
      description: 'Next rotation',
      year: 2026,
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      scheduledStart: null,
      bidWindowDuration: 5,
      autoAssignTimeout: 2,
      participantIds: [MEMBER_A, MEMBER_B],
      stationIds: [],
      clearAssignments: false,
      eligibilityMode: 'rank',
      tieBreakChain: ['yearsOfService', 'employeeId'],
    });
  });

  it('sends the chosen stations, a random draw and a scheduled start in UTC', () => {
    const request = toCreateSessionRequest(
      filledValues({
        stationOffer: 'chosen',
        stationIds: [STATION],
        tieBreakChain: 'yearsOfService,random',
        scheduledStart: '2026-03-01T09:30',
        eligibilityMode: 'any',
        clearAssignments: true,
        bidWindowDuration: '10',
      }),
    );
    expect(request).toMatchObject({
      stationIds: [STATION],
      tieBreakChain: ['yearsOfService', 'random'],
      scheduledStart: new Date('2026-03-01T09:30').toISOString(),
      eligibilityMode: 'any',
      clearAssignments: true,
      bidWindowDuration: 10,
    });
  });

  it('forgets the chosen stations when all are offered again', () => {
    expect(toCreateSessionRequest(filledValues({ stationOffer: 'all', stationIds: [STATION] })).stationIds).toEqual([]);
  });
});

describe('toUpdateSessionRequest', () => {
  it('sends every field for a draft or scheduled session', () => {
    expect(toUpdateSessionRequest(filledValues(), 'full')).toEqual(toCreateSessionRequest(filledValues()));
  });

  it('sends only name, description, bid window and auto-assign timeout for a running session', () => {
    expect(toUpdateSessionRequest(filledValues({ bidWindowDuration: 8 }), 'running')).toEqual({
      name: 'Spring Station Bid',
      description: 'Next rotation',
      bidWindowDuration: 8,
      autoAssignTimeout: 2,
    });
  });
});

describe('validateSessionForm', () => {
  const full = { scope: 'full' as const, nowMs: NOW };

  it('accepts a complete form', () => {
    expect(validateSessionForm(filledValues(), full)).toEqual({});
  });

  it('names every missing field with the messages of BID_MESSAGES', () => {
    const errors = validateSessionForm(
      {
        ...filledValues(),
        name: '  ',
        year: '',
        startDate: '',
        endDate: '',
        bidWindowDuration: '',
        autoAssignTimeout: '',
        participantIds: [],
      },
      full,
    );
    expect(errors).toEqual({
      name: BID_MESSAGES.nameRequired,
      year: BID_MESSAGES.yearRequired,
      startDate: BID_MESSAGES.startDateRequired,
      endDate: BID_MESSAGES.endDateRequired,
      bidWindowDuration: BID_MESSAGES.bidWindowRequired,
      autoAssignTimeout: BID_MESSAGES.autoAssignRequired,
      participantIds: BID_MESSAGES.participantsRequired,
    });
  });

  it('checks the limits: year from 2024, bid window 1 to 60, auto-assign 1 to 30', () => {
    expect(
      validateSessionForm(filledValues({ year: 2023, bidWindowDuration: 0, autoAssignTimeout: 31 }), full),
    ).toEqual({
      year: BID_MESSAGES.yearMin,
      bidWindowDuration: BID_MESSAGES.minimumOneMinute,
      autoAssignTimeout: BID_MESSAGES.maximumThirtyMinutes,
    });
    expect(validateSessionForm(filledValues({ bidWindowDuration: 61, autoAssignTimeout: 0 }), full)).toEqual({
      bidWindowDuration: BID_MESSAGES.maximumSixtyMinutes,
      autoAssignTimeout: BID_MESSAGES.minimumOneMinute,
    });
  });

  it('refuses an end before the start, no chosen station, and a scheduled start in the past', () => {
    expect(
      validateSessionForm(
        filledValues({
          startDate: '2026-03-31',
          endDate: '2026-03-01',
          stationOffer: 'chosen',
          stationIds: [],
          scheduledStart: '2026-02-01T08:00',
        }),
        full,
      ),
    ).toEqual({
      endDate: BID_MESSAGES.endBeforeStart,
      stationIds: STATIONS_REQUIRED_MESSAGE,
      scheduledStart: 'The scheduled start must be in the future',
    });
  });

  it('lets a scheduled start that has passed untouched stay as it was', () => {
    const values = filledValues({ scheduledStart: '2026-02-01T08:00' });
    expect(validateSessionForm(values, { ...full, initialScheduledStart: '2026-02-01T08:00' })).toEqual({});
  });

  it('checks only the changeable fields of a running session', () => {
    const errors = validateSessionForm(
      { ...filledValues(), name: '', startDate: '', participantIds: [], bidWindowDuration: 90 },
      { scope: 'running', nowMs: NOW },
    );
    expect(errors).toEqual({ name: BID_MESSAGES.nameRequired, bidWindowDuration: BID_MESSAGES.maximumSixtyMinutes });
  });
});

describe('sessionToFormValues', () => {
  it('reads a session back into the form, calendar days as days and participants by member', () => {
    const session = buildBidSessionDetail({
      stationIds: [STATION],
      tieBreakChain: ['random'],
      scheduledStart: '2026-03-01T09:30:00.000Z',
      participants: [
        buildParticipant({ firstName: 'Elena', lastName: 'Ramirez', position: 0, user: { id: MEMBER_A } }),
        // A member deleted since: nobody to pick any more.
        buildParticipant({ firstName: 'Gone', lastName: 'Member', position: 1, user: { id: null } }),
      ],
    });
    expect(sessionToFormValues(session)).toMatchObject({
      name: 'Spring Station Bid',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      scheduledStart: toDateTimeLocalInput('2026-03-01T09:30:00.000Z'),
      stationOffer: 'chosen',
      stationIds: [STATION],
      tieBreakChain: 'random',
      participantIds: [MEMBER_A],
    });
  });
});

describe('datetime-local conversion', () => {
  it('goes to UTC and back in the viewer zone', () => {
    const iso = fromDateTimeLocalInput('2026-03-01T09:30');
    expect(iso).toBe(new Date(2026, 2, 1, 9, 30).toISOString());
    expect(toDateTimeLocalInput(iso)).toBe('2026-03-01T09:30');
    expect(fromDateTimeLocalInput('  ')).toBeNull();
    expect(toDateTimeLocalInput(null)).toBe('');
  });
});

describe('listTieBreakOptions', () => {
  it('offers the default first, and adds a chain set through the API', () => {
    expect(listTieBreakOptions('yearsOfService,employeeId').map((option) => option.value)).toEqual([
      'yearsOfService,employeeId',
      'yearsOfService,random',
      'random',
    ]);
    expect(listTieBreakOptions('employeeId').at(-1)).toMatchObject({
      value: 'employeeId',
      label: 'Seniority score, then employee ID',
    });
  });
});
