/**
 * The member import (its columns: MEMBER_IMPORT_REQUIRED_COLUMNS in
 * packages/domain/src/schemas/member-admin.ts). Every row is checked on its own, so a bad row never
 * stops the good ones; good rows are saved a chunk per transaction (row by row again when another
 * request raced for an identity). A file that cannot be read is refused before anything is written.
 */
import {
  emailSchema,
  findUnstorableCell,
  type HeldCertification,
  LIMITS,
  listNumberSchema,
  MEMBER_IMPORT_REQUIRED_COLUMNS,
  MEMBER_IMPORT_TEMPLATE_COLUMNS,
  MEMBER_SENIORITY_MESSAGES,
  MESSAGES,
  type MemberImportResult,
  memberDateSchema,
  PROFESSIONAL_POSITIONS,
  parseCertificationsCell,
  plural,
  pluralWord,
  RANKS,
} from '@stationbid/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import { violatedConstraint } from '../../db/errors.ts';
import { audit, auditActor } from '../../lib/audit-log.ts';
import type { Clock } from '../../lib/clock.ts';
import { readSpreadsheetRows, type SpreadsheetRow } from '../../lib/spreadsheet.ts';
import type { AuthenticatedMember } from '../../plugins/auth.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { announceMembersAdded } from '../auth/member-cache.ts';
import { findCertificationIds, insertMemberCertifications } from '../users/member-certifications.repository.ts';
import { queuePasswordSetupEmail } from '../users/member-emails.ts';
import { insertMember } from '../users/users.repository.ts';
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
}

/** A row's member and the certifications it holds (saved with it, in the same transaction). */
interface ImportedRow {
  member: ImportedMember;
  certifications: HeldCertification[];
}

/** Matches a cell to one of the allowed names whatever its case ("captain" is Captain). */
function matchName(value: string, allowed: readonly string[]): string | undefined {
  return allowed.find((name) => name.toLowerCase() === value.toLowerCase());
}

/** The member a row describes, or every problem with it. */
export function parseMemberRow(
  values: Record<string, string>,
): ({ member: ImportedMember } & Pick<ImportedRow, 'certifications'>) | { problems: string[] } {
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
  if (
    problems.length > 0 ||
    !email.success ||
    !rank ||
    !position ||
    !hireDate.success ||
    !rankDate.success ||
    !listNumber.success ||
    'problem' in held
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
    },
    certifications: held.certifications,
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

  /** The file's data rows; throws (400/413) before any write when it is not a readable spreadsheet. */
  readRows(fileName: string, content: Buffer): Promise<SpreadsheetRow[]> {
    return readSpreadsheetRows(fileName, content, MEMBER_IMPORT_REQUIRED_COLUMNS);
  }

  async importMembers(actor: AuthenticatedMember, fileName: string, content: Buffer): Promise<MemberImportResult> {
    return this.importRows(actor, fileName, await this.readRows(fileName, content));
  }

  /**
   * Imports the rows chunk by chunk, each chunk in one transaction, yielding to the event loop
   * between chunks so other requests are served while a large file runs. The synchronous answer
   * and the import job both come through here, so they give the same results for the same file.
   */
  async importRows(
    actor: AuthenticatedMember,
    fileName: string,
    rows: readonly SpreadsheetRow[],
    onProgress?: ImportProgress,
  ): Promise<MemberImportResult> {
    const now = this.clock.now();
    // E-mails and employee IDs taken by rows of this file; those taken before are looked up per
    // chunk (an indexed query), not read for the whole department at once, which on PGlite held the
    // event loop for a second at 25,000 members.
    const takenEmails = new Map<string, string>();
    const takenEmployeeIds = new Map<string, string>();
    const result: MemberImportResult = {
      created: 0,
      skipped: 0,
      emailsSent: 0,
      emailsFailed: 0,
      emailsQueued: 0,
      total: rows.length,
      errors: [],
    };

    let chunkSize: number = IMPORT_CHUNK_ROWS.first;
    for (let start = 0; start < rows.length; ) {
      const chunk = rows.slice(start, start + chunkSize);
      const chunkStarted = performance.now();
      const errors: MemberImportResult['errors'] = [];
      const planned: ({ row: SpreadsheetRow } & ImportedRow)[] = [];
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
      const existing = await findTakenIdentities(
        this.db,
        chunk.map((row) => (row.values.email ?? '').trim().toLowerCase()).filter((email) => email !== ''),
        chunk.map((row) => row.values.employeeId ?? '').filter((employeeId) => employeeId !== ''),
      );
      for (const row of chunk) {
        const parsed = parseMemberRow(row.values);
        if ('problems' in parsed) {
          errors.push({ row: row.rowNumber, error: parsed.problems.join('; ') });
          continue;
        }
        const { member, certifications } = parsed;
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
        claimedEmails.set(member.email, `row ${row.rowNumber} of this file`);
        claimedEmployeeIds.set(member.employeeId, `row ${row.rowNumber} of this file`);
        planned.push({ row, member, certifications });
      }

      let created: typeof planned;
      try {
        await this.db.transaction(async (tx) => {
          for (const entry of planned) await this.insertImportedMember(tx, entry, certificationIds, now);
        });
        created = planned;
      } catch (error) {
        // Another request took an e-mail or employee ID since the check: the chunk is saved again
        // row by row, so only the rows that lost are refused.
        if (violatedConstraint(error) === undefined) throw error;
        created = [];
        for (const entry of planned) {
          const refusal = await this.insertAloneOrExplain(entry, certificationIds, now);
          if (refusal === null) created.push(entry);
          else errors.push({ row: entry.row.rowNumber, error: refusal });
        }
      }
      for (const { row, member } of created) {
        takenEmails.set(member.email, `row ${row.rowNumber} of this file`);
        takenEmployeeIds.set(member.employeeId, `row ${row.rowNumber} of this file`);
      }
      result.created += created.length;
      if (created.length > 0) announceMembersAdded(this.db);
      result.emailsQueued += created.length;
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

    await recordActivity(this.db, {
      memberId: actor.id,
      actorName: `${actor.firstName} ${actor.lastName}`,
      type: 'user',
      title: 'Users imported',
      description: `${actor.firstName} ${actor.lastName} imported ${fileName}: ${result.created} created, ${result.skipped} skipped`,
      details: { fileName, created: result.created, skipped: result.skipped, total: result.total },
      at: now,
    });
    audit(
      this.log,
      'member.imported',
      { ...auditActor(actor), created: result.created, skipped: result.skipped, total: result.total },
      `administrator imported members: ${result.created} created, ${result.skipped} skipped`,
    );
    return result;
  }

  private async insertImportedMember(
    executor: Executor,
    { member, certifications }: ImportedRow,
    certificationIds: ReadonlyMap<string, string>,
    now: Date,
  ): Promise<void> {
    const created = await insertMember(executor, { ...member, passwordHash: null, createdAt: now, updatedAt: now });
    await insertMemberCertifications(executor, created.id, certifications, certificationIds);
    await queuePasswordSetupEmail(executor, created, now, this.log, this.delivery.isEmailConfigured);
  }

  /** Saves one member in its own transaction; null when saved, else why it was refused. */
  private async insertAloneOrExplain(
    entry: ImportedRow,
    certificationIds: ReadonlyMap<string, string>,
    now: Date,
  ): Promise<string | null> {
    const { member } = entry;
    try {
      await this.db.transaction((tx) => this.insertImportedMember(tx, entry, certificationIds, now));
      return null;
    } catch (error) {
      const constraint = violatedConstraint(error);
      if (constraint === 'members_email_lower_unique') {
        return `Skipped: email ${member.email} already belongs to an existing user`;
      }
      if (constraint === 'members_employee_id_unique') {
        return `Skipped: employee ID ${member.employeeId} already belongs to an existing user`;
      }
      throw error;
    }
  }
}

/** "Import completed! N users created, M skipped. ...", honest about e-mail. */
export function describeImportResult(result: MemberImportResult, isEmailConfigured = false): string {
  const parts = [`Import completed! ${plural(result.created, 'user')} created, ${result.skipped} skipped.`];
  parts.push(`Emails sent: ${result.emailsSent}, failed: ${result.emailsFailed}.`);
  const queued = `${plural(result.emailsQueued, 'password-setup e-mail')} ${pluralWord(result.emailsQueued, 'is', 'are')} queued`;
  if (result.emailsQueued > 0 && isEmailConfigured) {
    parts.push(`${queued} and ${pluralWord(result.emailsQueued, 'goes', 'go')} out within a few minutes.`);
  } else if (result.emailsQueued > 0) {
    parts.push(`${queued} in the outbox; e-mail delivery is not configured yet.`);
  }
  return parts.join(' ');
}
