/**
 * The member import's columns, its answer and its jobs (POST /admin/import-users): apart from the
 * members' own schemas, which import the password rules and their list of common passwords, so a
 * screen that reads an import's or a roster sync's results does not download that list.
 */
import { z } from 'zod';

/** Columns of the member import: the required ones, then the template's. */
export const MEMBER_IMPORT_REQUIRED_COLUMNS = ['firstName', 'lastName', 'email', 'employeeId'] as const;
export const MEMBER_IMPORT_TEMPLATE_COLUMNS = [
  ...MEMBER_IMPORT_REQUIRED_COLUMNS,
  'rank',
  'position',
  'yearsOfService',
  'hireDate',
  'rankDate',
  'listNumber',
  'certifications',
  // The member's phone and current seat (station, shift, seat position), set as "assign station" does.
  'phone',
  'station',
  'shift',
  'seat',
] as const;

/** Other names people give the import's columns (matched like the columns, any case and spacing). */
export const MEMBER_IMPORT_COLUMN_ALIASES: Readonly<Record<string, readonly string[]>> = {
  email: ['emailAddress'],
  employeeId: ['employeeNumber', 'employeeNo'],
  phone: ['phoneNumber', 'mobile', 'mobileNumber', 'cellPhone'],
  station: ['stationNumber', 'stationName'],
  seat: ['seatPosition'],
  yearsOfService: ['years'],
  rankDate: ['dateInRank'],
};

export const importRowErrorSchema = z.object({ row: z.number().int(), error: z.string() });

/** One row's effect in an import: a new member, or an existing one and the fields it changes. */
export const memberImportChangeSchema = z.object({
  row: z.number().int(),
  kind: z.enum(['new', 'updated']),
  name: z.string(),
  employeeId: z.string(),
  /** The fields a new member is given ("phone: (555) 201-4477"), or an existing one's changes ("rank: Firefighter -> Captain"). */
  fields: z.array(z.string()),
});
export type MemberImportChange = z.infer<typeof memberImportChangeSchema>;

export const memberImportResultSchema = z.object({
  created: z.number().int(),
  skipped: z.number().int(),
  /** Always 0: the e-mails are sent by the outbox worker after the import answers; see emailsQueued. */
  emailsSent: z.number().int(),
  emailsFailed: z.number().int(),
  /** Password-setup e-mails waiting in the outbox, one per created member. */
  emailsQueued: z.number().int(),
  total: z.number().int(),
  errors: z.array(importRowErrorSchema),
  /** Existing members (matched by employee ID) whose fields the file changes. */
  updated: z.number().int().optional(),
  /** Existing members the file names as they already are. */
  unchanged: z.number().int().optional(),
  /** What each saved (or, in a dry run, would-be saved) row does, in row order. */
  changes: z.array(memberImportChangeSchema).optional(),
  /** Headers of the file that name no column of the import, as written; their cells are not read. */
  unknownColumns: z.array(z.string()).optional(),
  /** True when this is a dry run's preview: nothing was saved. */
  dryRun: z.boolean().optional(),
});
export type MemberImportResult = z.infer<typeof memberImportResultSchema>;

export const memberImportResponseSchema = z.object({ results: memberImportResultSchema, message: z.string() });
export type MemberImportResponse = z.infer<typeof memberImportResponseSchema>;

/** Files with more data rows than this are imported as a job (202) unless the client asks otherwise. */
export const IMPORT_JOB_ROW_THRESHOLD = 1000;

export const IMPORT_JOB_STATES = ['running', 'succeeded', 'failed'] as const;
export type ImportJobState = (typeof IMPORT_JOB_STATES)[number];

export const IMPORT_JOB_MESSAGES = {
  jobNotFound: 'Import job not found',
  serverStopped:
    'The server stopped while this import ran. The rows imported before that are saved; upload the file again to import the rest (the rows already imported are matched by employee ID and change nothing the second time).',
  failed:
    'The import stopped because of a server error. Rows imported before that are saved; upload the file again to import the rest.',
} as const;

/** `mode` of POST /admin/import-users: auto (job above the threshold), job (always), sync (never). */
export const importModeQuerySchema = z.object({
  mode: z.enum(['auto', 'job', 'sync'], { error: 'mode must be auto, job or sync' }).default('auto'),
  /** 1 (or true): answer what the file would change, always synchronously, and save nothing. */
  dryRun: z
    .enum(['0', '1', 'true', 'false'], { error: 'dryRun must be 1 or 0' })
    .optional()
    .transform((value) => value === '1' || value === 'true'),
});

/** An import running (or run) in the server, read by GET /admin/import-jobs/:id. */
export const importJobSchema = z.object({
  id: z.string(),
  state: z.enum(IMPORT_JOB_STATES),
  fileName: z.string(),
  rowsDone: z.number().int(),
  rowsTotal: z.number().int(),
  /** The same results (and message) the synchronous import answers with, once the job has succeeded. */
  results: memberImportResultSchema.nullable(),
  message: z.string().nullable(),
  /** Why the job failed; null unless state is failed. */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

export const importJobResponseSchema = z.object({ job: importJobSchema });
export type ImportJobResponse = z.infer<typeof importJobResponseSchema>;

/** The 202 answer of an import run as a job: where to read its progress. */
export const importJobAcceptedResponseSchema = z.object({
  job: importJobSchema,
  message: z.string(),
});
export type ImportJobAcceptedResponse = z.infer<typeof importJobAcceptedResponseSchema>;
