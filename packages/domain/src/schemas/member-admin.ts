/**
 * Request and response shapes of the administrators' member calls (docs/api.md, "admin") and of
 * the member import, with the messages they answer with.
 */
import { z } from 'zod';
import { PROFESSIONAL_POSITIONS, RANKS, SEAT_POSITIONS, SHIFTS } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { emailSchema, optionalText, shiftSchema, yearsOfServiceSchema } from './common.ts';
import { newPasswordSchema } from './new-password.ts';
import { NOTIFICATION_SETTINGS_MESSAGES, normalizePhoneNumber } from './notification-settings.ts';
import { userSchema } from './user.ts';

/** Messages of the member administration, worded for the person reading them. */
export const MEMBER_ADMIN_MESSAGES = {
  emailTaken: 'A user with this email already exists.',
  employeeIdTaken: 'A user with this employee ID already exists.',
  emailTakenByInactive:
    'A deactivated user with this email already exists. Reactivate them instead of creating a new account.',
  employeeIdTakenByInactive:
    'A deactivated user with this employee ID already exists. Reactivate them instead of creating a new account.',
  userNotFound: 'User not found. They may have already been deleted.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  cannotRemoveOwnAdmin: 'You cannot remove your own administrator rights. Ask another administrator.',
  cannotDeactivateSelf: 'You cannot deactivate your own account. Ask another administrator.',
  userDeleted: 'User deleted successfully',
  userCreatedWithPassword: 'User created successfully with the provided password.',
  userCreatedSetupQueued:
    'User created. E-mail delivery is not configured yet, so the password-setup e-mail is queued in the outbox; until it is sent, give the user their setup link or set a password with Update Password.',
  userCreatedSetupEmailQueued:
    'User created. The password-setup e-mail is queued and goes out within a minute; if it does not arrive, give the user their setup link or set a password with Update Password.',
  userCreatedNoEmail:
    'User created without a password. Set one with Update Password, or send them a password-setup e-mail later.',
  emailNotConfigured: 'E-mail delivery is not configured yet; the password-setup message is queued in the outbox.',
  passwordUpdated: 'Password updated successfully',
  passwordUpdatedNoticeQueued:
    'Password updated successfully. The notice to the user is queued and goes out within a minute.',
  passwordUpdatedEmailQueued:
    'Password updated successfully. E-mail delivery is not configured yet; the notice to the user is queued in the outbox.',
  stationNotFound: 'Station not found',
  stationInactive: 'That station is inactive. Activate it before assigning members to it.',
  seatTaken: 'That seat is no longer available',
} as const;

/** "No free Captain seat on shift B at Station 3 (Lakeside)." */
export function noFreeSeatMessage(seatPosition: string, shift: string, stationNumber: number, stationName: string) {
  return `No free ${seatPosition} seat on shift ${shift} at Station ${stationNumber} (${stationName}). Free a seat or choose another station or shift.`;
}

const nameSchema = (message: string) => z.string({ error: message }).trim().min(1, message).max(100);

/**
 * A password an administrator sets for someone else: the one password policy (issue 13, finding
 * 11), not the spec's 6 characters.
 */
export const adminPasswordSchema = newPasswordSchema;

/** 0 (or empty) means "use the automatic score" and is stored as null. */
export const manualSeniorityScoreSchema = z.coerce
  .number({ error: 'Manual score must be a number' })
  .int('Manual score must be a whole number')
  .min(0, 'Manual score must be 0 or greater')
  .max(1_000_000, 'Manual score is too large')
  .nullable()
  .transform((value) => (value === 0 ? null : value));

const emergencyContactInputSchema = z.object({
  name: z.string().trim().max(200).optional(),
  phone: z.string().trim().max(50).optional(),
  relationship: z.string().trim().max(100).optional(),
});

/** The spec's user form sends "" for a rank or position left unchosen: not given. */
const blankAsMissing = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** Messages of a member's seniority keys and certifications, in the forms and the import's row errors. */
export const MEMBER_SENIORITY_MESSAGES = {
  dateInvalid: (label: string) => `${label} must be a date written YYYY-MM-DD, such as 2014-03-02`,
  listNumberInvalid: 'List number must be a whole number of 1 or more',
  certificationCodeInvalid: (code: string) =>
    `"${code}" is not a certification code: use the code from the Certifications page, such as PM`,
  certificationTwice: (code: string) => `${code} is listed twice; list each certification once`,
  tooManyCertifications: 'A member holds at most 50 certifications',
  unknownCertifications: (codes: readonly string[]) =>
    codes.length === 1
      ? `Unknown certification ${codes[0]}. Add it on the Certifications page first, or correct the code.`
      : `Unknown certifications ${codes.join(', ')}. Add them on the Certifications page first, or correct the codes.`,
} as const;

/** A real calendar day written YYYY-MM-DD (2023-02-29 is not one). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

const blankAsNull = (value: unknown) =>
  value === undefined ? undefined : value === null || (typeof value === 'string' && value.trim() === '') ? null : value;

/** A date a member record holds (hire date, date in rank, a certification's expiry); "" or null clears it. */
export const memberDateSchema = (label: string) =>
  z.preprocess(
    blankAsNull,
    z
      .string({ error: MEMBER_SENIORITY_MESSAGES.dateInvalid(label) })
      .trim()
      .refine(isCalendarDate, MEMBER_SENIORITY_MESSAGES.dateInvalid(label))
      .nullable(),
  );

/** The civil-service list number (lower bids first within a same-day class); "" or null clears it. */
export const listNumberSchema = z.preprocess(
  blankAsNull,
  z.coerce
    .number({ error: MEMBER_SENIORITY_MESSAGES.listNumberInvalid })
    .int(MEMBER_SENIORITY_MESSAGES.listNumberInvalid)
    .min(1, MEMBER_SENIORITY_MESSAGES.listNumberInvalid)
    .max(1_000_000, MEMBER_SENIORITY_MESSAGES.listNumberInvalid)
    .nullable(),
);

/** The catalogue's code rule (the database's CHECK on certifications.code), after trimming and upper-casing. */
const HELD_CERTIFICATION_CODE = /^[A-Z0-9][A-Z0-9_-]{0,15}$/;

export const heldCertificationInputSchema = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .refine((code) => HELD_CERTIFICATION_CODE.test(code), {
      error: (issue) => MEMBER_SENIORITY_MESSAGES.certificationCodeInvalid(String(issue.input ?? '')),
    }),
  /** The last day it is valid (inclusive); null or left out: no end. */
  expiresOn: memberDateSchema('Expiry date')
    .optional()
    .transform((value) => value ?? null),
});

/** The certifications a member holds, each code once: given, they replace what the member held. */
export const memberCertificationsInputSchema = z
  .array(heldCertificationInputSchema)
  .max(50, MEMBER_SENIORITY_MESSAGES.tooManyCertifications)
  .superRefine((list, context) => {
    const seen = new Set<string>();
    list.forEach((entry, index) => {
      if (seen.has(entry.code)) {
        context.addIssue({
          code: 'custom',
          message: MEMBER_SENIORITY_MESSAGES.certificationTwice(entry.code),
          path: [index, 'code'],
        });
      }
      seen.add(entry.code);
    });
  });
export type HeldCertificationInput = z.output<typeof heldCertificationInputSchema>;

/**
 * The import's `certifications` cell: codes separated by `;`, each with an optional expiry after a
 * colon (`PM:2027-06-30;DO`). Blank: none. Answers the list, or the problem to show for the row.
 */
export function parseCertificationsCell(
  cell: string,
): { certifications: HeldCertificationInput[] } | { problem: string } {
  const parts = cell
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const entries = parts.map((part) => {
    const colon = part.indexOf(':');
    return colon === -1
      ? { code: part }
      : { code: part.slice(0, colon), expiresOn: part.slice(colon + 1).trim() || null };
  });
  const parsed = memberCertificationsInputSchema.safeParse(entries);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message = issue?.message ?? 'Certifications must be written as PM:2027-06-30;DO';
    return { problem: issue?.path.includes('expiresOn') ? `Certification expiry: ${message}` : message };
  }
  return { certifications: parsed.data };
}

/**
 * A new member's phone: blank, or a number a text can reach (stored in E.164 by the server). Only
 * for a new member: an edit may send back a number stored before numbers were checked, which the
 * server keeps (phoneNumberToStore).
 */
const newMemberPhoneSchema = optionalText(50).refine(
  (value) => value === null || value === undefined || normalizePhoneNumber(value) !== null,
  { message: NOTIFICATION_SETTINGS_MESSAGES.phoneInvalid },
);

export const createMemberRequestSchema = z.object({
  firstName: nameSchema(MESSAGES.firstNameRequired),
  lastName: nameSchema(MESSAGES.lastNameRequired),
  email: emailSchema,
  employeeId: z.string({ error: MESSAGES.employeeIdRequired }).trim().min(1, MESSAGES.employeeIdRequired).max(50),
  rank: z.preprocess(blankAsMissing, z.enum(RANKS).default('Firefighter')),
  position: z.preprocess(blankAsMissing, z.enum(PROFESSIONAL_POSITIONS).default('Firefighter')),
  yearsOfService: yearsOfServiceSchema.default(0),
  phone: newMemberPhoneSchema,
  phoneNumber: newMemberPhoneSchema,
  address: optionalText(500),
  isAdmin: z.boolean().default(false),
  isActive: z.boolean().default(true),
  // The form omits a blank password; an empty string is treated the same way.
  password: z.preprocess((value) => (value === '' ? undefined : value), adminPasswordSchema.optional()),
  sendPasswordEmail: z.boolean().default(true),
  emergencyContact: emergencyContactInputSchema.optional(),
  hireDate: memberDateSchema('Hire date').optional(),
  rankDate: memberDateSchema('Date in rank').optional(),
  listNumber: listNumberSchema.optional(),
  certifications: memberCertificationsInputSchema.optional(),
});
export type CreateMemberRequest = z.infer<typeof createMemberRequestSchema>;

export const createMemberResponseSchema = z.object({
  user: userSchema,
  message: z.string(),
  emailSent: z.boolean(),
  emailError: z.string().nullable(),
  /** True when the member has no password yet and must set one through the setup link. */
  passwordSetupRequired: z.boolean(),
  /** True when a password-setup e-mail waits in the outbox. */
  emailQueued: z.boolean(),
});
export type CreateMemberResponse = z.infer<typeof createMemberResponseSchema>;

/** Every field optional: the edit form sends the user, the seniority form only a few fields. */
export const updateMemberRequestSchema = z.object({
  firstName: nameSchema(MESSAGES.firstNameRequired).optional(),
  lastName: nameSchema(MESSAGES.lastNameRequired).optional(),
  email: emailSchema.optional(),
  employeeId: z.string().trim().min(1, MESSAGES.employeeIdRequired).max(50).optional(),
  rank: z.preprocess(blankAsMissing, z.enum(RANKS).optional()),
  position: z.preprocess(blankAsMissing, z.enum(PROFESSIONAL_POSITIONS).optional()),
  yearsOfService: yearsOfServiceSchema.optional(),
  /** Accepted as `years` too, the seniority form's name for it. */
  years: yearsOfServiceSchema.optional(),
  manualSeniorityScore: manualSeniorityScoreSchema.optional(),
  phone: optionalText(50),
  phoneNumber: optionalText(50),
  address: optionalText(500),
  isAdmin: z.boolean().optional(),
  isActive: z.boolean().optional(),
  emergencyContact: emergencyContactInputSchema.optional(),
  /** Left out: unchanged; "" or null: cleared. */
  hireDate: memberDateSchema('Hire date').optional(),
  rankDate: memberDateSchema('Date in rank').optional(),
  listNumber: listNumberSchema.optional(),
  /** Given: the member holds exactly these; left out: unchanged. */
  certifications: memberCertificationsInputSchema.optional(),
});
export type UpdateMemberRequest = z.infer<typeof updateMemberRequestSchema>;

export const assignStationRequestSchema = z
  .object({
    /** null (or empty) releases the member's seat. */
    stationId: z.preprocess((value) => (value === '' ? null : value), z.uuid({ error: 'Invalid station' }).nullable()),
    shift: z.preprocess((value) => (value === '' ? undefined : value), shiftSchema.optional()),
    /** Defaults to the seat position the member's rank sits in. */
    seatPosition: z.preprocess((value) => (value === '' ? undefined : value), z.enum(SEAT_POSITIONS).optional()),
  })
  .refine((body) => body.stationId === null || body.shift !== undefined, {
    message: MESSAGES.shiftRequired,
    path: ['shift'],
  });
export type AssignStationRequest = z.infer<typeof assignStationRequestSchema>;

export const adminSetPasswordRequestSchema = z.object({
  newPassword: adminPasswordSchema,
  sendEmail: z.boolean().default(false),
});
export type AdminSetPasswordRequest = z.infer<typeof adminSetPasswordRequestSchema>;

/** The Update Password form: the request plus the confirmation, which must repeat the password. */
export const adminSetPasswordFormSchema = adminSetPasswordRequestSchema
  .extend({
    confirmPassword: z
      .string({ error: MESSAGES.confirmAdminPasswordRequired })
      .min(1, MESSAGES.confirmAdminPasswordRequired),
  })
  .refine((form) => form.confirmPassword === form.newPassword, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
    // Checked even while the password itself is still too short, so both problems show at once.
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
export type AdminSetPasswordForm = z.input<typeof adminSetPasswordFormSchema>;

/** The filters of the administrators' User List: senior is 10+ years, junior under 5. */
export const MEMBER_LIST_FILTERS = ['all', 'active', 'inactive', 'pending', 'admin', 'senior', 'junior'] as const;
export type MemberListFilter = (typeof MEMBER_LIST_FILTERS)[number];

/** The sort orders of the administrators' User List; ties fall back to name, then employee ID. */
export const MEMBER_LIST_SORT_FIELDS = ['name', 'seniority', 'yearsOfService', 'rank', 'email'] as const;
export type MemberListSortField = (typeof MEMBER_LIST_SORT_FIELDS)[number];

/** Page sizes of GET /admin/users when the client asks for pages (a limit or a cursor). */
export const MEMBER_PAGE_LIMITS = { default: 50, max: 200 } as const;

export const MEMBER_LIST_MESSAGES = {
  limitInvalid: `limit must be a whole number from 1 to ${MEMBER_PAGE_LIMITS.max}`,
  cursorInvalid: 'The cursor is not one this list gave out. Start again from the first page (no cursor).',
  cursorSortMismatch: 'The cursor belongs to another sort order. Start again from the first page (no cursor).',
  searchTooLong: 'Search must be at most 100 characters',
  filterInvalid: `filter must be one of: ${MEMBER_LIST_FILTERS.join(', ')}`,
  sortInvalid: `sortBy must be one of: ${MEMBER_LIST_SORT_FIELDS.join(', ')}`,
  directionInvalid: 'sortDirection must be asc or desc',
  rankInvalid: `rank must be one of: ${RANKS.join(', ')}`,
  shiftInvalid: `shift must be one of: ${SHIFTS.join(', ')}`,
  stationInvalid: 'stationId must be the id of a station (as GET /stations gives it)',
  stationUnknown: 'There is no station with this stationId. Choose a station from GET /stations.',
} as const;

/**
 * The query of GET /admin/users. Without `limit` and `cursor` the answer is every matching member,
 * as the spec's "reads users" promises; with either, one page of at most `limit` members
 * (default 50) and the `nextCursor` of the page after it (docs/decisions/013).
 */
export const usersListQuerySchema = z.object({
  cursor: z
    .string()
    .min(1, MEMBER_LIST_MESSAGES.cursorInvalid)
    .max(1000, MEMBER_LIST_MESSAGES.cursorInvalid)
    .optional(),
  limit: z.coerce
    .number({ error: MEMBER_LIST_MESSAGES.limitInvalid })
    .int(MEMBER_LIST_MESSAGES.limitInvalid)
    .min(1, MEMBER_LIST_MESSAGES.limitInvalid)
    .max(MEMBER_PAGE_LIMITS.max, MEMBER_LIST_MESSAGES.limitInvalid)
    .optional(),
  /** Name (either order), e-mail or employee ID, any letter case, anywhere in the text. */
  search: z.string().trim().max(100, MEMBER_LIST_MESSAGES.searchTooLong).optional(),
  filter: z.enum(MEMBER_LIST_FILTERS, { error: MEMBER_LIST_MESSAGES.filterInvalid }).default('all'),
  sortBy: z.enum(MEMBER_LIST_SORT_FIELDS, { error: MEMBER_LIST_MESSAGES.sortInvalid }).default('name'),
  sortDirection: z.enum(['asc', 'desc'], { error: MEMBER_LIST_MESSAGES.directionInvalid }).default('asc'),
  /** Optional narrowing, combined with the filter and search: a rank, a station and a shift (of the member's seat). */
  rank: z.enum(RANKS, { error: MEMBER_LIST_MESSAGES.rankInvalid }).optional(),
  stationId: z.uuid({ error: MEMBER_LIST_MESSAGES.stationInvalid }).optional(),
  shift: z.enum(SHIFTS, { error: MEMBER_LIST_MESSAGES.shiftInvalid }).optional(),
});
export type UsersListQuery = z.infer<typeof usersListQuerySchema>;
export type UsersListQueryInput = z.input<typeof usersListQuerySchema>;

/**
 * The members of GET /admin/users. `users` is what the spec promises; `total` counts every member
 * matching the search and filter, and `nextCursor` is null on the last page (and on a whole list).
 */
export const usersListResponseSchema = z.object({
  users: z.array(userSchema),
  // Always sent by this server; optional so that a web app reading a server from before paging
  // (which sent only `users`) still reads the whole list.
  total: z.number().int().optional(),
  nextCursor: z.string().nullable().default(null),
});
export type UsersListResponse = z.infer<typeof usersListResponseSchema>;
