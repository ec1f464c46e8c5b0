import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { emailSchema } from './common.ts';
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

/**
 * The one password policy (issue 13, finding 11), for every password anyone chooses: a member's
 * change, a reset or setup link, registration, an administrator creating a member or setting their
 * password, and ADMIN_PASSWORD at start-up. Long passwords are accepted as they are; shorter ones
 * (8 to 11 characters) only when they are not in a list of common passwords, since those are what
 * guessing tries first. No composition rules, and a maximum far above 64 so passphrases fit (NIST
 * SP 800-63B).
 */
export const PASSWORD_POLICY = {
  /** At least this many characters are accepted whatever they are. */
  minLength: 12,
  /** Shorter passwords are accepted from this length when they are not common. */
  minLengthIfUncommon: 8,
  maxLength: LIMITS.passwordMaxLength,
} as const;

/**
 * A registration waits for an administrator's approval: the account is inactive, with neutral
 * seniority (Firefighter, 0 years), and gets no sign-in until approved. The answer is the same
 * message whether or not the e-mail or employee ID already had an account, so it
 * carries no user.
 */
export const registerResponseSchema = z.object({ message: z.string() });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;
