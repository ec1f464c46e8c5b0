import { BID_MESSAGES } from '@stationbid/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildBidSessionDetail, buildParticipant, testId } from '../../../test/build-bid-session.ts';
import {
  emptyOpenSeat,
  emptySessionFormValues,
  firstInvalidField,
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
// The department works in Chicago; the administrator's browser is in Tokyo.
const DEPARTMENT = 'America/Chicago';

beforeEach(() => {
  vi.stubEnv('TZ', 'Asia/Tokyo');
});

afterEach(() => {
  vi.unstubAllEnvs();
});

function filledValues(overrides: Partial<SessionFormValues> = {}): SessionFormValues {
  return {
    ...emptySessionFormValues(new Date('2026-02-10T12:00:00Z'), DEPARTMENT),
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
    expect(emptySessionFormValues(new Date('2027-06-15T12:00:00Z'), DEPARTMENT)).toMatchObject({
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

  it("takes the year the department is in, not the viewer's", () => {
    // New Year's Day in Tokyo is still New Year's Eve in Chicago.
    const tokyoNewYear = new Date('2026-12-31T16:00:00Z');
    expect(emptySessionFormValues(tokyoNewYear, DEPARTMENT).year).toBe(2026);
    expect(emptySessionFormValues(tokyoNewYear, 'Asia/Tokyo').year).toBe(2027);
  });
});

describe('toCreateSessionRequest', () => {
  it('trims text, sends numbers, all stations as an empty list and the tie-break chain as links', () => {
    expect(toCreateSessionRequest(filledValues(), DEPARTMENT)).toEqual({
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

  it("sends the chosen stations, a random draw and a scheduled start read in the department's zone", () => {
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
      DEPARTMENT,
    );
    expect(request).toMatchObject({
      stationIds: [STATION],
      tieBreakChain: ['yearsOfService', 'random'],
      scheduledStart: '2026-03-01T15:30:00.000Z', // 9:30 AM CST
      eligibilityMode: 'any',
      clearAssignments: true,
      bidWindowDuration: 10,
    });
  });

  it('forgets the chosen stations when all are offered again', () => {
    expect(
      toCreateSessionRequest(filledValues({ stationOffer: 'all', stationIds: [STATION] }), DEPARTMENT).stationIds,
    ).toEqual([]);
  });
});

describe('toUpdateSessionRequest', () => {
  it('sends every field for a draft or scheduled session, and rounds turned off as none', () => {
    expect(toUpdateSessionRequest(filledValues(), 'full', DEPARTMENT)).toEqual({
      ...toCreateSessionRequest(filledValues(), DEPARTMENT),
      rounds: [],
    });
  });

  it('sends only name, description, bid window and auto-assign timeout for a running session', () => {
    expect(toUpdateSessionRequest(filledValues({ bidWindowDuration: 8 }), 'running', DEPARTMENT)).toEqual({
      name: 'Spring Station Bid',
      description: 'Next rotation',
      bidWindowDuration: 8,
      autoAssignTimeout: 2,
    });
  });
});

describe('validateSessionForm', () => {
  const full = { scope: 'full' as const, nowMs: NOW, timeZone: DEPARTMENT };

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

  it("judges past and future by the department's clock", () => {
    // At NOW it is 6:00 AM in Chicago (and 9:00 PM in Tokyo): 7:00 AM Chicago time is still ahead.
    expect(validateSessionForm(filledValues({ scheduledStart: '2026-02-10T07:00' }), full)).toEqual({});
    expect(validateSessionForm(filledValues({ scheduledStart: '2026-02-10T05:00' }), full)).toEqual({
      scheduledStart: BID_MESSAGES.scheduledStartInPast,
    });
  });

  it('checks only the changeable fields of a running session', () => {
    const errors = validateSessionForm(
      { ...filledValues(), name: '', startDate: '', participantIds: [], bidWindowDuration: 90 },
      { scope: 'running', nowMs: NOW, timeZone: DEPARTMENT },
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
    expect(sessionToFormValues(session, DEPARTMENT)).toMatchObject({
      name: 'Spring Station Bid',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      scheduledStart: '2026-03-01T03:30', // the stored instant on Chicago's clock
      stationOffer: 'chosen',
      stationIds: [STATION],
      tieBreakChain: 'random',
      participantIds: [MEMBER_A],
    });
  });
});

describe('datetime-local conversion', () => {
  it("goes to UTC and back in the department's zone, not the viewer's", () => {
    const iso = fromDateTimeLocalInput('2026-03-01T09:30', DEPARTMENT);
    expect(iso).toBe('2026-03-01T15:30:00.000Z');
    expect(toDateTimeLocalInput(iso, DEPARTMENT)).toBe('2026-03-01T09:30');
    expect(toDateTimeLocalInput(iso, 'Asia/Tokyo')).toBe('2026-03-02T00:30');
    expect(fromDateTimeLocalInput('  ', DEPARTMENT)).toBeNull();
    expect(toDateTimeLocalInput(null, DEPARTMENT)).toBe('');
  });

  it('reads a wall time on the day clocks change with the offset of that moment', () => {
    // Chicago springs forward at 2:00 AM on 8 March 2026: 9:30 AM that day is CDT, five hours behind UTC.
    expect(fromDateTimeLocalInput('2026-03-08T09:30', DEPARTMENT)).toBe('2026-03-08T14:30:00.000Z');
    expect(fromDateTimeLocalInput('2026-03-08T01:30', DEPARTMENT)).toBe('2026-03-08T07:30:00.000Z');
    // 2:30 AM does not exist that day: it is read as 3:30 AM CDT, and shown back as such.
    const skipped = fromDateTimeLocalInput('2026-03-08T02:30', DEPARTMENT);
    expect(skipped).toBe('2026-03-08T08:30:00.000Z');
    expect(toDateTimeLocalInput(skipped, DEPARTMENT)).toBe('2026-03-08T03:30');
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

describe('a vacancy bid', () => {
  const full = { scope: 'full' as const, nowMs: NOW, timeZone: DEPARTMENT };
  const openSeat = { ...emptyOpenSeat(), stationId: STATION, shift: 'B' as const, position: 'Firefighter' as const };
  // Rounds, cleared seats and chosen stations left from a standard bid are not the vacancy bid's.
  const vacancy = (overrides: Partial<SessionFormValues> = {}) =>
    filledValues({
      type: 'vacancy',
      openSeats: [openSeat],
      roundsEnabled: true,
      rounds: [],
      clearAssignments: true,
      stationOffer: 'chosen',
      stationIds: [],
      ...overrides,
    });

  it('sends its type and open seats, without rounds, cleared seats or stations offered', () => {
    const request = toCreateSessionRequest(vacancy(), DEPARTMENT);
    expect(request).toMatchObject({
      type: 'vacancy',
      openSeats: [{ stationId: STATION, shift: 'B', position: 'Firefighter' }],
      stationIds: [],
      clearAssignments: false,
    });
    expect(request).not.toHaveProperty('rounds');
    expect(validateSessionForm(vacancy(), full)).toEqual({});
  });

  it('names what each open seat lacks, and needs one', () => {
    const errors = validateSessionForm(vacancy({ openSeats: [openSeat, { ...emptyOpenSeat(), shift: 'A' }] }), full);
    expect(errors).toEqual({
      'openSeats.1.stationId': 'Choose the station of each open seat',
      'openSeats.1.position': 'Choose the position of each open seat',
    });
    expect(firstInvalidField(errors)).toBe('openSeats.1.stationId');
    expect(validateSessionForm(vacancy({ openSeats: [] }), full)).toEqual({
      openSeats: BID_MESSAGES.vacancyNeedsOpenSeat,
    });
  });

  it('is read back with its open seats, and an edit sends neither its type nor its seats', () => {
    const session = buildBidSessionDetail({
      type: 'vacancy',
      openSeats: [
        {
          seatId: testId('5ea7', 1),
          stationId: STATION,
          stationNumber: 7,
          stationName: 'Airport',
          shift: 'B',
          position: 'Firefighter',
        },
      ],
    });
    const values = sessionToFormValues(session, DEPARTMENT);
    expect(values).toMatchObject({
      type: 'vacancy',
      openSeats: [{ stationId: STATION, shift: 'B', position: 'Firefighter' }],
    });
    const update = toUpdateSessionRequest(values, 'full', DEPARTMENT);
    expect(update).not.toHaveProperty('type');
    expect(update).not.toHaveProperty('openSeats');
    expect(update).toMatchObject({ rounds: [], clearAssignments: false, stationIds: [] });
  });
});
