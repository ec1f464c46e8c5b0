/**
 * Roster sync (docs/integrations.md, "Roster sync"): another system (an HR or scheduling system)
 * sends the department's whole active roster with `PUT /api/admin/roster`, as JSON or CSV, and
 * StationBid makes its members match it: new employee IDs are created, known ones updated, and
 * active members the roster leaves out are deactivated. A row is read exactly as a row of the member
 * import is (the same columns, the same checks, the same errors), except the seat columns: seats
 * are what members bid for, so a roster never moves anyone.
 */
import { z } from 'zod';
import { SPREADSHEET_LIMITS } from '../spreadsheet-import.ts';
import {
  importJobSchema,
  importModeQuerySchema,
  MEMBER_IMPORT_TEMPLATE_COLUMNS,
  memberImportResultSchema,
} from './member-import.ts';

/** The member import's columns a roster row may fill in: all but the seat (station, shift, seat). */
export const ROSTER_COLUMNS = MEMBER_IMPORT_TEMPLATE_COLUMNS.filter(
  (column) => column !== 'station' && column !== 'shift' && column !== 'seat',
);

/** The most members one roster may list: as many rows as a spreadsheet import reads. */
export const ROSTER_MAX_MEMBERS = SPREADSHEET_LIMITS.maxRows;
/** The largest roster body accepted, JSON or CSV: room for the largest roster at about 500 bytes a member. */
export const ROSTER_MAX_BYTES = 25 * 1024 * 1024;

/**
 * Deactivations a roster may make without `allowMassDeactivation=1`: the larger of the share of
 * active members and the count. A roster export that came out empty or half-written would
 * otherwise sign most of the department out in one call.
 */
export const ROSTER_DEACTIVATION_LIMIT = { share: 0.2, atLeast: 10 } as const;

export function rosterDeactivationLimit(activeMembers: number): number {
  return Math.max(ROSTER_DEACTIVATION_LIMIT.atLeast, Math.floor(activeMembers * ROSTER_DEACTIVATION_LIMIT.share));
}

export const ROSTER_SYNC_MESSAGES = {
  bodyInvalid:
    'Send the roster as JSON ({"members": [{"employeeId": "...", "firstName": "...", ...}]}) with Content-Type: application/json, or as CSV with Content-Type: text/csv.',
  membersRequired: 'The JSON roster needs a "members" list: {"members": [{"employeeId": "...", ...}]}',
  memberNotObject: (row: number) => `Member ${row} of the roster is not an object with the member's fields`,
  tooManyMembers: `The roster lists more than ${ROSTER_MAX_MEMBERS.toLocaleString('en-US')} members. No department is that large; check what is being sent.`,
  tooLarge: `The roster is larger than ${ROSTER_MAX_BYTES / 1024 / 1024} MB. Send the columns StationBid reads only.`,
  alreadyRunning:
    'Another roster sync is running. Send the roster again when it has finished (its progress: GET /api/admin/roster/jobs/:id).',
  raced:
    'Members changed while the roster was being checked (another import or an administrator’s edit), so nothing was changed. Send the roster again.',
  jobNotFound: 'Roster sync job not found',
  serverStopped: 'The server stopped while this roster sync ran, before anything was changed. Send the roster again.',
  failed: 'The roster sync stopped because of a server error, and nothing was changed. Send the roster again.',
  massDeactivation: (count: number, active: number, limit: number) =>
    `This roster would deactivate ${count} of ${active} active members, more than the ${limit} a roster may deactivate at once, so nothing was changed. Check that the whole roster was sent; if these members really have left, send it again with ?allowMassDeactivation=1.`,
  keptInRunningSession: (session: string) => `In the running bid session "${session}"; deactivate after it ends`,
  keptAdministrator: 'An administrator; a roster never deactivates administrators (an administrator can, on Members)',
} as const;

/** One member of a JSON roster: the member import's columns; a value left out, null or "" keeps what StationBid has. */
const rosterCellSchema = z.union([z.string(), z.number(), z.null()]);
const rosterCertificationSchema = z.union([
  z.string(),
  z.object({ code: z.string(), expiresOn: z.string().nullable().optional() }),
]);
export const rosterMemberSchema = z.record(z.string(), z.union([rosterCellSchema, z.array(rosterCertificationSchema)]));
export type RosterMember = z.infer<typeof rosterMemberSchema>;

/** `PUT /api/admin/roster` as JSON. */
export const rosterJsonBodySchema = z.object({
  members: z.array(z.unknown(), { error: ROSTER_SYNC_MESSAGES.membersRequired }).max(ROSTER_MAX_MEMBERS, {
    error: ROSTER_SYNC_MESSAGES.tooManyMembers,
  }),
});

/**
 * A JSON roster member as the import's cells: numbers written out, certifications as the
 * spreadsheet's cell ("PM:2027-06-30; DO"), null as an empty cell. Keys that name no roster column
 * are returned apart, to be reported like a spreadsheet's unknown headers.
 */
export function rosterMemberCells(member: RosterMember): { values: Record<string, string>; unknownKeys: string[] } {
  const values: Record<string, string> = {};
  const unknownKeys: string[] = [];
  for (const [key, value] of Object.entries(member)) {
    if (!(ROSTER_COLUMNS as readonly string[]).includes(key)) {
      unknownKeys.push(key);
      continue;
    }
    if (Array.isArray(value)) {
      values[key] = value
        .map((entry) =>
          typeof entry === 'string' ? entry : entry.expiresOn ? `${entry.code}:${entry.expiresOn}` : entry.code,
        )
        .join('; ');
    } else {
      values[key] = value === null ? '' : `${value}`.trim();
    }
  }
  return { values, unknownKeys };
}

/** `?dryRun=1`: the diff, nothing changed; `mode`: as the import's; `allowMassDeactivation=1`: past the limit. */
export const rosterSyncQuerySchema = importModeQuerySchema.extend({
  allowMassDeactivation: z
    .enum(['0', '1', 'true', 'false'], { error: 'allowMassDeactivation must be 1 or 0' })
    .optional()
    .transform((value) => value === '1' || value === 'true'),
});

const rosterMemberRefSchema = z.object({ employeeId: z.string(), name: z.string() });

/** What a roster did (or, in a dry run, would do): the import's counts and rows, and who it deactivates. */
export const rosterSyncResultSchema = memberImportResultSchema.extend({
  /** Active members the roster leaves out, deactivated. */
  deactivated: z.number().int(),
  deactivations: z.array(rosterMemberRefSchema),
  /** Inactive members the roster lists, active again (also among `changes`, with "active: no -> yes"). */
  reactivated: z.number().int(),
  /** Active members the roster leaves out who stay active, each with why. */
  keptActive: z.array(rosterMemberRefSchema.extend({ reason: z.string() })),
});
export type RosterSyncResult = z.infer<typeof rosterSyncResultSchema>;

export const rosterSyncResponseSchema = z.object({ results: rosterSyncResultSchema, message: z.string() });
export type RosterSyncResponse = z.infer<typeof rosterSyncResponseSchema>;

/** A roster sync run as a job (above IMPORT_JOB_ROW_THRESHOLD members, or mode=job). */
export const rosterSyncJobSchema = importJobSchema.extend({
  results: rosterSyncResultSchema.nullable(),
  /** Who sent the roster: an administrator's name, or 'API token "HR nightly"'; null for none recorded. */
  startedBy: z.string().nullable(),
});
export type RosterSyncJob = z.infer<typeof rosterSyncJobSchema>;
export const rosterSyncJobResponseSchema = z.object({ job: rosterSyncJobSchema });
/** GET /admin/roster/jobs: the latest roster syncs, newest first. */
export const ROSTER_JOB_LIST_LIMIT = { default: 10, max: 50 } as const;
export const rosterSyncJobListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${ROSTER_JOB_LIST_LIMIT.max}` })
    .int({ error: `limit must be a whole number from 1 to ${ROSTER_JOB_LIST_LIMIT.max}` })
    .min(1, { error: `limit must be a whole number from 1 to ${ROSTER_JOB_LIST_LIMIT.max}` })
    .max(ROSTER_JOB_LIST_LIMIT.max, { error: `limit must be a whole number from 1 to ${ROSTER_JOB_LIST_LIMIT.max}` })
    .default(ROSTER_JOB_LIST_LIMIT.default),
});
export const rosterSyncJobListResponseSchema = z.object({ jobs: z.array(rosterSyncJobSchema) });
export type RosterSyncJobListResponse = z.infer<typeof rosterSyncJobListResponseSchema>;
export const rosterSyncJobAcceptedResponseSchema = z.object({ job: rosterSyncJobSchema, message: z.string() });
