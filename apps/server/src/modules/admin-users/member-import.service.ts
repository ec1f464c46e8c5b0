/**
 * The member import (its columns: MEMBER_IMPORT_REQUIRED_COLUMNS in
 * packages/domain/src/schemas/member-admin.ts). A row whose employee ID a member already has updates
 * that member (planMemberUpdate, applyMemberUpdate: every column it fills in), any other row makes a
 * new member. Every row is checked on its own, so a bad row never stops the good ones; good rows are saved a chunk per transaction (row by row again when another
 * request raced for an identity). A file that cannot be read is refused before anything is written.
 */
import {
  emailSchema,
  findUnstorableCell,
  formatPhoneNumber,
  getSeatPositionForRank,
  type HeldCertification,
  LIMITS,
  listNumberSchema,
  MEMBER_ADMIN_MESSAGES,
  MEMBER_IMPORT_COLUMN_ALIASES,
  MEMBER_IMPORT_REQUIRED_COLUMNS,
  MEMBER_IMPORT_TEMPLATE_COLUMNS,
  MEMBER_SENIORITY_MESSAGES,
  MESSAGES,
  type MemberImportChange,
  type MemberImportResult,
  memberDateSchema,
  NOTIFICATION_SETTINGS_MESSAGES,
  noFreeSeatMessage,
  PROFESSIONAL_POSITIONS,
  parseCertificationsCell,
  phoneNumberToStore,
  plural,
  pluralWord,
  RANKS,
  SEAT_POSITIONS,
  SHIFTS,
} from '@stationbid/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import { violatedConstraint } from '../../db/errors.ts';
import { audit, auditActor } from '../../lib/audit-log.ts';
import type { Clock } from '../../lib/clock.ts';
import { readMatchedSpreadsheetRows } from '../../lib/import-headers.ts';
import type { SpreadsheetRow } from '../../lib/spreadsheet.ts';
import type { AuthenticatedMember } from '../../plugins/auth.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { announceMemberChanged, announceMembersAdded } from '../auth/member-cache.ts';
import {
  findCertificationIds,
  insertMemberCertifications,
  replaceMemberCertifications,
} from '../users/member-certifications.repository.ts';
import { queuePasswordSetupEmail } from '../users/member-emails.ts';
import { insertMember, type MemberChanges, updateMember } from '../users/users.repository.ts';
import { queueMemberChanged } from '../webhooks/webhook-events.ts';
import {
  findMembersByEmployeeId,
  type ImportedMemberNow,
  listImportStations,
  listSeatsWithHolders,
} from './member-import.repository.ts';
import { findTakenIdentities } from './member-list.repository.ts';

interface ImportedMember {
  firstName: string;
  lastName: string;
  email: string;
  employeeId: string;
  rank: string;
  position: string;
  yearsOfService: number;
  hireDate: string | null;
  rankDate: string | null;
  listNumber: number | null;
  /** E.164 (phoneNumberToStore), or null when the cell is empty. */
  phone: string | null;
}

/** The seat a row names: its station cell as written, the shift and the seat position (null: by rank). */
interface RowAssignment {
  station: string;
  shift: string;
  seatPosition: string | null;
}

/** A row's member and the certifications it holds (saved with it, in the same transaction). */
interface ImportedRow {
  member: ImportedMember;
  certifications: HeldCertification[];
  assignment: RowAssignment | null;
}

/** A row's cells as read: a blank cell of a member already here is absent (it changes nothing). */
interface MemberCells {
  firstName?: string;
  lastName?: string;
  email?: string;
  employeeId: string;
  rank?: string;
  position?: string;
  yearsOfService?: number;
  hireDate?: string | null;
  rankDate?: string | null;
  listNumber?: number | null;
  phone?: string | null;
  certifications?: HeldCertification[];
  assignment: RowAssignment | null;
}

/** How the preview names each field it changes. */
const MEMBER_FIELD_LABELS = {
  firstName: 'first name',
  lastName: 'last name',
  email: 'e-mail',
  phone: 'phone',
  rank: 'rank',
  position: 'position',
  yearsOfService: 'years of service',
  hireDate: 'hire date',
  rankDate: 'date in rank',
  listNumber: 'list number',
} as const;

/** What a row changes of a member already here (diffMemberRow), before the seat is looked for. */
export interface MemberRowDiff {
  /** The member's columns to write; empty when the row changes none. */
  changes: MemberChanges;
  /** The certifications the member holds afterwards, or null when they stay as they are. */
  certifications: HeldCertification[] | null;
  /** Each change as the preview shows it: "rank: Firefighter -> Captain". */
  fields: string[];
  /** The member's e-mail (lower case), name and rank once the row is applied. */
  email: string;
  name: string;
  rank: string;
  /** The codes the row's certifications cell names (checked against the catalogue by the caller). */
  certificationCodes: string[];
  assignment: RowAssignment | null;
}

/** A checked update of a member already here, ready for applyMemberUpdate. */
export interface MemberUpdatePlan {
  memberId: string;
  employeeId: string;
  email: string;
  name: string;
  changes: MemberChanges;
  certifications: HeldCertification[] | null;
  fields: string[];
}

/** A file's rows keyed by the import's own column names, and the headers it does not read. */
export interface MemberImportFile {
  rows: SpreadsheetRow[];
  unknownColumns: string[];
}

/**
 * What one row does once checked: a new member (with the catalogue ids of the certifications it
 * names), or the changes to a member already here. Saved by saveImportedRows.
 */
export type PlannedRow =
  | ({
      kind: 'new';
      row: SpreadsheetRow;
      seatId: string | null;
      fields: string[];
      certificationIds: ReadonlyMap<string, string>;
    } & ImportedRow)
  | { kind: 'updated'; row: SpreadsheetRow; update: MemberUpdatePlan };

/** The rows of an import as planned (planRows), and its results were they all saved. */
export interface PlannedImport {
  result: MemberImportResult;
  planned: PlannedRow[];
}

/** The identity a planned row claims in the file: e-mail, employee ID and the name the results show. */
function plannedIdentity(entry: PlannedRow): { email: string; employeeId: string; name: string; fields: string[] } {
  if (entry.kind === 'updated') return entry.update;
  const { member } = entry;
  return {
    email: member.email,
    employeeId: member.employeeId,
    name: `${member.firstName} ${member.lastName}`,
    fields: entry.fields,
  };
}

/** What planMemberUpdate looks things up in: shared by the rows of one import. */
export interface MemberUpdateContext {
  stations: readonly ImportStation[];
  /** Seats given to earlier rows; the seat a plan takes is added. */
  claimedSeats: Set<string>;
  /** The catalogue's ids of the codes the rows name (findCertificationIds). */
  certificationIds: ReadonlyMap<string, string>;
  /** Who else holds this e-mail (lower case), e.g. "an existing user" or "row 4 of this file", or undefined. */
  emailHolder: (email: string) => string | undefined;
  /** A roster lists who is active: a deactivated member it names is made active again. */
  reactivates?: boolean;
}

type ImportStation = Awaited<ReturnType<typeof listImportStations>>[number];

/** The station a cell names: its number ("3", "Station 3") or its name, any case. */
function findStation(cell: string, stations: readonly ImportStation[]): ImportStation | undefined {
  const number = /^(?:station\s*)?#?\s*(\d+)$/i.exec(cell.trim());
  if (number) return stations.find((station) => station.number === Number(number[1]));
  const name = cell.trim().toLowerCase();
  return stations.find((station) => station.name.toLowerCase() === name);
}

function seatLabel(station: { number: number }, shift: string, seatPosition: string): string {
  return `Station ${station.number}, shift ${shift}, ${seatPosition}`;
}

/** Matches a cell to one of the allowed names whatever its case ("captain" is Captain). */
function matchName(value: string, allowed: readonly string[]): string | undefined {
  return allowed.find((name) => name.toLowerCase() === value.toLowerCase());
}

// Built once: a zod schema costs more to build than to run, and a roster reads 20,000 rows.
const HIRE_DATE_SCHEMA = memberDateSchema('Hire date');
const RANK_DATE_SCHEMA = memberDateSchema('Date in rank');

/**
 * What a row's cells say, each checked on its own. For a new member (`partial` false) the required
 * cells must be there and blank optional cells take the defaults; for a member already here
 * (`partial` true) a blank cell is left out, since it leaves that field as it is.
 */
function readMemberCells(
  values: Record<string, string>,
  existing: { phone: string | null } | null,
): { cells: MemberCells; problems: string[] } {
  const partial = existing !== null;
  const problems: string[] = [];
  const cells: MemberCells = { employeeId: values.employeeId ?? '', assignment: null };
  const firstName = values.firstName ?? '';
  const lastName = values.lastName ?? '';
  const emailCell = values.email ?? '';
  if (firstName) cells.firstName = firstName;
  else if (!partial) problems.push(MESSAGES.firstNameRequired);
  if (lastName) cells.lastName = lastName;
  else if (!partial) problems.push(MESSAGES.lastNameRequired);
  if (emailCell || !partial) {
    const email = emailSchema.safeParse(emailCell);
    if (email.success) cells.email = email.data;
    else problems.push(email.error.issues[0]?.message ?? MESSAGES.emailInvalid);
  }
  if (!cells.employeeId) problems.push(MESSAGES.employeeIdRequired);
  if (firstName.length > 100 || lastName.length > 100 || cells.employeeId.length > 50) {
    problems.push('A value is too long');
  }

  const rankCell = values.rank ?? '';
  if (rankCell || !partial) {
    const rank = rankCell ? matchName(rankCell, RANKS) : 'Firefighter';
    if (rank) cells.rank = rank;
    else problems.push(`Unknown rank "${rankCell}". Use one of: ${RANKS.join(', ')}`);
  }
  const positionCell = values.position ?? '';
  if (positionCell || !partial) {
    const position = positionCell ? matchName(positionCell, PROFESSIONAL_POSITIONS) : 'Firefighter';
    if (position) cells.position = position;
    else problems.push(`Unknown position "${positionCell}". Use one of: ${PROFESSIONAL_POSITIONS.join(', ')}`);
  }
  const yearsCell = values.yearsOfService ?? '';
  if (yearsCell || !partial) {
    const yearsOfService = yearsCell === '' ? 0 : /^\d+$/.test(yearsCell) ? Number(yearsCell) : Number.NaN;
    if (
      Number.isNaN(yearsOfService) ||
      yearsOfService < LIMITS.yearsOfServiceMin ||
      yearsOfService > LIMITS.yearsOfServiceMax
    ) {
      problems.push(`Years of service must be a whole number from 0 to 50 (found "${yearsCell}")`);
    } else {
      cells.yearsOfService = yearsOfService;
    }
  }
  const hireCell = values.hireDate ?? '';
  if (hireCell.trim() || !partial) {
    const hireDate = HIRE_DATE_SCHEMA.safeParse(hireCell);
    if (hireDate.success) cells.hireDate = hireDate.data ?? null;
    else problems.push(hireDate.error.issues[0]?.message ?? 'Hire date is not a date');
  }
  const rankDateCell = values.rankDate ?? '';
  if (rankDateCell.trim() || !partial) {
    const rankDate = RANK_DATE_SCHEMA.safeParse(rankDateCell);
    if (rankDate.success) cells.rankDate = rankDate.data ?? null;
    else problems.push(rankDate.error.issues[0]?.message ?? 'Date in rank is not a date');
  }
  const listCell = values.listNumber ?? '';
  if (listCell.trim() || !partial) {
    const listNumber = listNumberSchema.safeParse(/^\d*$/.test(listCell.trim()) ? listCell : Number.NaN);
    if (listNumber.success) cells.listNumber = listNumber.data ?? null;
    else problems.push(`${MEMBER_SENIORITY_MESSAGES.listNumberInvalid} (found "${listCell}")`);
  }
  const certificationsCell = values.certifications ?? '';
  if (certificationsCell.trim() || !partial) {
    const held = parseCertificationsCell(certificationsCell);
    if ('problem' in held) problems.push(held.problem);
    else cells.certifications = held.certifications;
  }
  const phoneCell = values.phone ?? '';
  if (phoneCell.trim() || !partial) {
    // A member's number stored before numbers were checked is kept when the row writes it again.
    const phone = phoneNumberToStore(phoneCell, existing?.phone ?? null);
    if (phone === undefined) {
      problems.push(`Phone "${phoneCell}" is not a phone number. ${NOTIFICATION_SETTINGS_MESSAGES.phoneInvalid}`);
    } else {
      cells.phone = phone;
    }
  }
  const stationCell = values.station ?? '';
  const shiftCell = values.shift ?? '';
  const seatCell = values.seat ?? '';
  const shift = shiftCell ? matchName(shiftCell.replace(/^shift\s*/i, ''), SHIFTS) : undefined;
  const seatPosition = seatCell ? matchName(seatCell, SEAT_POSITIONS) : undefined;
  if (shiftCell && !shift) problems.push(`Unknown shift "${shiftCell}". Use one of: ${SHIFTS.join(', ')}`);
  if (seatCell && !seatPosition) problems.push(`Unknown seat "${seatCell}". Use one of: ${SEAT_POSITIONS.join(', ')}`);
  if (stationCell && !shiftCell) problems.push(`A station needs a shift too: one of ${SHIFTS.join(', ')}`);
  if (!stationCell && (shiftCell || seatCell))
    problems.push('A shift or seat needs a station too (its number or name)');
  if (stationCell && shift) cells.assignment = { station: stationCell, shift, seatPosition: seatPosition ?? null };
  return { cells, problems };
}

/** The member a row describes, or every problem with it. */
export function parseMemberRow(values: Record<string, string>): ImportedRow | { problems: string[] } {
  // First: the messages below quote cells, and a control character cannot be stored, even in one.
  const unstorable = findUnstorableCell(values, MEMBER_IMPORT_TEMPLATE_COLUMNS);
  if (unstorable) return { problems: [unstorable] };
  const { cells, problems } = readMemberCells(values, null);
  if (problems.length > 0) return { problems };
  const {
    firstName = '',
    lastName = '',
    email = '',
    employeeId,
    rank = 'Firefighter',
    position = 'Firefighter',
    yearsOfService = 0,
    hireDate = null,
    rankDate = null,
    listNumber = null,
    phone = null,
    certifications = [],
    assignment,
  } = cells;
  return {
    member: {
      firstName,
      lastName,
      email,
      employeeId,
      rank,
      position,
      yearsOfService,
      hireDate,
      rankDate,
      listNumber,
      phone,
    },
    certifications,
    assignment,
  };
}

/** The certifications as the cell writes them, in code order: "DO; PM:2027-06-30", or "none". */
function describeCertifications(list: readonly HeldCertification[]): string {
  if (list.length === 0) return 'none';
  return [...list]
    .sort((a, b) => a.code.localeCompare(b.code))
    .map((entry) => (entry.expiresOn ? `${entry.code}:${entry.expiresOn}` : entry.code))
    .join('; ');
}

const describeValue = (value: string | number | null): string => (value === null || value === '' ? 'none' : `${value}`);

/**
 * What a row changes of a member already here, field by field ("rank: Firefighter -> Captain"),
 * and the problems of its cells. Pure: the checks that need the database (the certification
 * catalogue, whether an e-mail is someone else's, which seat is free) are planMemberUpdate's. A
 * blank cell changes nothing; a cell equal to the member's value is not a change either.
 */
export function diffMemberRow(
  values: Record<string, string>,
  existing: ImportedMemberNow,
): MemberRowDiff | { problems: string[] } {
  const unstorable = findUnstorableCell(values, MEMBER_IMPORT_TEMPLATE_COLUMNS);
  if (unstorable) return { problems: [unstorable] };
  const { cells, problems } = readMemberCells(values, existing);
  if (problems.length > 0) return { problems };
  const changes: MemberChanges = {};
  const fields: string[] = [];
  const compare = <K extends keyof typeof MEMBER_FIELD_LABELS>(
    field: K,
    next: ImportedMemberNow[K] | undefined,
    show: (value: ImportedMemberNow[K]) => string = describeValue as (value: ImportedMemberNow[K]) => string,
  ) => {
    if (next === undefined || next === existing[field]) return;
    (changes as Record<string, unknown>)[field] = next;
    fields.push(`${MEMBER_FIELD_LABELS[field]}: ${show(existing[field])} -> ${show(next)}`);
  };
  compare('firstName', cells.firstName);
  compare('lastName', cells.lastName);
  // E-mails are compared as the unique index compares them, whatever their case.
  if (cells.email !== undefined && cells.email !== existing.email.toLowerCase()) compare('email', cells.email);
  const showPhone = (phone: string | null) => (phone === null ? 'none' : formatPhoneNumber(phone));
  compare('phone', cells.phone, showPhone);
  compare('rank', cells.rank);
  compare('position', cells.position);
  compare('yearsOfService', cells.yearsOfService);
  compare('hireDate', cells.hireDate);
  compare('rankDate', cells.rankDate);
  compare('listNumber', cells.listNumber);
  let certifications: HeldCertification[] | null = null;
  if (cells.certifications !== undefined) {
    const next = cells.certifications.map((entry) => ({ code: entry.code, expiresOn: entry.expiresOn ?? null }));
    const before = describeCertifications(existing.certifications);
    const after = describeCertifications(next);
    if (before !== after) {
      certifications = next;
      fields.push(`certifications: ${before} -> ${after}`);
    }
  }
  return {
    changes,
    certifications,
    fields,
    email: cells.email ?? existing.email.toLowerCase(),
    rank: cells.rank ?? existing.rank,
    name: `${cells.firstName ?? existing.firstName} ${cells.lastName ?? existing.lastName}`,
    certificationCodes: (cells.certifications ?? []).map((entry) => entry.code),
    assignment: cells.assignment,
  };
}

/**
 * Rows per transaction: the first chunk's size, and the bounds of the sizes that follow. Each next
 * chunk is sized from the last one's time to take about IMPORT_CHUNK_TARGET_MS, because a
 * transaction holds PGlite's one connection (and, PGlite running in this thread, the event loop)
 * until it commits: on a busy machine a fixed 100 rows took a second.
 */
export const IMPORT_CHUNK_ROWS = { first: 50, min: 5, max: 500 } as const;
export const IMPORT_CHUNK_TARGET_MS = 40;

/** Called after each chunk is saved, with how many rows are done (imported or refused). */
export type ImportProgress = (rowsDone: number) => Promise<void>;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export class MemberImportService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly delivery: { isEmailConfigured: boolean } = { isEmailConfigured: false },
  ) {}

  get isEmailConfigured(): boolean {
    return this.delivery.isEmailConfigured;
  }

  /**
   * The file's data rows keyed by the import's own columns, and the headers it does not read;
   * throws (400/413) before any write when it is not a readable spreadsheet or lacks a required
   * column. Headers match whatever their case and spacing ("First Name" is firstName).
   */
  readFile(fileName: string, content: Buffer): Promise<MemberImportFile> {
    return readMatchedSpreadsheetRows(fileName, content, {
      all: MEMBER_IMPORT_TEMPLATE_COLUMNS,
      required: MEMBER_IMPORT_REQUIRED_COLUMNS,
      aliases: MEMBER_IMPORT_COLUMN_ALIASES,
    });
  }

  /** The file's data rows (see readFile). */
  async readRows(fileName: string, content: Buffer): Promise<SpreadsheetRow[]> {
    return (await this.readFile(fileName, content)).rows;
  }

  async importMembers(actor: AuthenticatedMember, fileName: string, content: Buffer): Promise<MemberImportResult> {
    const file = await this.readFile(fileName, content);
    return this.importRows(actor, fileName, file.rows, undefined, { unknownColumns: file.unknownColumns });
  }

  /**
   * Imports the rows chunk by chunk, each chunk in one transaction, yielding to the event loop
   * between chunks so other requests are served while a large file runs. The synchronous answer
   * and the import job both come through here, so they give the same results for the same file.
   * A dry run walks the same checks and answers the same results, saving nothing: the preview an
   * administrator confirms is what the import then does.
   */
  async importRows(
    actor: AuthenticatedMember,
    fileName: string,
    rows: readonly SpreadsheetRow[],
    onProgress?: ImportProgress,
    options: { dryRun?: boolean; unknownColumns?: readonly string[] } = {},
  ): Promise<MemberImportResult> {
    const dryRun = options.dryRun === true;
    const now = this.clock.now();
    const { result } = await this.walkRows(rows, onProgress, {
      saves: !dryRun,
      unknownColumns: options.unknownColumns,
      now,
    });
    if (dryRun) return result;

    const updated = result.updated ?? 0;
    await recordActivity(this.db, {
      memberId: actor.id,
      actorName: `${actor.firstName} ${actor.lastName}`,
      type: 'user',
      title: 'Users imported',
      description: `${actor.firstName} ${actor.lastName} imported ${fileName}: ${result.created} created, ${updated} updated, ${result.skipped} skipped`,
      details: { fileName, created: result.created, updated, skipped: result.skipped, total: result.total },
      at: now,
    });
    audit(
      this.log,
      'member.imported',
      { ...auditActor(actor), created: result.created, skipped: result.skipped, total: result.total },
      `administrator imported members: ${result.created} created, ${updated} updated, ${result.skipped} skipped`,
    );
    return result;
  }

  /**
   * Checks every row as the import does, chunk by chunk, and saves nothing: the rows planned and
   * the results they would give, for a caller that saves them all in one transaction
   * (saveImportedRows), as a roster sync does.
   */
  planRows(
    rows: readonly SpreadsheetRow[],
    onProgress: ImportProgress | undefined,
    options: { unknownColumns?: readonly string[]; reactivates?: boolean; now: Date },
  ): Promise<PlannedImport> {
    return this.walkRows(rows, onProgress, { ...options, saves: false });
  }

  /** Saves planned rows (planRows) inside the caller's transaction, in row order. */
  async saveImportedRows(executor: Executor, planned: readonly PlannedRow[], now: Date): Promise<void> {
    for (const entry of planned) await this.saveImportedRow(executor, entry, now);
  }

  /**
   * The import's walk over the rows: each chunk checked, then (when `saves`) saved in one
   * transaction before the next is read, so a later row sees what an earlier one took. Without
   * `saves` the same checks run and the planned rows are answered instead.
   */
  private async walkRows(
    rows: readonly SpreadsheetRow[],
    onProgress: ImportProgress | undefined,
    options: { saves: boolean; unknownColumns?: readonly string[] | undefined; reactivates?: boolean; now: Date },
  ): Promise<PlannedImport> {
    const dryRun = !options.saves;
    const { now } = options;
    const allPlanned: PlannedRow[] = [];
    // E-mails and employee IDs taken by rows of this file; those taken before are looked up per
    // chunk (an indexed query), not read for the whole department at once, which on PGlite held the
    // event loop for a second at 25,000 members.
    const takenEmails = new Map<string, string>();
    const takenEmployeeIds = new Map<string, string>();
    // Seats given to rows of this file, so two rows never get one seat (in a dry run nothing is saved).
    const claimedSeats = new Set<string>();
    const stations = rows.some((row) => (row.values.station ?? '') !== '') ? await listImportStations(this.db) : [];
    const result: MemberImportResult = {
      created: 0,
      skipped: 0,
      emailsSent: 0,
      emailsFailed: 0,
      emailsQueued: 0,
      total: rows.length,
      errors: [],
      updated: 0,
      unchanged: 0,
      changes: [],
      unknownColumns: [...(options.unknownColumns ?? [])],
      dryRun,
    };
    const changes: MemberImportChange[] = [];

    let chunkSize: number = IMPORT_CHUNK_ROWS.first;
    for (let start = 0; start < rows.length; ) {
      const chunk = rows.slice(start, start + chunkSize);
      const chunkStarted = performance.now();
      const errors: MemberImportResult['errors'] = [];
      const planned: PlannedRow[] = [];
      let unchanged = 0;
      // The chunk's certification codes, looked up in the catalogue once.
      const certificationIds = await findCertificationIds(
        this.db,
        chunk.flatMap((row) => {
          const held = parseCertificationsCell(row.values.certifications ?? '');
          return 'certifications' in held ? held.certifications.map((entry) => entry.code) : [];
        }),
      );
      // Rows of this chunk claim their e-mail and employee ID as they are read, so a repeat later in
      // the same chunk is refused like a repeat in an earlier chunk.
      const claimedEmails = new Map<string, string>();
      const claimedEmployeeIds = new Map<string, string>();
      const employeeIds = chunk.map((row) => row.values.employeeId ?? '').filter((employeeId) => employeeId !== '');
      const existing = await findTakenIdentities(
        this.db,
        chunk.map((row) => (row.values.email ?? '').trim().toLowerCase()).filter((email) => email !== ''),
        employeeIds,
      );
      const existingMembers = await findMembersByEmployeeId(this.db, employeeIds);
      const context: MemberUpdateContext = {
        stations,
        claimedSeats,
        certificationIds,
        reactivates: options.reactivates === true,
        emailHolder: (email) =>
          takenEmails.get(email) ??
          claimedEmails.get(email) ??
          (existing.emails.has(email) ? 'an existing user' : undefined),
      };
      for (const row of chunk) {
        const employeeId = row.values.employeeId ?? '';
        // The member already here (matched by employee ID): the row updates every field it fills in.
        const same = employeeId === '' ? undefined : existingMembers.get(employeeId);
        if (same !== undefined) {
          const earlier = takenEmployeeIds.get(employeeId) ?? claimedEmployeeIds.get(employeeId);
          if (earlier !== undefined) {
            errors.push({
              row: row.rowNumber,
              error: `Skipped: employee ID ${employeeId} already belongs to ${earlier}`,
            });
            continue;
          }
          const plan = await this.planMemberUpdate(this.db, row.values, same, context);
          if ('error' in plan) {
            errors.push({ row: row.rowNumber, error: plan.error });
            continue;
          }
          const claim = `row ${row.rowNumber} of this file`;
          if (plan.fields.length === 0) {
            unchanged++;
            takenEmails.set(plan.email, claim);
            takenEmployeeIds.set(employeeId, claim);
          } else {
            claimedEmails.set(plan.email, claim);
            claimedEmployeeIds.set(employeeId, claim);
            planned.push({ kind: 'updated', row, update: plan });
          }
          continue;
        }
        const parsed = parseMemberRow(row.values);
        if ('problems' in parsed) {
          errors.push({ row: row.rowNumber, error: parsed.problems.join('; ') });
          continue;
        }
        const { member, certifications, assignment } = parsed;
        const unknownCodes = certifications.map((entry) => entry.code).filter((code) => !certificationIds.has(code));
        if (unknownCodes.length > 0) {
          errors.push({ row: row.rowNumber, error: MEMBER_SENIORITY_MESSAGES.unknownCertifications(unknownCodes) });
          continue;
        }
        const emailHolder =
          takenEmails.get(member.email) ??
          claimedEmails.get(member.email) ??
          (existing.emails.has(member.email) ? 'an existing user' : undefined);
        if (emailHolder) {
          errors.push({
            row: row.rowNumber,
            error: `Skipped: email ${member.email} already belongs to ${emailHolder}`,
          });
          continue;
        }
        const employeeIdHolder =
          takenEmployeeIds.get(member.employeeId) ??
          claimedEmployeeIds.get(member.employeeId) ??
          (existing.employeeIds.has(member.employeeId) ? 'an existing user' : undefined);
        if (employeeIdHolder) {
          errors.push({
            row: row.rowNumber,
            error: `Skipped: employee ID ${member.employeeId} already belongs to ${employeeIdHolder}`,
          });
          continue;
        }
        const fields: string[] = [];
        if (member.phone !== null) fields.push(`phone: ${formatPhoneNumber(member.phone)}`);
        let seatId: string | null = null;
        if (assignment !== null) {
          const seat = await this.chooseSeat(this.db, assignment, member.rank, null, stations, claimedSeats);
          if ('error' in seat) {
            errors.push({ row: row.rowNumber, error: seat.error });
            continue;
          }
          seatId = seat.seatId;
          claimedSeats.add(seat.seatId);
          fields.push(`seat: ${seat.label}`);
        }
        claimedEmails.set(member.email, `row ${row.rowNumber} of this file`);
        claimedEmployeeIds.set(member.employeeId, `row ${row.rowNumber} of this file`);
        planned.push({ kind: 'new', row, member, certifications, assignment, seatId, fields, certificationIds });
      }

      let saved: PlannedRow[];
      if (dryRun) {
        saved = planned;
      } else {
        try {
          await this.db.transaction(async (tx) => {
            await this.saveImportedRows(tx, planned, now);
          });
          saved = planned;
        } catch (error) {
          // Another request took an e-mail, employee ID or seat since the check: the chunk is saved
          // again row by row, so only the rows that lost are refused.
          if (violatedConstraint(error) === undefined) throw error;
          saved = [];
          for (const entry of planned) {
            const refusal = await this.saveAloneOrExplain(entry, now);
            if (refusal === null) saved.push(entry);
            else errors.push({ row: entry.row.rowNumber, error: refusal });
          }
        }
      }
      allPlanned.push(...saved);
      for (const entry of saved) {
        const identity = plannedIdentity(entry);
        takenEmails.set(identity.email, `row ${entry.row.rowNumber} of this file`);
        takenEmployeeIds.set(identity.employeeId, `row ${entry.row.rowNumber} of this file`);
        changes.push({
          row: entry.row.rowNumber,
          kind: entry.kind,
          name: identity.name,
          employeeId: identity.employeeId,
          fields: identity.fields,
        });
      }
      const created = saved.filter((entry) => entry.kind === 'new').length;
      result.created += created;
      result.updated = (result.updated ?? 0) + (saved.length - created);
      result.unchanged = (result.unchanged ?? 0) + unchanged;
      if (!dryRun && created > 0) announceMembersAdded(this.db);
      if (!dryRun) {
        for (const entry of saved) if (entry.kind === 'updated') announceMemberChanged(this.db, entry.update.memberId);
        result.emailsQueued += created;
      }
      result.skipped += errors.length;
      result.errors.push(...errors.sort((a, b) => a.row - b.row));
      const elapsed = Math.max(1, performance.now() - chunkStarted);
      start += chunk.length;
      await onProgress?.(start);
      chunkSize = Math.round(
        Math.min(
          IMPORT_CHUNK_ROWS.max,
          Math.max(IMPORT_CHUNK_ROWS.min, (chunk.length * IMPORT_CHUNK_TARGET_MS) / elapsed),
        ),
      );
      if (start < rows.length) await yieldToEventLoop();
    }
    result.changes = changes.sort((a, b) => a.row - b.row);
    return { result, planned: allPlanned };
  }

  /**
   * Checks a row against a member already here and plans what it changes (diffMemberRow), with the
   * checks that read the database: the certification codes, an e-mail another member holds, and the
   * seat (by the member's rank once the row is applied, as "assign station" picks one). The import
   * calls it per row; anything else that receives the import's row shape (a roster sync) may too,
   * then applyMemberUpdate in its own transaction.
   */
  async planMemberUpdate(
    executor: Executor,
    values: Record<string, string>,
    existing: ImportedMemberNow,
    context: MemberUpdateContext,
  ): Promise<MemberUpdatePlan | { error: string }> {
    const diff = diffMemberRow(values, existing);
    if ('problems' in diff) return { error: diff.problems.join('; ') };
    const unknownCodes = diff.certificationCodes.filter((code) => !context.certificationIds.has(code));
    if (unknownCodes.length > 0) return { error: MEMBER_SENIORITY_MESSAGES.unknownCertifications(unknownCodes) };
    if (diff.changes.email !== undefined) {
      const holder = context.emailHolder(diff.email);
      if (holder !== undefined) return { error: `Skipped: email ${diff.email} already belongs to ${holder}` };
    }
    const changes: MemberChanges = { ...diff.changes };
    const fields = [...diff.fields];
    if (context.reactivates === true && !existing.isActive) {
      changes.isActive = true;
      fields.push('active: no -> yes');
    }
    if (diff.assignment !== null) {
      const seat = await this.chooseSeat(
        executor,
        diff.assignment,
        diff.rank,
        existing,
        context.stations,
        context.claimedSeats,
      );
      if ('error' in seat) return seat;
      context.claimedSeats.add(seat.seatId);
      if (seat.seatId !== existing.currentSeatId) {
        changes.currentSeatId = seat.seatId;
        const before =
          existing.stationNumber === null || existing.shift === null || existing.seatPosition === null
            ? 'none'
            : seatLabel({ number: existing.stationNumber }, existing.shift, existing.seatPosition);
        fields.push(`seat: ${before} -> ${seat.label}`);
      }
    }
    return {
      memberId: existing.id,
      employeeId: existing.employeeId,
      email: diff.email,
      name: diff.name,
      changes,
      certifications: diff.certifications,
      fields,
    };
  }

  /**
   * Writes a planned update (planMemberUpdate) inside the caller's transaction, and tells the
   * webhooks which fields changed (their names only, as an administrator's edit does).
   */
  async applyMemberUpdate(executor: Executor, plan: MemberUpdatePlan, now: Date): Promise<void> {
    await updateMember(executor, plan.memberId, { ...plan.changes, updatedAt: now });
    if (plan.certifications !== null) await replaceMemberCertifications(executor, plan.memberId, plan.certifications);
    const fields = [...Object.keys(plan.changes), ...(plan.certifications !== null ? ['certifications'] : [])];
    const change = plan.changes.isActive === true ? 'activated' : 'updated';
    await queueMemberChanged(executor, { id: plan.memberId, employeeId: plan.employeeId, change, fields }, now);
  }

  /**
   * The seat a row names, found as "assign station" finds one: the station's first seat of that
   * shift and position that nobody else holds (the member's own counts as free), the position by
   * the member's rank when the row names none. Refused like there: unknown or inactive station, or
   * no free seat.
   */
  private async chooseSeat(
    executor: Executor,
    assignment: RowAssignment,
    rank: string,
    existing: ImportedMemberNow | null,
    stations: readonly ImportStation[],
    claimedSeats: ReadonlySet<string>,
  ): Promise<{ seatId: string; label: string } | { error: string }> {
    const station = findStation(assignment.station, stations);
    if (!station) {
      return {
        error: `Unknown station "${assignment.station}". Write a station's number or name as the Stations page shows it.`,
      };
    }
    if (!station.isActive) return { error: MEMBER_ADMIN_MESSAGES.stationInactive };
    const seatPosition = assignment.seatPosition ?? getSeatPositionForRank(rank);
    const seats = await listSeatsWithHolders(executor, {
      stationId: station.id,
      shift: assignment.shift,
      seatPosition,
    });
    const own = existing !== null ? seats.find((seat) => seat.id === existing.currentSeatId) : undefined;
    const free = own ?? seats.find((seat) => seat.holderId === null && !claimedSeats.has(seat.id));
    if (!free || claimedSeats.has(free.id)) {
      return { error: noFreeSeatMessage(seatPosition, assignment.shift, station.number, station.name) };
    }
    return { seatId: free.id, label: seatLabel(station, assignment.shift, seatPosition) };
  }

  private async saveImportedRow(executor: Executor, entry: PlannedRow, now: Date): Promise<void> {
    if (entry.kind === 'updated') {
      await this.applyMemberUpdate(executor, entry.update, now);
      return;
    }
    const { member, certifications, seatId, certificationIds } = entry;
    const created = await insertMember(executor, {
      ...member,
      currentSeatId: seatId,
      passwordHash: null,
      createdAt: now,
      updatedAt: now,
    });
    await insertMemberCertifications(executor, created.id, certifications, certificationIds);
    await queuePasswordSetupEmail(executor, created, now, this.log, this.delivery.isEmailConfigured);
    await queueMemberChanged(executor, { id: created.id, employeeId: created.employeeId, change: 'created' }, now);
  }

  /** Saves one row in its own transaction; null when saved, else why it was refused. */
  private async saveAloneOrExplain(entry: PlannedRow, now: Date): Promise<string | null> {
    const member = plannedIdentity(entry);
    try {
      await this.db.transaction((tx) => this.saveImportedRow(tx, entry, now));
      return null;
    } catch (error) {
      const constraint = violatedConstraint(error);
      if (constraint === 'members_email_lower_unique') {
        return `Skipped: email ${member.email} already belongs to an existing user`;
      }
      if (constraint === 'members_employee_id_unique') {
        return `Skipped: employee ID ${member.employeeId} already belongs to an existing user`;
      }
      if (constraint === 'members_current_seat_unique') return MEMBER_ADMIN_MESSAGES.seatTaken;
      throw error;
    }
  }
}

/** "Import completed! N users created, M skipped. ...", honest about e-mail. */
export function describeImportResult(result: MemberImportResult, isEmailConfigured = false): string {
  const updated = result.updated ?? 0;
  const parts = [
    updated > 0
      ? `Import completed! ${plural(result.created, 'user')} created, ${updated} updated, ${result.skipped} skipped.`
      : `Import completed! ${plural(result.created, 'user')} created, ${result.skipped} skipped.`,
  ];
  parts.push(`Emails sent: ${result.emailsSent}, failed: ${result.emailsFailed}.`);
  const queued = `${plural(result.emailsQueued, 'password-setup e-mail')} ${pluralWord(result.emailsQueued, 'is', 'are')} queued`;
  if (result.emailsQueued > 0 && isEmailConfigured) {
    parts.push(`${queued} and ${pluralWord(result.emailsQueued, 'goes', 'go')} out within a few minutes.`);
  } else if (result.emailsQueued > 0) {
    parts.push(`${queued} in the outbox; e-mail delivery is not configured yet.`);
  }
  return parts.join(' ');
}

/** A dry run's summary: what the file would do, and that nothing is saved yet. */
export function describeImportPreview(result: MemberImportResult): string {
  return (
    `Preview: ${plural(result.created, 'new member')}, ${result.updated ?? 0} updated, ` +
    `${result.unchanged ?? 0} unchanged, ${plural(result.skipped, 'row')} with errors. Nothing is saved yet.`
  );
}
