import { z } from 'zod';
import { LIMITS, SHIFTS } from '../constants.ts';
import { MESSAGES } from '../messages.ts';

/** An e-mail address: required, standard shape, compared case-insensitively (stored lower-case). */
export const emailSchema = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(254, MESSAGES.emailInvalid)
  .pipe(z.email({ error: MESSAGES.emailInvalid }))
  .transform((email) => email.toLowerCase());

export const shiftSchema = z.enum(SHIFTS, { error: MESSAGES.shiftInvalid });

export const yearsOfServiceSchema = z.coerce
  .number({ error: MESSAGES.yearsTooLow })
  .int(MESSAGES.yearsNotWhole)
  .min(LIMITS.yearsOfServiceMin, MESSAGES.yearsTooLow)
  .max(LIMITS.yearsOfServiceMax, MESSAGES.yearsTooHigh);

/** Route parameter `:id`: a UUID. */
export const idParamsSchema = z.object({ id: z.uuid({ error: 'Invalid id' }) });

/** `{ message }`: the plain acknowledgement many calls answer with. */
export const messageResponseSchema = z.object({ message: z.string() });

export const errorResponseSchema = z
  .object({
    error: z.string(),
    code: z.string(),
  })
  .loose();

/** ISO 8601 time in UTC with Z. */
export const isoDateTimeSchema = z.string();

/** Optional free text: trimmed, at most `max` characters, and blank stored as null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value));

/**
 * A numeric string (`"3"`, `" 12 "`) read as its number, for the spec's forms, which send text;
 * anything else passes unchanged to the schema after it (so `"abc"` still fails there).
 */
export function readNumericString(value: unknown): unknown {
  return typeof value === 'string' && /^\s*-?\d{1,15}(\.\d{1,15})?\s*$/.test(value) ? Number(value) : value;
}

/** `"true"`/`"false"` read as booleans (form values); anything else passes unchanged. */
export function readBooleanString(value: unknown): unknown {
  return value === 'true' ? true : value === 'false' ? false : value;
}
