/**
 * The member import (spec section 3, User import columns). Every row is checked on its own and
 * saved in its own transaction, so a bad row never stops the good ones; a file that cannot be read
 * is refused before anything is written.
 */
import {
  emailSchema,
  LIMITS,
  MEMBER_IMPORT_REQUIRED_COLUMNS,
  MESSAGES,
  type MemberImportResult,
  PROFESSIONAL_POSITIONS,
  RANKS,
} from '@stationbid/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { violatedConstraint } from '../../db/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { readSpreadsheetRows, type SpreadsheetRow } from '../../lib/spreadsheet.ts';
import type { AuthenticatedMember } from '../../plugins/auth.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { queuePasswordSetupEmail } from '../users/member-emails.ts';
import { insertMember, listMemberIdentities } from '../users/users.repository.ts';

interface ImportedMember {
  firstName: string;
  lastName: string;
  email: string;
  employeeId: string;
  rank: string;
  position: string;
  yearsOfService: number;
}

/** Matches a cell to one of the allowed names whatever its case ("captain" is Captain). */
function matchName(value: string, allowed: readonly string[]): string | undefined {
  return allowed.find((name) => name.toLowerCase() === value.toLowerCase());
}

/** The member a row describes, or every problem with it. */
export function parseMemberRow(values: Record<string, string>): { member: ImportedMember } | { problems: string[] } {
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
  if (problems.length > 0 || !email.success || !rank || !position) return { problems };
  return { member: { firstName, lastName, email: email.data, employeeId, rank, position, yearsOfService } };
}

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

  async importMembers(actor: AuthenticatedMember, fileName: string, content: Buffer): Promise<MemberImportResult> {
    // Throws before any write when the file is not a readable spreadsheet with the columns.
    const rows = readSpreadsheetRows(fileName, content, MEMBER_IMPORT_REQUIRED_COLUMNS);
    const now = this.clock.now();
    const identities = await listMemberIdentities(this.db);
    const takenEmails = new Map<string, string>(
      identities.map((identity) => [identity.email.toLowerCase(), 'an existing user']),
    );
    const takenEmployeeIds = new Map<string, string>(
      identities.map((identity) => [identity.employeeId, 'an existing user']),
    );
    const result: MemberImportResult = {
      created: 0,
      skipped: 0,
      emailsSent: 0,
      emailsFailed: 0,
      emailsQueued: 0,
      total: rows.length,
      errors: [],
    };
    const skip = (row: SpreadsheetRow, error: string) => {
      result.skipped += 1;
      result.errors.push({ row: row.rowNumber, error });
    };

    for (const row of rows) {
      const parsed = parseMemberRow(row.values);
      if ('problems' in parsed) {
        skip(row, parsed.problems.join('; '));
        continue;
      }
      const { member } = parsed;
      const emailHolder = takenEmails.get(member.email);
      if (emailHolder) {
        skip(row, `Skipped: email ${member.email} already belongs to ${emailHolder}`);
        continue;
      }
      const employeeIdHolder = takenEmployeeIds.get(member.employeeId);
      if (employeeIdHolder) {
        skip(row, `Skipped: employee ID ${member.employeeId} already belongs to ${employeeIdHolder}`);
        continue;
      }
      try {
        await this.db.transaction(async (tx) => {
          const created = await insertMember(tx, { ...member, passwordHash: null, createdAt: now, updatedAt: now });
          await queuePasswordSetupEmail(tx, created, now, this.log, this.delivery.isEmailConfigured);
        });
      } catch (error) {
        // Another request took the e-mail or employee ID since the check above.
        const constraint = violatedConstraint(error);
        if (constraint === 'members_email_lower_unique') {
          skip(row, `Skipped: email ${member.email} already belongs to an existing user`);
          continue;
        }
        if (constraint === 'members_employee_id_unique') {
          skip(row, `Skipped: employee ID ${member.employeeId} already belongs to an existing user`);
          continue;
        }
        throw error;
      }
      takenEmails.set(member.email, `row ${row.rowNumber} of this file`);
      takenEmployeeIds.set(member.employeeId, `row ${row.rowNumber} of this file`);
      result.created += 1;
      result.emailsQueued += 1;
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
    return result;
  }
}

/** "Import completed! N users created, M skipped. ..." (spec section 8), honest about e-mail. */
export function describeImportResult(result: MemberImportResult, isEmailConfigured = false): string {
  const parts = [`Import completed! ${result.created} users created, ${result.skipped} skipped.`];
  parts.push(`Emails sent: ${result.emailsSent}, failed: ${result.emailsFailed}.`);
  if (result.emailsQueued > 0 && isEmailConfigured) {
    parts.push(`${result.emailsQueued} password-setup e-mails are queued and go out within a few minutes.`);
  } else if (result.emailsQueued > 0) {
    parts.push(
      `${result.emailsQueued} password-setup e-mails are queued in the outbox; e-mail delivery is not configured yet.`,
    );
  }
  return parts.join(' ');
}
