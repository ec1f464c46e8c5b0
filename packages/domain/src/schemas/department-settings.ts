/**
 * The department's time zone (issue 16): one setting, read by everyone (the web app writes and reads
 * times in it) and changed by administrators. Every date entered and shown (session dates in forms,
 * turn deadlines on the board, e-mails, SMS, the PDF bid sheet, the calendar feed, "why this seat")
 * is in this zone, named by its short name ("09:30 CST").
 */
import { z } from 'zod';

export const DEPARTMENT_SETTINGS_MESSAGES = {
  timeZoneRequired: 'Choose the time zone the department works in.',
  unknownTimeZone: (zone: string) =>
    `"${zone}" is not a time zone this server knows. Use an IANA time zone name, such as America/Chicago or Europe/London.`,
  saved: 'Department time zone saved.',
} as const;

/** Every IANA zone the runtime knows (ICU's list), plus UTC, which some runtimes list only as Etc/UTC. */
export function supportedTimeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

/**
 * Whether `zone` is an IANA zone this runtime can format times in. The list is the authority (an
 * alias such as US/Central is accepted by Intl.DateTimeFormat but not listed, and is refused, so the
 * stored name is always a canonical one); exact spelling, as the list gives it.
 */
export function isSupportedTimeZone(zone: string): boolean {
  return supportedTimeZones().includes(zone);
}

export const departmentTimeZoneSchema = z
  .string({ error: DEPARTMENT_SETTINGS_MESSAGES.timeZoneRequired })
  .trim()
  .min(1, DEPARTMENT_SETTINGS_MESSAGES.timeZoneRequired)
  .max(64, DEPARTMENT_SETTINGS_MESSAGES.timeZoneRequired)
  .refine(isSupportedTimeZone, { error: (issue) => DEPARTMENT_SETTINGS_MESSAGES.unknownTimeZone(String(issue.input)) });

/** PUT /api/admin/department-settings. */
export const departmentSettingsUpdateSchema = z.object({ timeZone: departmentTimeZoneSchema });
export type DepartmentSettingsUpdate = z.infer<typeof departmentSettingsUpdateSchema>;

/** Where the zone in force comes from: saved by an administrator, or the server's default. */
export const timeZoneSourceSchema = z.enum(['setting', 'default']);

/** GET /api/department-settings and the PUT's answer. */
export const departmentSettingsResponseSchema = z.object({
  timeZone: z.string(),
  /** Its short name now, e.g. "CST" (or "GMT-6" where the zone has no abbreviation in English). */
  timeZoneAbbreviation: z.string(),
  source: timeZoneSourceSchema,
  /** The zone used when none is saved: DEPARTMENT_TIMEZONE, else the server's own zone. */
  defaultTimeZone: z.string(),
  updatedAt: z.string().nullable(),
});
export type DepartmentSettingsResponse = z.infer<typeof departmentSettingsResponseSchema>;

/** The zone's short name at `at`: "CST", "CDT", "GMT+1". */
export function timeZoneAbbreviation(timeZone: string, at: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(at);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}
