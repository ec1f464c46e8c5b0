/**
 * The member import (its columns: MEMBER_IMPORT_REQUIRED_COLUMNS in
 * packages/domain/src/schemas/member-admin.ts). Every row is checked on its own, so a bad row never
 * stops the good ones; good rows are saved a chunk per transaction (row by row again when another
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
import { findCertificationIds, insertMemberCertifications } from '../users/member-certifications.repository.ts';
import { queuePasswordSetupEmail } from '../users/member-emails.ts';
import { insertMember, updateMember } from '../users/users.repository.ts';
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

/** A file's rows keyed by the import's own column names, and the headers it does not read. */
export interface MemberImportFile {
  rows: SpreadsheetRow[];
  unknownColumns: string[];
}

/** What one row does once checked: a new member, or an existing one and its new phone or seat. */
type PlannedRow =
  | ({ kind: 'new'; row: SpreadsheetRow; seatId: string | null; fields: string[] } & ImportedRow)
  | ({ kind: 'updated'; row: SpreadsheetRow; existing: ImportedMemberNow; fields: string[] } & ImportedRow & {
        changes: { phone?: string | null; currentSeatId?: string };
      });

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

/** The member a row describes, or every problem with it. */
export function parseMemberRow(values: Record<string, string>): ImportedRow | { problems: string[] } {
  // First: the messages below quote cells, and a control character cannot be stored, even in one.
  const unstorable = findUnstorableCell(values, MEMBER_IMPORT_TEMPLATE_COLUMNS);
  if (unstorable) return { problems: [unstorable] };
  const problems: string[] = [];
  const firstName = values.firstName ?? '';
  const lastName = values.lastName ?? '';
  const employeeId = values.employeeId ?? '';
  if (!firstName) problems.push(MESSAGES.firstNameRequired);
  if (!lastName) problems.push(MESSAGES.lastNameRequired);
  const email = emailSchema.safeParse(values.email ?? '');
  if (!email.success) problems.push(email.error.issues[0]?.message ?? MESSAGES.emailInvalid);
  if (!employeeId) problems.push(MESSAGES.employeeIdRequired);
  if (firstName.length > 100 || lastName.length > 100 || employeeId.length > 50) problems.push('A value is too long');

  const rankCell = values.rank ?? '';
  const rank = rankCell ? matchName(rankCell, RANKS) : 'Firefighter';
  if (!rank) problems.push(`Unknown rank "${rankCell}". Use one of: ${RANKS.join(', ')}`);
  const positionCell = values.position ?? '';
  const position = positionCell ? matchName(positionCell, PROFESSIONAL_POSITIONS) : 'Firefighter';
  if (!position) problems.push(`Unknown position "${positionCell}". Use one of: ${PROFESSIONAL_POSITIONS.join(', ')}`);
  const yearsCell = values.yearsOfService ?? '';
  const yearsOfService = yearsCell === '' ? 0 : /^\d+$/.test(yearsCell) ? Number(yearsCell) : Number.NaN;
  if (
    Number.isNaN(yearsOfService) ||
    yearsOfService < LIMITS.yearsOfServiceMin ||
    yearsOfService > LIMITS.yearsOfServiceMax
  ) {
    problems.push(`Years of service must be a whole number from 0 to 50 (found "${yearsCell}")`);
  }
  const hireDate = memberDateSchema('Hire date').safeParse(values.hireDate ?? '');
  if (!hireDate.success) problems.push(hireDate.error.issues[0]?.message ?? 'Hire date is not a date');
  const rankDate = memberDateSchema('Date in rank').safeParse(values.rankDate ?? '');
  if (!rankDate.success) problems.push(rankDate.error.issues[0]?.message ?? 'Date in rank is not a date');
  const listCell = values.listNumber ?? '';
  const listNumber = listNumberSchema.safeParse(/^\d*$/.test(listCell.trim()) ? listCell : Number.NaN);
  if (!listNumber.success) problems.push(`${MEMBER_SENIORITY_MESSAGES.listNumberInvalid} (found "${listCell}")`);
  const held = parseCertificationsCell(values.certifications ?? '');
  if ('problem' in held) problems.push(held.problem);
  const phoneCell = values.phone ?? '';
  const phone = phoneNumberToStore(phoneCell, null);
  if (phone === undefined) {
    problems.push(`Phone "${phoneCell}" is not a phone number. ${NOTIFICATION_SETTINGS_MESSAGES.phoneInvalid}`);
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
  if (
    problems.length > 0 ||
    !email.success ||
    !rank ||
    !position ||
    !hireDate.success ||
    !rankDate.success ||
    !listNumber.success ||
    'problem' in held ||
    phone === undefined
  ) {
    return { problems };
  }
  return {
    member: {
      firstName,
      lastName,
      email: email.data,
      employeeId,
      rank,
      position,
      yearsOfService,
      hireDate: hireDate.data ?? null,
      rankDate: rankDate.data ?? null,
      listNumber: listNumber.data ?? null,
      phone,
    },
    certifications: held.certifications,
    assignment: stationCell && shift ? { station: stationCell, shift, seatPosition: seatPosition ?? null } : null,
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
      for (const row of chunk) {
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
        const inFile =
          takenEmails.get(member.email) ??
          claimedEmails.get(member.email) ??
          takenEmployeeIds.get(member.employeeId) ??
          claimedEmployeeIds.get(member.employeeId);
        // The member already here: the same employee ID and e-mail. The row may set their phone and seat.
        const same = existingMembers.get(member.employeeId);
        if (inFile === undefined && same !== undefined && same.email.toLowerCase() === member.email) {
          const plan = await this.planUpdate(row, parsed, same, stations, claimedSeats);
          if ('error' in plan) errors.push({ row: row.rowNumber, error: plan.error });
          else if (plan.fields.length === 0) unchanged++;
          else planned.push(plan);
          if (!('error' in plan)) {
            claimedEmails.set(member.email, `row ${row.rowNumber} of this file`);
            claimedEmployeeIds.set(member.employeeId, `row ${row.rowNumber} of this file`);
          }
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
          const seat = await this.chooseSeat(assignment, member.rank, null, stations, claimedSeats);
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
        planned.push({ kind: 'new', row, member, certifications, assignment, seatId, fields });
      }

      let saved: PlannedRow[];
      if (dryRun) {
        saved = planned;
      } else {
        try {
          await this.db.transaction(async (tx) => {
            for (const entry of planned) await this.saveImportedRow(tx, entry, certificationIds, now);
          });
          saved = planned;
        } catch (error) {
          // Another request took an e-mail, employee ID or seat since the check: the chunk is saved
          // again row by row, so only the rows that lost are refused.
          if (violatedConstraint(error) === undefined) throw error;
          saved = [];
          for (const entry of planned) {
            const refusal = await this.saveAloneOrExplain(entry, certificationIds, now);
            if (refusal === null) saved.push(entry);
            else errors.push({ row: entry.row.rowNumber, error: refusal });
          }
        }
      }
      for (const entry of saved) {
        takenEmails.set(entry.member.email, `row ${entry.row.rowNumber} of this file`);
        takenEmployeeIds.set(entry.member.employeeId, `row ${entry.row.rowNumber} of this file`);
        changes.push({
          row: entry.row.rowNumber,
          kind: entry.kind,
          name: `${entry.member.firstName} ${entry.member.lastName}`,
          employeeId: entry.member.employeeId,
          fields: entry.fields,
        });
      }
      const created = saved.filter((entry) => entry.kind === 'new').length;
      result.created += created;
      result.updated = (result.updated ?? 0) + (saved.length - created);
      result.unchanged = (result.unchanged ?? 0) + unchanged;
      if (!dryRun && created > 0) announceMembersAdded(this.db);
      if (!dryRun) {
        for (const entry of saved) if (entry.kind === 'updated') announceMemberChanged(this.db, entry.existing.id);
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

  /** What a row changes of a member already here: their phone and seat; other columns are left alone. */
  private async planUpdate(
    row: SpreadsheetRow,
    parsed: ImportedRow,
    existing: ImportedMemberNow,
    stations: readonly ImportStation[],
    claimedSeats: Set<string>,
  ): Promise<PlannedRow | { error: string }> {
    const fields: string[] = [];
    const changes: { phone?: string | null; currentSeatId?: string } = {};
    const phoneCell = row.values.phone ?? '';
    if (phoneCell !== '') {
      const phone = phoneNumberToStore(phoneCell, existing.phone);
      if (phone !== undefined && phone !== existing.phone) {
        changes.phone = phone;
        fields.push(`phone: ${phone === null ? 'none' : formatPhoneNumber(phone)}`);
      }
    }
    const { assignment } = parsed;
    if (assignment !== null) {
      // The seat by the member's own rank, as "assign station" does; the row's rank is not applied to them.
      const seat = await this.chooseSeat(assignment, existing.rank, existing, stations, claimedSeats);
      if ('error' in seat) return seat;
      claimedSeats.add(seat.seatId);
      if (seat.seatId !== existing.currentSeatId) {
        changes.currentSeatId = seat.seatId;
        fields.push(`seat: ${seat.label}`);
      }
    }
    return { kind: 'updated', row, existing, fields, changes, ...parsed };
  }

  /**
   * The seat a row names, found as "assign station" finds one: the station's first seat of that
   * shift and position that nobody else holds (the member's own counts as free), the position by
   * the member's rank when the row names none. Refused like there: unknown or inactive station, or
   * no free seat.
   */
  private async chooseSeat(
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
    const seats = await listSeatsWithHolders(this.db, {
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

  private async saveImportedRow(
    executor: Executor,
    entry: PlannedRow,
    certificationIds: ReadonlyMap<string, string>,
    now: Date,
  ): Promise<void> {
    if (entry.kind === 'updated') {
      await updateMember(executor, entry.existing.id, { ...entry.changes, updatedAt: now });
      return;
    }
    const { member, certifications, seatId } = entry;
    const created = await insertMember(executor, {
      ...member,
      currentSeatId: seatId,
      passwordHash: null,
      createdAt: now,
      updatedAt: now,
    });
    await insertMemberCertifications(executor, created.id, certifications, certificationIds);
    await queuePasswordSetupEmail(executor, created, now, this.log, this.delivery.isEmailConfigured);
  }

  /** Saves one row in its own transaction; null when saved, else why it was refused. */
  private async saveAloneOrExplain(
    entry: PlannedRow,
    certificationIds: ReadonlyMap<string, string>,
    now: Date,
  ): Promise<string | null> {
    const { member } = entry;
    try {
      await this.db.transaction((tx) => this.saveImportedRow(tx, entry, certificationIds, now));
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
