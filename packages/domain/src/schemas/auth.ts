import { z } from 'zod';
import { LIMITS, PROFESSIONAL_POSITIONS, RANKS } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { emailSchema, yearsOfServiceSchema } from './common.ts';
import { userSchema } from './user.ts';

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .min(1, MESSAGES.passwordRequired)
    .min(LIMITS.loginPasswordMinLength, MESSAGES.loginPasswordTooShort)
    .max(LIMITS.passwordMaxLength, MESSAGES.passwordTooLong),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const authResponseSchema = z.object({
  user: userSchema,
  token: z.string(),
  refreshToken: z.string(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const refreshRequestSchema = z.object({
  refreshToken: z
    .string({ error: MESSAGES.refreshTokenInvalid })
    .min(1, MESSAGES.refreshTokenInvalid)
    .max(200, MESSAGES.refreshTokenInvalid),
});

export const refreshResponseSchema = z.object({ token: z.string(), refreshToken: z.string() });
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

/** A new password chosen by the member themself (profile, reset link, registration). */
export const newPasswordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .min(LIMITS.newPasswordMinLength, MESSAGES.newPasswordTooShort)
  .max(LIMITS.passwordMaxLength, MESSAGES.passwordTooLong);

export const registerRequestSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  firstName: z.string({ error: MESSAGES.firstNameRequired }).trim().min(1, MESSAGES.firstNameRequired).max(100),
  lastName: z.string({ error: MESSAGES.lastNameRequired }).trim().min(1, MESSAGES.lastNameRequired).max(100),
  employeeId: z.string({ error: MESSAGES.employeeIdRequired }).trim().min(1, MESSAGES.employeeIdRequired).max(50),
  rank: z.enum(RANKS).default('Firefighter'),
  position: z.enum(PROFESSIONAL_POSITIONS).default('Firefighter'),
  yearsOfService: yearsOfServiceSchema.default(0),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;
