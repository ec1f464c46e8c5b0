/**
 * The member's calendar (issue 16): the department's shift rotation, and each member's private
 * calendar feed of their shift days.
 *
 * The rotation is a cycle of 24-hour tours, one letter a day naming the shift on duty: "ABC" is
 * 24 on, 48 off for A, B and C; "AABBCC" is 48 on, 96 off. The cycle's first letter falls on the
 * anchor date, and every tour begins at the same wall-clock time in the department's time zone.
 */
import { z } from 'zod';
import { SHIFTS, type Shift } from '../constants.ts';
import { shiftSchema } from './common.ts';

export const CALENDAR_MESSAGES = {
  patternInvalid:
    'Write the rotation as the shift on duty each day of its cycle, with the letters A, B and C (for example ABC for 24 on, 48 off), at most 64 days.',
  patternMissingShift: 'Every shift (A, B and C) must be on duty at least once in the rotation.',
  anchorDateInvalid: 'Give the date a cycle begins with its first shift, as YYYY-MM-DD.',
  shiftStartInvalid: 'Give the time each tour begins as HH:MM on the 24-hour clock, for example 07:00.',
  rotationSaved: 'Rotation saved',
  feedNotFound: 'This calendar feed does not exist (it may have been reset). Copy the new link from your profile.',
  feedStopped: 'Calendar feed turned off',
} as const;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day "YYYY-MM-DD" (not 2026-02-30). */
function isCalendarDay(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

export const rotationPatternSchema = z
  .string({ error: CALENDAR_MESSAGES.patternInvalid })
  .transform((value) => value.replace(/[\s,/-]+/g, '').toUpperCase())
  .pipe(
    z
      .string()
      // abort: a pattern that is not letters A to C gets that one message, not also "missing a shift".
      .regex(/^[ABC]{1,64}$/, { error: CALENDAR_MESSAGES.patternInvalid, abort: true })
      .refine((pattern) => SHIFTS.every((shift) => pattern.includes(shift)), CALENDAR_MESSAGES.patternMissingShift),
  );

export const departmentRotationSchema = z.object({
  pattern: rotationPatternSchema,
  anchorDate: z
    .string({ error: CALENDAR_MESSAGES.anchorDateInvalid })
    .trim()
    .refine(isCalendarDay, CALENDAR_MESSAGES.anchorDateInvalid),
  shiftStartTime: z
    .string({ error: CALENDAR_MESSAGES.shiftStartInvalid })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, CALENDAR_MESSAGES.shiftStartInvalid),
});
export type DepartmentRotation = z.output<typeof departmentRotationSchema>;

/** GET /api/admin/rotation: the rotation (null until an administrator sets it) and the zone its times are read in. */
export const departmentRotationResponseSchema = z.object({
  // Plain strings: a response is serialised, and a schema with transforms cannot be run backwards.
  rotation: z.object({ pattern: z.string(), anchorDate: z.string(), shiftStartTime: z.string() }).nullable(),
  timeZone: z.string(),
});
export type DepartmentRotationResponse = z.infer<typeof departmentRotationResponseSchema>;

/** GET /api/users/calendar-token: whether the member has a feed, and what it would show. */
export const calendarFeedStatusSchema = z.object({
  hasFeed: z.boolean(),
  createdAt: z.string().nullable(),
  /** Whether the department has set its rotation; without one the feed has no shift days. */
  rotationSet: z.boolean(),
  /** The member's shift (their latest completed session's award, else their current seat), if any. */
  shift: shiftSchema.nullable(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

/** POST /api/users/calendar-token: the feed's address, shown once (only its hash is kept). */
export const calendarFeedCreatedSchema = z.object({ url: z.string(), createdAt: z.string() });
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;

/** Any text up to a bound: a malformed token is looked up like any other and is not found (404), never told apart. */
export const calendarTokenParamsSchema = z.object({ token: z.string().max(200, CALENDAR_MESSAGES.feedNotFound) });

const DAY_MS = 86_400_000;

/** Whole days from `from` to `to` (both "YYYY-MM-DD"), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The shift on duty on `day` ("YYYY-MM-DD"), days before the anchor included. */
export function shiftOnDuty(rotation: Pick<DepartmentRotation, 'pattern' | 'anchorDate'>, day: string): Shift {
  const length = rotation.pattern.length;
  const index = (((daysBetween(rotation.anchorDate, day) % length) + length) % length) as number;
  return rotation.pattern[index] as Shift;
}

/** Every day of `year` on which `shift` is on duty, in order ("YYYY-MM-DD"). */
export function shiftDaysOfYear(
  rotation: Pick<DepartmentRotation, 'pattern' | 'anchorDate'>,
  shift: Shift,
  year: number,
): string[] {
  const days: string[] = [];
  for (let time = Date.UTC(year, 0, 1); time < Date.UTC(year + 1, 0, 1); time += DAY_MS) {
    const day = new Date(time).toISOString().slice(0, 10);
    if (shiftOnDuty(rotation, day) === shift) days.push(day);
  }
  return days;
}
