/**
 * Forgotten-password and reset-link calls (docs/api.md, "auth": POST /auth/forgot-password,
 * POST /auth/reset-password/:token). The same reset link form also sets a new member's first
 * password from their setup e-mail.
 */
import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { emailSchema } from './common.ts';
import { newPasswordSchema } from './new-password.ts';

/** A reset link stays valid for an hour. */
export const PASSWORD_RESET_LIFETIME_MINUTES = 60;

export const PASSWORD_RESET_MESSAGES = {
  /** The same answer whether or not the address belongs to an account, so it reveals nothing. */
  resetRequested:
    'If that e-mail address belongs to an active StationBid account, a link to reset the password is on its way. It works once and expires in 1 hour.',
  passwordReset: 'Password reset successfully',
  linkInvalid: 'This reset link is not valid. Check that you copied the whole link, or request a new one.',
  linkUsed: 'This reset link has already been used. Request a new one if you still need to reset your password.',
  linkExpired: 'This reset link has expired. Request a new one.',
  tooManyRequests: 'Too many password reset requests from this address. Try again later.',
} as const;

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/** Reset links carry 43 base64url characters; anything else cannot be one. */
export const resetTokenParamsSchema = z.object({
  token: z.string().max(200, PASSWORD_RESET_MESSAGES.linkInvalid),
});

export const resetPasswordRequestSchema = z.object({ password: newPasswordSchema });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** The reset form: the request plus a confirmation that must match (kept in the browser). */
export const resetPasswordFormSchema = resetPasswordRequestSchema
  .extend({ confirmPassword: z.string().min(1, MESSAGES.confirmPasswordRequired) })
  .refine((values) => values.password === values.confirmPassword, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;
