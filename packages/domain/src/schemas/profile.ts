/**
 * A member's own calls: profile, password change and seniority information (docs/api.md,
 * "users").
 */
import { z } from 'zod';
import { EXPERIENCE_LEVELS, LIMITS, PROFESSIONAL_POSITIONS, RANKS } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { emailSchema, optionalText } from './common.ts';
import { userSchema } from './user.ts';

export const PROFILE_MESSAGES = {
  profileUpdated: 'Profile updated successfully',
  passwordChanged: 'Password changed successfully',
  currentPasswordIncorrect: 'Current password is incorrect',
  protectedFieldsAdminOnly: 'Rank, position, years of service and employee ID can only be changed by an administrator.',
  ownAdminOrActiveFlag: 'You cannot change your own administrator rights or account status here.',
  emailTaken: 'A user with this email already exists.',
  currentPasswordRequiredForEmail: 'Enter your current password to change your e-mail address.',
} as const;

/**
 * The profile form's fields. The fields that decide bid priority or authority are accepted so a
 * client can send the whole user back, but the service refuses a member who changes them; they
 * are typed loosely here so that a changed value is a 403, not a validation error.
 */
export const updateProfileRequestSchema = z.object({
  firstName: z
    .string({ error: MESSAGES.firstNameRequired })
    .trim()
    .min(1, MESSAGES.firstNameRequired)
    .max(100)
    .optional(),
  lastName: z.string({ error: MESSAGES.lastNameRequired }).trim().min(1, MESSAGES.lastNameRequired).max(100).optional(),
  email: emailSchema.optional(),
  phone: optionalText(50),
  phoneNumber: optionalText(50),
  address: optionalText(500),
  emergencyContact: z
    .object({
      name: z.string().trim().max(200).optional(),
      phone: z.string().trim().max(50).optional(),
      relationship: z.string().trim().max(100).optional(),
    })
    .optional(),
  rank: z.string().nullable().optional(),
  position: z.string().nullable().optional(),
  yearsOfService: z.union([z.number(), z.string()]).nullable().optional(),
  employeeId: z.string().nullable().optional(),
  manualSeniorityScore: z.union([z.number(), z.string()]).nullable().optional(),
  isAdmin: z.boolean().optional(),
  isActive: z.boolean().optional(),
  /** Required when the e-mail changes (issue 13, finding 4); never stored or sent back. */
  currentPassword: z.string().max(LIMITS.passwordMaxLength, MESSAGES.passwordTooLong).optional(),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

export const updateProfileResponseSchema = z.object({ user: userSchema, message: z.string() });

const experienceLevelSchema = z.enum(EXPERIENCE_LEVELS.map((entry) => entry.level) as [string, ...string[]]);

export const seniorityInfoSchema = z.object({
  seniorityScore: z.number().int(),
  automaticScore: z.number().int(),
  /** The administrator's manual score when one is set (above 0), else null. */
  manualOverride: z.number().int().nullable(),
  yearsOfService: z.number().int(),
  rank: z.enum(RANKS),
  position: z.enum(PROFESSIONAL_POSITIONS),
  rankMultiplier: z.number(),
  positionMultiplier: z.number(),
  experienceLevel: experienceLevelSchema,
  /** The score worked out with the member's own numbers. */
  calculation: z.string(),
  /** The member's place among active members ("#N in queue"); null when inactive. */
  queuePosition: z.number().int().nullable(),
  totalActiveMembers: z.number().int(),
  /**
   * With a department seniority rule set: the key that puts the member ahead of the next one
   * ("earlier promotion: 2014-03-02"); null for the last or an inactive member, absent without a rule.
   */
  aheadOfNextBecause: z.string().nullable().optional(),
  multipliers: z.object({
    ranks: z.array(z.object({ rank: z.string(), multiplier: z.number() })),
    positions: z.array(z.object({ position: z.string(), multiplier: z.number() })),
  }),
  tips: z.array(z.string()),
});
export type SeniorityInfo = z.infer<typeof seniorityInfoSchema>;
