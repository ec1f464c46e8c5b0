/**
 * A new password, checked against the one password policy (`PASSWORD_POLICY` in auth.ts), and the
 * forms that choose one. A module of its own because the common-password list is about 80 kB
 * gzipped: the web app loads it only on the pages that set a password, not on every page's first
 * load (`npm run size`).
 */
import { z } from 'zod';
import { COMMON_PASSWORDS_8_TO_11 } from '../common-passwords.ts';
import { MESSAGES } from '../messages.ts';
import { PASSWORD_POLICY } from './auth.ts';
import { emailSchema } from './common.ts';

/** Where the list comes from; a server test checks it against that package. */
export { COMMON_PASSWORDS_8_TO_11, COMMON_PASSWORDS_SOURCE } from '../common-passwords.ts';

let commonPasswords: ReadonlySet<string> | undefined;

/** Whether a password is in the shipped list of common passwords (compared ignoring case). */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(COMMON_PASSWORDS_8_TO_11.split(' '));
  return commonPasswords.has(password.toLowerCase());
}

/** A new password, checked against the password policy (above). */
export const newPasswordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .min(PASSWORD_POLICY.minLengthIfUncommon, MESSAGES.newPasswordTooShort)
  .max(PASSWORD_POLICY.maxLength, MESSAGES.passwordTooLong)
  .refine((password) => password.length >= PASSWORD_POLICY.minLength || !isCommonPassword(password), {
    message: MESSAGES.passwordTooCommon,
  });

/**
 * Self-registration (only when the department allows it). Rank, position and years of service
 * decide bid priority, so they come only from an administrator (issue 13, finding 7): a client
 * that still sends them (the older form did) has them ignored, not refused.
 */
export const registerRequestSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  firstName: z.string({ error: MESSAGES.firstNameRequired }).trim().min(1, MESSAGES.firstNameRequired).max(100),
  lastName: z.string({ error: MESSAGES.lastNameRequired }).trim().min(1, MESSAGES.lastNameRequired).max(100),
  employeeId: z.string({ error: MESSAGES.employeeIdRequired }).trim().min(1, MESSAGES.employeeIdRequired).max(50),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const changePasswordRequestSchema = z.object({
  currentPassword: z
    .string({ error: MESSAGES.currentPasswordRequired })
    .min(1, MESSAGES.currentPasswordRequired)
    .max(200, MESSAGES.passwordTooLong),
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/**
 * The profile's password form: the request plus a confirmation that must match.
 * The confirmation stays in the browser; the request schema strips it before sending.
 */
export const changePasswordFormSchema = changePasswordRequestSchema
  .extend({ confirmPassword: z.string().min(1, MESSAGES.confirmPasswordRequired) })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;
