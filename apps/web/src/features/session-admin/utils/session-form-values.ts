/**
 * The session form as plain values, and the two ways out of it: the request it
 * sends, and the errors that keep it from sending. The messages are the domain's (BID_MESSAGES),
 * checked by the same schema the server uses, plus the checks only the form can make (a blank
 * number is "required", not a silent default). Its scheduled start is a wall-clock time in the
 * department's zone (issue 16), whatever zone the administrator's browser is in: each function that
 * reads or writes it takes that zone. A vacancy bid (bidding-rules.md, "Vacancy bids") sends its
 * open seats instead of rounds, cleared seats and stations offered.
 */
import {
  BID_MESSAGES,
  type BidSessionDetail,
  type BidSessionType,
  type CreateBidSessionRequest,
  createBidSessionRequestSchema,
  DEFAULT_TIE_BREAK_CHAIN,
  type EligibilityMode,
  isoToLocalDateTime,
  LIMITS,
  localDateTimeToIso,
  type OpenSeatRequest,
  type SeatPosition,
  type Shift,
  TIE_BREAK_LINKS,
  type TieBreakLink,
  type UpdateBidSessionRequest,
} from '@stationbid/domain';
import type { EditScope } from './session-actions.ts';
import { describeTieBreakChain } from './session-format.ts';
import {
  ROUND_FORM_MESSAGES,
  type RoundFormValue,
  roundsToFormValues,
  toRoundsRequest,
} from './session-rounds-form.ts';

export type StationOffer = 'all' | 'chosen';

/** One row of a vacancy bid's open seats; '' while not chosen yet. */
export interface OpenSeatFormValue {
  /** Stable across removals, so React keeps each row's inputs (and focus) with it. */
  key: string;
  stationId: string;
  shift: Shift | '';
  position: SeatPosition | '';
}

export type OpenSeatField = Exclude<keyof OpenSeatFormValue, 'key'>;

let nextOpenSeatKey = 0;
export function emptyOpenSeat(): OpenSeatFormValue {
  nextOpenSeatKey += 1;
  return { key: `open-seat-${nextOpenSeatKey}`, stationId: '', shift: '', position: '' };
}

export interface SessionFormValues {
  name: string;
  description: string;
  /** Chosen when the session is created; an edit keeps it. */
  type: BidSessionType;
  /** NumberInput gives '' while empty. */
  year: number | string;
  /** "YYYY-MM-DD". */
  startDate: string;
  endDate: string;
  /** A wall-clock time in the department's zone, "YYYY-MM-DDTHH:mm", or '' for a session started by hand. */
  scheduledStart: string;
  bidWindowDuration: number | string;
  autoAssignTimeout: number | string;
  clearAssignments: boolean;
  eligibilityMode: EligibilityMode;
  /** The tie-break links joined by commas, e.g. "yearsOfService,employeeId". */
  tieBreakChain: string;
  stationOffer: StationOffer;
  stationIds: string[];
  participantIds: string[];
  /** Off: one round of everyone, and the request sends no rounds. */
  roundsEnabled: boolean;
  /** In the order they bid; kept while rounds are off, so turning them back on loses nothing. */
  rounds: RoundFormValue[];
  /** A vacancy bid's seats that opened; kept while the type is standard, and not sent then. */
  openSeats: OpenSeatFormValue[];
}

export type SessionFormField = keyof SessionFormValues;

/** The fields as the form shows them, top to bottom. */
export const SESSION_FORM_FIELD_ORDER: readonly SessionFormField[] = [
  'name',
  'description',
  'type',
  'year',
  'startDate',
  'endDate',
  'scheduledStart',
  'bidWindowDuration',
  'autoAssignTimeout',
  'eligibilityMode',
  'tieBreakChain',
  'clearAssignments',
  'roundsEnabled',
  'rounds',
  'stationOffer',
  'stationIds',
  'openSeats',
  'participantIds',
];

/** The fields an active or paused session may still change (bidding-rules.md). */
const RUNNING_SESSION_FIELDS = ['name', 'description', 'bidWindowDuration', 'autoAssignTimeout'] as const;

export function isFieldEditable(field: SessionFormField, scope: EditScope): boolean {
  return scope === 'full' || (RUNNING_SESSION_FIELDS as readonly string[]).includes(field);
}

/** Chosen once, when the session is created: an edit cannot change them (updateBidSessionRequestSchema). */
export const CREATE_ONLY_FIELDS: readonly SessionFormField[] = ['type', 'openSeats'];

export const STATIONS_REQUIRED_MESSAGE = 'Choose at least one station';

export interface TieBreakOption {
  value: string;
  label: string;
  description: string;
}

/** The tie-break chains the form offers; the default first. */
const TIE_BREAK_OPTIONS: readonly TieBreakOption[] = [
  {
    value: DEFAULT_TIE_BREAK_CHAIN.join(','),
    label: 'Years of service, then employee ID',
    description: 'Equal scores: more years of service first, then the lower employee ID.',
  },
  {
    value: 'yearsOfService,random',
    label: 'Years of service, then a seeded random draw',
    description: 'Equal scores and service are drawn at random; the seed is written to the session history.',
  },
  {
    value: 'random',
    label: 'A seeded random draw',
    description: 'Equal scores are drawn at random; the seed is written to the session history.',
  },
];

/** The options, plus the session's own chain when it is none of them (set through the API). */
export function listTieBreakOptions(currentValue: string): TieBreakOption[] {
  if (TIE_BREAK_OPTIONS.some((option) => option.value === currentValue)) return [...TIE_BREAK_OPTIONS];
  const chain = parseTieBreakChain(currentValue);
  return [
    ...TIE_BREAK_OPTIONS,
    {
      value: currentValue,
      label: describeTieBreakChain(chain),
      description: 'The chain this session was created with.',
    },
  ];
}

function isTieBreakLink(value: string): value is TieBreakLink {
  return (TIE_BREAK_LINKS as readonly string[]).includes(value);
}

export function parseTieBreakChain(value: string): TieBreakLink[] {
  return value.split(',').filter(isTieBreakLink);
}

/** A new session's values; its year is the one `now` falls in, in the department's zone. */
export function emptySessionFormValues(now: Date | number, timeZone: string): SessionFormValues {
  const year = Number(isoToLocalDateTime(now, timeZone).slice(0, 4));
  return {
    name: '',
    description: '',
    type: 'standard',
    year: Math.max(year, LIMITS.sessionYearMin),
    startDate: '',
    endDate: '',
    scheduledStart: '',
    bidWindowDuration: LIMITS.bidWindowMinutesDefault,
    autoAssignTimeout: LIMITS.autoAssignTimeoutMinutesDefault,
    clearAssignments: false,
    eligibilityMode: 'rank',
    tieBreakChain: DEFAULT_TIE_BREAK_CHAIN.join(','),
    stationOffer: 'all',
    stationIds: [],
    participantIds: [],
    roundsEnabled: false,
    rounds: [],
    openSeats: [],
  };
}

/** "YYYY-MM-DD" of a calendar day the API sent as a date or as its UTC midnight. */
function toDateInput(value: string | null): string {
  return value === null ? '' : (/^\d{4}-\d{2}-\d{2}/.exec(value)?.[0] ?? '');
}

/** A stored moment as the datetime-local field shows it: the department's wall clock at that moment. */
export function toDateTimeLocalInput(value: string | null, timeZone: string): string {
  return value === null ? '' : isoToLocalDateTime(value, timeZone);
}

/**
 * A datetime-local value, read as the department's wall clock (a time a daylight-saving change
 * skips moves past it), as ISO 8601 UTC; null when blank or unreadable.
 */
export function fromDateTimeLocalInput(value: string, timeZone: string): string | null {
  if (value.trim() === '') return null;
  return localDateTimeToIso(value.trim(), timeZone) ?? null;
}

export function sessionToFormValues(session: BidSessionDetail, timeZone: string): SessionFormValues {
  return {
    name: session.name,
    description: session.description,
    type: session.type,
    year: session.year,
    startDate: toDateInput(session.startDate),
    endDate: toDateInput(session.endDate),
    scheduledStart: toDateTimeLocalInput(session.scheduledStart, timeZone),
    bidWindowDuration: session.bidWindowDuration,
    autoAssignTimeout: session.autoAssignTimeout,
    clearAssignments: session.clearAssignments,
    eligibilityMode: session.eligibilityMode,
    tieBreakChain: session.tieBreakChain.join(','),
    stationOffer: session.stationIds.length === 0 ? 'all' : 'chosen',
    stationIds: [...session.stationIds],
    participantIds: session.participants.flatMap((participant) =>
      participant.user.id === null ? [] : [participant.user.id],
    ),
    roundsEnabled: session.rounds.length > 0,
    rounds: roundsToFormValues(session.rounds),
    openSeats: session.openSeats.map((seat) => ({
      ...emptyOpenSeat(),
      stationId: seat.stationId,
      shift: seat.shift,
      position: seat.position,
    })),
  };
}

function toNumber(value: number | string): number {
  return typeof value === 'number' ? value : Number(value.trim() === '' ? Number.NaN : value);
}

/** A row as the request names it; a blank choice is sent as is, for the schema to name what is missing. */
function toOpenSeatRequest(seat: OpenSeatFormValue): OpenSeatRequest {
  return { stationId: seat.stationId, shift: seat.shift as Shift, position: seat.position as SeatPosition };
}

export function toCreateSessionRequest(values: SessionFormValues, timeZone: string): CreateBidSessionRequest {
  const common = {
    name: values.name.trim(),
    description: values.description.trim(),
    year: toNumber(values.year),
    startDate: values.startDate,
    endDate: values.endDate,
    scheduledStart: fromDateTimeLocalInput(values.scheduledStart, timeZone),
    bidWindowDuration: toNumber(values.bidWindowDuration),
    autoAssignTimeout: toNumber(values.autoAssignTimeout),
    participantIds: [...values.participantIds],
    eligibilityMode: values.eligibilityMode,
    tieBreakChain: parseTieBreakChain(values.tieBreakChain),
  };
  if (values.type === 'vacancy') {
    // Its seats are the open ones and those its members hold: no stations offered, no rounds, nobody's seat cleared.
    return {
      ...common,
      stationIds: [],
      clearAssignments: false,
      type: 'vacancy',
      openSeats: values.openSeats.map(toOpenSeatRequest),
    };
  }
  return {
    ...common,
    stationIds: values.stationOffer === 'all' ? [] : [...values.stationIds],
    clearAssignments: values.clearAssignments,
    // Without rounds nothing is sent: the server's default is one round of everyone.
    ...(values.roundsEnabled ? { rounds: toRoundsRequest(values.rounds) } : {}),
  };
}

/** Everything for a draft or scheduled session; only the four changeable fields for a running one. */
export function toUpdateSessionRequest(
  values: SessionFormValues,
  scope: EditScope,
  timeZone: string,
): UpdateBidSessionRequest {
  // The type and open seats are the creation's: an edit has neither.
  const { type: _type, openSeats: _openSeats, ...request } = toCreateSessionRequest(values, timeZone);
  // An edit that turns rounds off must say so, or the session would keep the rounds it had.
  if (scope === 'full') return { ...request, rounds: request.rounds ?? [] };
  return {
    name: request.name,
    description: request.description,
    bidWindowDuration: request.bidWindowDuration,
    autoAssignTimeout: request.autoAssignTimeout,
  };
}

const REQUIRED_MESSAGES: Partial<Record<SessionFormField, string>> = {
  year: BID_MESSAGES.yearRequired,
  startDate: BID_MESSAGES.startDateRequired,
  endDate: BID_MESSAGES.endDateRequired,
  bidWindowDuration: BID_MESSAGES.bidWindowRequired,
  autoAssignTimeout: BID_MESSAGES.autoAssignRequired,
};

function isBlank(value: unknown): boolean {
  return typeof value === 'string' && value.trim() === '';
}

interface ValidationContext {
  scope: EditScope;
  /** Browser time, to refuse a scheduled start in the past (only when it was changed or is new). */
  nowMs: number;
  /** The department's zone, in which the scheduled start is read. */
  timeZone: string;
  /** The scheduled start the session already had, which may have passed without the form's fault. */
  initialScheduledStart?: string;
}

/**
 * Errors by field, each the first message of that field; a round's fields are named by their path
 * ("rounds.1.ranks"), as the form's inputs are. Empty when the form can be sent.
 */
export type SessionFormErrors = Partial<
  Record<SessionFormField | `rounds.${number}.${keyof RoundFormValue}` | `openSeats.${number}.${OpenSeatField}`, string>
>;

export function validateSessionForm(
  values: SessionFormValues,
  { scope, nowMs, timeZone, initialScheduledStart = '' }: ValidationContext,
): SessionFormErrors {
  const errors: SessionFormErrors = {};
  const setError = (field: SessionFormField, message: string) => {
    if (errors[field] === undefined && isFieldEditable(field, scope)) errors[field] = message;
  };
  const setRoundError = (index: number, field: keyof RoundFormValue, message: string) => {
    const path = `rounds.${index}.${field}` as const;
    if (errors[path] === undefined && isFieldEditable('rounds', scope)) errors[path] = message;
  };
  const setOpenSeatError = (index: number, field: OpenSeatField, message: string) => {
    const path = `openSeats.${index}.${field}` as const;
    if (errors[path] === undefined && isFieldEditable('openSeats', scope)) errors[path] = message;
  };

  for (const [field, message] of Object.entries(REQUIRED_MESSAGES) as [SessionFormField, string][]) {
    if (isBlank(values[field])) setError(field, message);
  }

  if (values.type === 'standard' && values.roundsEnabled) {
    if (values.rounds.length === 0) setError('rounds', ROUND_FORM_MESSAGES.roundsRequired);
    values.rounds.forEach((round, index) => {
      if (isBlank(round.bidWindowDuration))
        setRoundError(index, 'bidWindowDuration', ROUND_FORM_MESSAGES.bidWindowRequired);
    });
  }

  const parsed = createBidSessionRequestSchema.safeParse(toCreateSessionRequest(values, timeZone));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [field, index, itemField] = issue.path;
      if (field === 'rounds' && typeof index === 'number' && typeof itemField === 'string') {
        setRoundError(index, itemField as keyof RoundFormValue, issue.message);
      } else if (field === 'openSeats' && typeof index === 'number' && typeof itemField === 'string') {
        setOpenSeatError(index, itemField as OpenSeatField, issue.message);
      } else if (typeof field === 'string' && field in values) {
        setError(field as SessionFormField, issue.message);
      }
    }
  }

  if (values.participantIds.length === 0) setError('participantIds', BID_MESSAGES.participantsRequired);
  if (values.type === 'standard' && values.stationOffer === 'chosen' && values.stationIds.length === 0) {
    setError('stationIds', STATIONS_REQUIRED_MESSAGE);
  }
  const scheduledStart = fromDateTimeLocalInput(values.scheduledStart, timeZone);
  if (
    scheduledStart !== null &&
    values.scheduledStart !== initialScheduledStart &&
    Date.parse(scheduledStart) <= nowMs
  ) {
    setError('scheduledStart', BID_MESSAGES.scheduledStartInPast);
  }
  return errors;
}

/** The fields of each item of a list field, as each item shows them. */
const LIST_ITEM_FIELD_ORDER: Partial<Record<SessionFormField, readonly string[]>> = {
  rounds: ['name', 'ranks', 'bidWindowDuration'],
  openSeats: ['stationId', 'shift', 'position'],
};

/**
 * The first field with an error as the form reads, top to bottom (a round's or open seat's fields in
 * their item's place).
 */
export function firstInvalidField(errors: Readonly<Record<string, unknown>>): string | undefined {
  for (const field of SESSION_FORM_FIELD_ORDER) {
    if (errors[field] !== undefined) return field;
    const itemFieldOrder = LIST_ITEM_FIELD_ORDER[field];
    if (itemFieldOrder !== undefined) {
      const place = (path: string) => {
        const [, index, itemField] = path.split('.');
        return Number(index) * itemFieldOrder.length + itemFieldOrder.indexOf(itemField ?? '');
      };
      const [first] = Object.keys(errors)
        .filter((key) => key.startsWith(`${field}.`))
        .sort((a, b) => place(a) - place(b));
      if (first !== undefined) return first;
    }
  }
  return undefined;
}
