import { z } from 'zod';
import { PROFESSIONAL_POSITIONS, RANKS, SEAT_POSITIONS, SHIFTS } from '../constants.ts';

export const userStatusSchema = z.enum(['active', 'inactive', 'pending']);
export type UserStatus = z.infer<typeof userStatusSchema>;

export const stationReferenceSchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  number: z.number().int(),
});

export const emergencyContactSchema = z.object({
  name: z.string(),
  phone: z.string(),
  relationship: z.string(),
});

/** A certification a member holds: valid through `expiresOn` (YYYY-MM-DD, inclusive), or without end when null. */
export const heldCertificationSchema = z.object({ code: z.string(), expiresOn: z.string().nullable() });

/**
 * A member as the API sends it, without the password. Both `id` and `_id`
 * are sent because clients written against the spec read either.
 */
export const userSchema = z.object({
  id: z.string(),
  _id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  address: z.string().nullable(),
  employeeId: z.string(),
  isAdmin: z.boolean(),
  isActive: z.boolean(),
  status: userStatusSchema,
  rank: z.enum(RANKS),
  position: z.enum(PROFESSIONAL_POSITIONS),
  yearsOfService: z.number().int(),
  currentStation: stationReferenceSchema.nullable(),
  currentShift: z.enum(SHIFTS).nullable(),
  currentSeatPosition: z.enum(SEAT_POSITIONS).nullable(),
  seniorityScore: z.number().int(),
  /** 1-based place among active members by the default queue order; null for inactive members. */
  bidPriority: z.number().int().nullable(),
  manualSeniorityScore: z.number().int().nullable(),
  isOnline: z.boolean(),
  emergencyContact: emergencyContactSchema,
  /** Seniority keys a department's rule may read (YYYY-MM-DD); null when not recorded. */
  hireDate: z.string().nullable(),
  rankDate: z.string().nullable(),
  listNumber: z.number().int().nullable(),
  certifications: z.array(heldCertificationSchema),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const userResponseSchema = z.object({ user: userSchema });
