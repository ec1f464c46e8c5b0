/**
 * The department's certifications (PM Paramedic, HM Hazardous Materials Technician, DO
 * Driver/Operator): the catalogue administrators keep, which members hold and station seats may
 * require (docs/api.md, "certifications"). A code is what seats and members name, so it is short,
 * upper-case and unique; the name is what people read.
 */
import { z } from 'zod';

/** The same rule as the database's CHECK on certifications.code. */
export const CERTIFICATION_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{0,15}$/;
export const MAX_CERTIFICATION_CODE_LENGTH = 16;
export const MAX_CERTIFICATION_NAME_LENGTH = 100;

export const CERTIFICATION_MESSAGES = {
  codeRequired: 'Certification code is required',
  codeInvalid: `Certification code must be 1 to ${MAX_CERTIFICATION_CODE_LENGTH} letters, digits, _ or -, starting with a letter or digit`,
  nameRequired: 'Certification name is required',
  nameTooLong: `Certification name must be at most ${MAX_CERTIFICATION_NAME_LENGTH} characters`,
  notFound: 'Certification not found',
  created: 'Certification created successfully',
  updated: 'Certification updated successfully',
} as const;

/** "Certification code PM already exists" */
export function certificationCodeTakenMessage(code: string): string {
  return `Certification code ${code} already exists`;
}

/**
 * The answer to a deletion: says what happened to the members who held it, since deleting a
 * certification takes it from them too.
 */
export function certificationDeletedMessage(code: string, holders: number): string {
  if (holders === 0) return `Certification ${code} deleted`;
  const members = holders === 1 ? '1 member' : `${holders} members`;
  return `Certification ${code} deleted; it was removed from ${members} who held it`;
}

/** One place that requires a certification, as the deletion refusal names it. */
export interface CertificationSeatUse {
  stationNumber: number;
  shift: string;
  seatPosition: string;
}

/**
 * The refusal to delete a certification seats still require: "Station 7's B-shift Firefighter
 * seats require PM: remove the requirement first". Names the first place and how many others.
 */
export function certificationRequiredBySeatsMessage(code: string, uses: CertificationSeatUse[]): string {
  const [first, ...rest] = uses;
  if (!first) return `Seats require ${code}: remove the requirement first`;
  const place = `Station ${first.stationNumber}'s ${first.shift}-shift ${first.seatPosition} seats`;
  const others = rest.length === 0 ? '' : ` (and ${rest.length} other seat group${rest.length === 1 ? '' : 's'})`;
  return `${place}${others} require ${code}: remove the requirement first`;
}

/** A code as typed: trimmed and upper-cased, then checked against the catalogue's rule. */
export const certificationCodeSchema = z
  .string({ error: CERTIFICATION_MESSAGES.codeRequired })
  .trim()
  .toUpperCase()
  .min(1, CERTIFICATION_MESSAGES.codeRequired)
  .max(MAX_CERTIFICATION_CODE_LENGTH, CERTIFICATION_MESSAGES.codeInvalid)
  .regex(CERTIFICATION_CODE_PATTERN, CERTIFICATION_MESSAGES.codeInvalid);

export const certificationNameSchema = z
  .string({ error: CERTIFICATION_MESSAGES.nameRequired })
  .trim()
  .min(1, CERTIFICATION_MESSAGES.nameRequired)
  .max(MAX_CERTIFICATION_NAME_LENGTH, CERTIFICATION_MESSAGES.nameTooLong);

/** POST /api/admin/certifications */
export const createCertificationRequestSchema = z.object({
  code: certificationCodeSchema,
  name: certificationNameSchema,
});
export type CreateCertificationRequest = z.infer<typeof createCertificationRequestSchema>;

/** PUT /api/admin/certifications/:id: only the fields sent change. A new code renames it on every seat. */
export const updateCertificationRequestSchema = createCertificationRequestSchema.partial();
export type UpdateCertificationRequest = z.infer<typeof updateCertificationRequestSchema>;

export const certificationSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  /** Members who hold it (expired or not). */
  holders: z.number().int(),
});
export type Certification = z.infer<typeof certificationSchema>;

/** GET /api/admin/certifications, in code order. */
export const certificationListResponseSchema = z.object({ certifications: z.array(certificationSchema) });
export type CertificationListResponse = z.infer<typeof certificationListResponseSchema>;

/** POST and PUT answers. */
export const certificationMutationResponseSchema = z.object({
  certification: certificationSchema,
  message: z.string(),
});
export type CertificationMutationResponse = z.infer<typeof certificationMutationResponseSchema>;
