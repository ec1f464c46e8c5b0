/**
 * A member's own account: profile, password and seniority. Rank, position, years of service and
 * employee ID decide bid priority, so only an administrator may change them; the refusal is made
 * here, on the server, whatever the client shows.
 */
import {
  buildSeniorityReport,
  type ChangePasswordRequest,
  explainSeniorityPlace,
  NOTIFICATION_SETTINGS_MESSAGES,
  PROFILE_MESSAGES,
  type ProfessionalPosition,
  phoneNumberToStore,
  type Rank,
  ruleUsesLottery,
  type SeniorityInfo,
  toSeniorityCandidate,
  type UpdateProfileRequest,
  type User,
  updateMemberRequestSchema,
} from '@stationbid/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { violatedConstraint } from '../../db/errors.ts';
import { AppError, badRequest, conflict, forbidden } from '../../lib/app-error.ts';
import { audit, auditActor } from '../../lib/audit-log.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuthenticatedMember } from '../../plugins/auth.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { expireAllUnusedPasswordTokens, revokeOtherRefreshFamilies } from '../auth/auth.repository.ts';
import { checkCurrentPassword } from '../auth/current-password.ts';
import { announceMemberChanged } from '../auth/member-cache.ts';
import { hashPassword } from '../auth/passwords.ts';
import { loadDepartmentPlaces } from './department-places.ts';
import { queueEmailChangedEmail, queuePasswordChangedByMemberEmail } from './member-emails.ts';
import { loadPresentedUser } from './user-presenter.ts';
import {
  findMemberById,
  findMembersByEmailOrEmployeeId,
  type MemberChanges,
  type MemberRow,
  updateMember,
} from './users.repository.ts';

/** Values that decide priority or authority, normalised so "12" equals 12 and 0 equals no override. */
function normaliseProtected(field: string, value: unknown): unknown {
  if (value === undefined) return undefined;
  switch (field) {
    case 'yearsOfService':
      return value === null || value === '' ? null : Number(value);
    case 'manualSeniorityScore':
      return value === null || value === '' || Number(value) === 0 ? null : Number(value);
    case 'employeeId':
    case 'rank':
    case 'position':
      return typeof value === 'string' ? value.trim() : value;
    default:
      return value;
  }
}

const PRIORITY_FIELDS = ['rank', 'position', 'yearsOfService', 'employeeId', 'manualSeniorityScore'] as const;
const AUTHORITY_FIELDS = ['isAdmin', 'isActive'] as const;

export class UsersService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  async getProfile(memberId: string): Promise<User> {
    const user = await loadPresentedUser(this.db, memberId, this.clock.now());
    if (!user) throw new AppError('NOT_FOUND', 'User not found');
    return user;
  }

  async updateProfile(actor: AuthenticatedMember, request: UpdateProfileRequest): Promise<User> {
    const now = this.clock.now();
    const stored = await findMemberById(this.db, actor.id);
    if (!stored) throw new AppError('NOT_FOUND', 'User not found');

    const changedPriorityFields = PRIORITY_FIELDS.filter((field) => {
      const sent = normaliseProtected(field, request[field]);
      return sent !== undefined && sent !== normaliseProtected(field, stored[field]);
    });
    const changedAuthorityFields = AUTHORITY_FIELDS.filter(
      (field) => request[field] !== undefined && request[field] !== stored[field],
    );
    // Nobody grants or removes their own authority from the profile, administrators included.
    if (changedAuthorityFields.length > 0) throw forbidden(PROFILE_MESSAGES.ownAdminOrActiveFlag);
    if (changedPriorityFields.length > 0 && !actor.isAdmin) throw forbidden(PROFILE_MESSAGES.protectedFieldsAdminOnly);

    const changes: MemberChanges = { updatedAt: now };
    if (request.firstName !== undefined) changes.firstName = request.firstName;
    if (request.lastName !== undefined) changes.lastName = request.lastName;
    if (request.email !== undefined) changes.email = request.email;
    // One phone number: the profile's is the one text messages go to, so it is kept in E.164, and
    // removing it turns SMS off (as PUT /notifications/phone does).
    const sentPhone = request.phone !== undefined ? request.phone : request.phoneNumber;
    if (sentPhone !== undefined) {
      const phone = phoneNumberToStore(sentPhone, stored.phone);
      if (phone === undefined) throw badRequest(NOTIFICATION_SETTINGS_MESSAGES.phoneInvalid);
      changes.phone = phone;
      if (phone === null) changes.smsNotifications = false;
    }
    if (request.address !== undefined) changes.address = request.address;
    if (request.emergencyContact) {
      const contact = request.emergencyContact;
      if (contact.name !== undefined) changes.emergencyContactName = contact.name || null;
      if (contact.phone !== undefined) changes.emergencyContactPhone = contact.phone || null;
      if (contact.relationship !== undefined) changes.emergencyContactRelationship = contact.relationship || null;
    }
    // An administrator editing their own record may change what only administrators may change.
    if (actor.isAdmin && changedPriorityFields.length > 0) Object.assign(changes, parseAdminOwnFields(request));

    const isEmailChanged = changes.email !== undefined && changes.email !== stored.email;
    if (isEmailChanged) {
      // With the e-mail goes the password reset link: a stolen session must not be able to take
      // the account that way, so the change needs the password (issue 13, finding 4).
      await this.refuseUnlessCurrentPassword(stored, request.currentPassword);
      const [holder] = await findMembersByEmailOrEmployeeId(this.db, { email: changes.email }, stored.id);
      if (holder) throw conflict(PROFILE_MESSAGES.emailTaken);
    }
    try {
      await this.db.transaction(async (tx) => {
        await updateMember(tx, stored.id, changes);
        if (isEmailChanged && changes.email) await queueEmailChangedEmail(tx, stored, changes.email, now);
        await recordActivity(tx, {
          memberId: stored.id,
          actorName: `${changes.firstName ?? stored.firstName} ${changes.lastName ?? stored.lastName}`,
          type: 'profile',
          title: 'Profile updated',
          description: describeChangedFields(stored, changes),
          at: now,
        });
      });
    } catch (error) {
      const constraint = violatedConstraint(error);
      if (constraint === 'members_email_lower_unique') throw conflict(PROFILE_MESSAGES.emailTaken);
      if (constraint === 'members_employee_id_unique') throw conflict('A user with this employee ID already exists.');
      throw error;
    }
    announceMemberChanged(this.db, stored.id);
    audit(
      this.log,
      'member.updated',
      { ...auditActor(actor), memberId: stored.id, fields: listChangedFields(stored, changes) },
      'member changed their own profile',
    );
    return this.getProfile(stored.id);
  }

  async changePassword(actor: AuthenticatedMember, request: ChangePasswordRequest): Promise<void> {
    const now = this.clock.now();
    const stored = await findMemberById(this.db, actor.id);
    if (!stored) throw new AppError('CURRENT_PASSWORD_INCORRECT', PROFILE_MESSAGES.currentPasswordIncorrect);
    await this.refuseUnlessCurrentPassword(stored, request.currentPassword);
    const passwordHash = await hashPassword(request.newPassword);
    await this.db.transaction(async (tx) => {
      await updateMember(tx, stored.id, { passwordHash, updatedAt: now });
      // Anyone who knew the old password is signed out; this device stays signed in.
      await revokeOtherRefreshFamilies(tx, stored.id, actor.familyId, now);
      // Pending reset and setup links die with the old password, as after an administrator's change:
      // a link someone else asked for must not undo the member's own change.
      await expireAllUnusedPasswordTokens(tx, stored.id, now);
      await queuePasswordChangedByMemberEmail(tx, stored, now);
      await recordActivity(tx, {
        memberId: stored.id,
        actorName: `${stored.firstName} ${stored.lastName}`,
        type: 'profile',
        title: 'Password changed',
        description: `${stored.firstName} ${stored.lastName} changed their password`,
        at: now,
      });
    });
    // Ends the other sign-ins' access tokens and live streams in every server process.
    announceMemberChanged(this.db, stored.id);
    audit(
      this.log,
      'auth.password_changed',
      { ...auditActor(actor), memberId: stored.id },
      'member changed their password',
    );
  }

  /**
   * 400 without the current password, 400 CURRENT_PASSWORD_INCORRECT with a wrong one, and 429
   * TOO_MANY_ATTEMPTS after a few wrong ones (per member, counted before the check, so a stolen session cannot guess it).
   */
  private async refuseUnlessCurrentPassword(stored: MemberRow, currentPassword: string | undefined): Promise<void> {
    if (!currentPassword) throw badRequest(PROFILE_MESSAGES.currentPasswordRequiredForEmail);
    const isCurrentRight = await checkCurrentPassword(this.db, stored, currentPassword, this.clock.now());
    if (!isCurrentRight) throw new AppError('CURRENT_PASSWORD_INCORRECT', PROFILE_MESSAGES.currentPasswordIncorrect);
  }

  /**
   * Reads every active member on purpose: the page shows the member's place among all of them, the
   * same department place their dashboard and the member lists show (department-places.ts).
   */
  async getSeniority(memberId: string): Promise<SeniorityInfo> {
    const stored = await findMemberById(this.db, memberId);
    if (!stored) throw new AppError('NOT_FOUND', 'User not found');
    const { rule, members, places } = await loadDepartmentPlaces(this.db);
    const place = places.get(stored.id) ?? null;
    const report = buildSeniorityReport({
      yearsOfService: stored.yearsOfService,
      rank: stored.rank as Rank,
      position: stored.position as ProfessionalPosition,
      manualSeniorityScore: stored.manualSeniorityScore,
      queuePosition: place,
      totalActiveMembers: places.size,
    });
    if (!rule) return report;
    // The department's rule: the key that puts the member ahead of the next one.
    const ahead = members.find((member) => member.id === stored.id);
    const next = place === null ? undefined : members.find((member) => places.get(member.id) === place + 1);
    if (!ahead || !next) return { ...report, aheadOfNextBecause: null };
    const explanation = explainSeniorityPlace(toSeniorityCandidate(ahead), toSeniorityCandidate(next), rule, null);
    // No lot is drawn outside a session: members tied on every other key wait for a session's draw.
    const because =
      explanation.key === 'fallback' && ruleUsesLottery(rule)
        ? 'tied: a lot drawn when a session starts decides'
        : explanation.text;
    return { ...report, aheadOfNextBecause: because };
  }
}

/** The fields that decide bid priority, with the rules the administrator's member form applies. */
const adminOwnFieldsSchema = updateMemberRequestSchema.pick({
  rank: true,
  position: true,
  yearsOfService: true,
  employeeId: true,
  manualSeniorityScore: true,
});

function parseAdminOwnFields(request: UpdateProfileRequest): MemberChanges {
  const parsed = adminOwnFieldsSchema.safeParse({
    rank: request.rank ?? undefined,
    position: request.position ?? undefined,
    yearsOfService: request.yearsOfService ?? undefined,
    employeeId: request.employeeId ?? undefined,
    manualSeniorityScore: request.manualSeniorityScore === undefined ? undefined : request.manualSeniorityScore,
  });
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid value');
  const changes: MemberChanges = {};
  for (const [field, value] of Object.entries(parsed.data)) {
    if (value !== undefined) Object.assign(changes, { [field]: value });
  }
  return changes;
}

function describeChangedFields(stored: MemberRow, changes: MemberChanges): string {
  const changed = Object.keys(changes).filter(
    (field) => field !== 'updatedAt' && changes[field as keyof MemberChanges] !== stored[field as keyof MemberRow],
  );
  return changed.length > 0 ? `Changed: ${changed.join(', ')}` : 'No changes';
}

/** The names of the fields a change sets to a new value (never the values: the audit line's `fields`). */
export function listChangedFields(stored: MemberRow, changes: MemberChanges): string[] {
  return Object.keys(changes).filter(
    (field) => field !== 'updatedAt' && changes[field as keyof MemberChanges] !== stored[field as keyof MemberRow],
  );
}
