/**
 * Administrators' member management: create, edit, delete, reactivate, seat assignment and
 * password resets. Each change is one transaction with its activity entry (and its e-mail, which
 * waits in the outbox until delivery exists).
 */
import {
  type AdminSetPasswordRequest,
  type AssignStationRequest,
  type CreateMemberRequest,
  type CreateMemberResponse,
  getSeatPositionForRank,
  MEMBER_ADMIN_MESSAGES,
  MEMBER_LIST_MESSAGES,
  MEMBER_PAGE_LIMITS,
  NOTIFICATION_SETTINGS_MESSAGES,
  noFreeSeatMessage,
  phoneNumberToStore,
  type UpdateMemberRequest,
  type User,
  type UsersListQuery,
  type UsersListResponse,
} from '@stationbid/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, badRequest, conflict, forbidden } from '../../lib/app-error.ts';
import { audit, auditActor } from '../../lib/audit-log.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuthenticatedMember } from '../../plugins/auth.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { revokeAllRefreshTokensOfMember } from '../auth/auth.repository.ts';
import { announceMemberChanged, announceMembersAdded, findMemberCache } from '../auth/member-cache.ts';
import { hashPassword } from '../auth/passwords.ts';
import { readHeldCertifications, replaceMemberCertifications } from '../users/member-certifications.repository.ts';
import { queuePasswordChangedEmail, queuePasswordSetupEmail } from '../users/member-emails.ts';
import { loadBidPriorities, loadPresentedUser, presentUser } from '../users/user-presenter.ts';
import {
  deleteMember,
  expireUnusedPasswordTokens,
  findFreeSeat,
  findMemberById,
  findMembersByEmailOrEmployeeId,
  findStationById,
  insertMember,
  type MemberChanges,
  type MemberRow,
  updateMember,
} from '../users/users.repository.ts';
import { queueMemberChanged } from '../webhooks/webhook-events.ts';
import { decodeMemberCursor, encodeMemberCursor } from './member-cursor.ts';
import { countMatchingMembers, listMatchingMembers } from './member-list.repository.ts';

const fullName = (member: { firstName: string; lastName: string }) => `${member.firstName} ${member.lastName}`;
const userNotFound = () => new AppError('NOT_FOUND', MEMBER_ADMIN_MESSAGES.userNotFound);

export class AdminUsersService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly delivery: { isEmailConfigured: boolean } = { isEmailConfigured: false },
  ) {}

  /**
   * Members matching the search and filter in the chosen order: every one of them when the query
   * has no limit and no cursor (what the spec promises older clients), else one page and the
   * cursor of the next (docs/decisions/013).
   */
  async listUsers(query: UsersListQuery): Promise<UsersListResponse> {
    const now = this.clock.now();
    const isPaged = query.limit !== undefined || query.cursor !== undefined;
    const limit = isPaged ? (query.limit ?? MEMBER_PAGE_LIMITS.default) : undefined;
    const after = query.cursor === undefined ? undefined : decodeMemberCursor(query.cursor, query);
    // An unknown station would quietly list nobody; the administrator is told instead.
    if (query.stationId !== undefined && !(await findStationById(this.db, query.stationId))) {
      throw badRequest(MEMBER_LIST_MESSAGES.stationUnknown);
    }
    const criteria = {
      filter: query.filter,
      search: query.search,
      rank: query.rank,
      stationId: query.stationId,
      shift: query.shift,
    };
    const [matching, total, priorities] = await Promise.all([
      // One more than the page, to know whether another page follows without a second query.
      listMatchingMembers(this.db, {
        ...criteria,
        sortBy: query.sortBy,
        sortDirection: query.sortDirection,
        after,
        limit: limit === undefined ? undefined : limit + 1,
      }),
      countMatchingMembers(this.db, criteria),
      // The app's kept priorities, when it keeps them: a page should not read the whole department.
      findMemberCache(this.db)?.getBidPriorities() ?? loadBidPriorities(this.db),
    ]);
    const page = limit === undefined ? matching : matching.slice(0, limit);
    const last = page.at(-1);
    const hasMore = limit !== undefined && matching.length > limit;
    const held = await readHeldCertifications(
      this.db,
      page.map(({ row }) => row.member.id),
    );
    return {
      users: page.map(({ row }) =>
        presentUser(row, priorities.get(row.member.id) ?? null, now, held.get(row.member.id)),
      ),
      total,
      nextCursor:
        hasMore && last
          ? encodeMemberCursor({ sortBy: query.sortBy, sortDirection: query.sortDirection, key: last.sortKey })
          : null,
    };
  }

  async getUser(memberId: string): Promise<User> {
    const user = await loadPresentedUser(this.db, memberId, this.clock.now());
    if (!user) throw userNotFound();
    return user;
  }

  async createUser(actor: AuthenticatedMember, request: CreateMemberRequest): Promise<CreateMemberResponse> {
    const now = this.clock.now();
    await this.refuseTakenIdentity({ email: request.email, employeeId: request.employeeId });
    const passwordHash = request.password ? await hashPassword(request.password) : null;
    const isSetupEmailQueued = !request.password && request.sendPasswordEmail;
    // The one phone number, the one texts go to: kept in E.164 as the profile keeps it.
    const phone = phoneNumberToStore(request.phone ?? request.phoneNumber ?? null, null);
    if (phone === undefined) throw badRequest(NOTIFICATION_SETTINGS_MESSAGES.phoneInvalid);
    let created: MemberRow;
    try {
      created = await this.db.transaction(async (tx) => {
        const member = await insertMember(tx, {
          email: request.email,
          passwordHash,
          firstName: request.firstName,
          lastName: request.lastName,
          employeeId: request.employeeId,
          rank: request.rank,
          position: request.position,
          yearsOfService: request.yearsOfService,
          phone,
          address: request.address ?? null,
          isAdmin: request.isAdmin,
          isActive: request.isActive,
          emergencyContactName: request.emergencyContact?.name || null,
          emergencyContactPhone: request.emergencyContact?.phone || null,
          emergencyContactRelationship: request.emergencyContact?.relationship || null,
          hireDate: request.hireDate ?? null,
          rankDate: request.rankDate ?? null,
          listNumber: request.listNumber ?? null,
          createdAt: now,
          updatedAt: now,
        });
        if (request.certifications) await replaceMemberCertifications(tx, member.id, request.certifications);
        if (isSetupEmailQueued)
          await queuePasswordSetupEmail(tx, member, now, this.log, this.delivery.isEmailConfigured);
        await recordActivity(tx, {
          memberId: actor.id,
          actorName: fullName(actor),
          type: 'user',
          title: 'User created',
          description: `${fullName(actor)} created ${fullName(member)} (${member.employeeId})`,
          details: { userId: member.id },
          at: now,
        });
        await queueMemberChanged(tx, { id: member.id, employeeId: member.employeeId, change: 'created' }, now);
        return member;
      });
    } catch (error) {
      // Someone else took the e-mail or employee ID between the check and the insert.
      if (isUniqueViolation(error))
        await this.refuseTakenIdentity({ email: request.email, employeeId: request.employeeId });
      throw error;
    }
    announceMembersAdded(this.db);
    audit(
      this.log,
      'member.created',
      {
        ...auditActor(actor),
        memberId: created.id,
        role: created.isAdmin ? 'admin' : 'member',
        status: created.isActive ? 'active' : 'inactive',
      },
      `administrator created a member${created.isAdmin ? ' with administrator rights' : ''}`,
    );
    const user = await this.getUser(created.id);
    if (request.password) {
      return {
        user,
        message: MEMBER_ADMIN_MESSAGES.userCreatedWithPassword,
        emailSent: false,
        emailError: null,
        passwordSetupRequired: false,
        emailQueued: false,
      };
    }
    const { isEmailConfigured } = this.delivery;
    return {
      user,
      message: !isSetupEmailQueued
        ? MEMBER_ADMIN_MESSAGES.userCreatedNoEmail
        : isEmailConfigured
          ? MEMBER_ADMIN_MESSAGES.userCreatedSetupEmailQueued
          : MEMBER_ADMIN_MESSAGES.userCreatedSetupQueued,
      // Honest: the outbox worker sends it after this answer, and only when e-mail is configured.
      emailSent: false,
      emailError: isSetupEmailQueued && !isEmailConfigured ? MEMBER_ADMIN_MESSAGES.emailNotConfigured : null,
      passwordSetupRequired: true,
      emailQueued: isSetupEmailQueued,
    };
  }

  async updateUser(actor: AuthenticatedMember, memberId: string, request: UpdateMemberRequest): Promise<User> {
    const now = this.clock.now();
    const stored = await findMemberById(this.db, memberId);
    if (!stored) throw userNotFound();
    if (actor.id === memberId && request.isAdmin === false) throw forbidden(MEMBER_ADMIN_MESSAGES.cannotRemoveOwnAdmin);
    if (actor.id === memberId && request.isActive === false)
      throw forbidden(MEMBER_ADMIN_MESSAGES.cannotDeactivateSelf);

    const changes: MemberChanges = { updatedAt: now };
    const assign = <K extends keyof MemberChanges>(field: K, value: MemberChanges[K] | undefined) => {
      if (value !== undefined) changes[field] = value;
    };
    assign('firstName', request.firstName);
    assign('lastName', request.lastName);
    assign('email', request.email);
    assign('employeeId', request.employeeId);
    assign('rank', request.rank);
    assign('position', request.position);
    assign('yearsOfService', request.yearsOfService ?? request.years);
    assign('manualSeniorityScore', request.manualSeniorityScore);
    // As the profile does: a new number must be one a text can reach (stored in E.164), a number
    // stored before numbers were checked and sent back unchanged is kept, and removing it turns SMS off.
    const sentPhone = request.phone !== undefined ? request.phone : request.phoneNumber;
    if (sentPhone !== undefined) {
      const phone = phoneNumberToStore(sentPhone, stored.phone);
      if (phone === undefined) throw badRequest(NOTIFICATION_SETTINGS_MESSAGES.phoneInvalid);
      changes.phone = phone;
      if (phone === null && stored.smsNotifications) changes.smsNotifications = false;
    }
    assign('address', request.address);
    assign('isAdmin', request.isAdmin);
    assign('isActive', request.isActive);
    assign('hireDate', request.hireDate);
    assign('rankDate', request.rankDate);
    assign('listNumber', request.listNumber);
    if (request.emergencyContact) {
      assign(
        'emergencyContactName',
        request.emergencyContact.name === undefined ? undefined : request.emergencyContact.name || null,
      );
      assign(
        'emergencyContactPhone',
        request.emergencyContact.phone === undefined ? undefined : request.emergencyContact.phone || null,
      );
      assign(
        'emergencyContactRelationship',
        request.emergencyContact.relationship === undefined ? undefined : request.emergencyContact.relationship || null,
      );
    }
    const changedFields = Object.keys(changes).filter(
      (field) => field !== 'updatedAt' && changes[field as keyof MemberChanges] !== stored[field as keyof MemberRow],
    );
    if (request.certifications) changedFields.push('certifications');
    await this.refuseTakenIdentity(
      {
        email: changes.email !== stored.email ? changes.email : undefined,
        employeeId: changes.employeeId !== stored.employeeId ? changes.employeeId : undefined,
      },
      memberId,
    );
    try {
      await this.db.transaction(async (tx) => {
        await updateMember(tx, memberId, changes);
        if (request.certifications) await replaceMemberCertifications(tx, memberId, request.certifications);
        await recordActivity(tx, {
          memberId: actor.id,
          actorName: fullName(actor),
          type: 'user',
          title: 'User updated',
          description: `${fullName(actor)} updated ${fullName(stored)}${changedFields.length > 0 ? `: ${changedFields.join(', ')}` : ''}`,
          details: { userId: memberId, fields: changedFields },
          at: now,
        });
        const change =
          changes.isActive === undefined || changes.isActive === stored.isActive
            ? 'updated'
            : changes.isActive
              ? 'activated'
              : 'deactivated';
        const employeeId = changes.employeeId ?? stored.employeeId;
        await queueMemberChanged(tx, { id: memberId, employeeId, change, fields: changedFields }, now);
      });
    } catch (error) {
      if (isUniqueViolation(error))
        await this.refuseTakenIdentity({ email: changes.email, employeeId: changes.employeeId }, memberId);
      throw error;
    }
    announceMemberChanged(this.db, memberId);
    this.auditUpdate(actor, stored, changes, changedFields);
    return this.getUser(memberId);
  }

  /** The update's line naming its fields, and a line of its own for a change of access (active, role). */
  private auditUpdate(actor: AuthenticatedMember, stored: MemberRow, changes: MemberChanges, fields: string[]) {
    const subject = { ...auditActor(actor), memberId: stored.id };
    audit(
      this.log,
      'member.updated',
      { ...subject, fields },
      `administrator changed a member: ${fields.join(', ') || 'nothing'}`,
    );
    if (changes.isActive !== undefined && changes.isActive !== stored.isActive) {
      audit(
        this.log,
        changes.isActive ? 'member.activated' : 'member.deactivated',
        subject,
        changes.isActive ? 'administrator activated a member' : 'administrator deactivated a member',
      );
    }
    if (changes.isAdmin !== undefined && changes.isAdmin !== stored.isAdmin) {
      audit(
        this.log,
        'member.role_changed',
        { ...subject, role: changes.isAdmin ? 'admin' : 'member' },
        changes.isAdmin
          ? 'administrator gave a member administrator rights'
          : "administrator took a member's administrator rights",
      );
    }
  }

  async deleteUser(actor: AuthenticatedMember, memberId: string): Promise<void> {
    if (actor.id === memberId) throw forbidden(MEMBER_ADMIN_MESSAGES.cannotDeleteSelf);
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const stored = await findMemberById(tx, memberId);
      if (!stored || !(await deleteMember(tx, memberId))) throw userNotFound();
      await recordActivity(tx, {
        memberId: actor.id,
        actorName: fullName(actor),
        type: 'user',
        title: 'User deleted',
        description: `${fullName(actor)} deleted ${fullName(stored)} (${stored.employeeId})`,
        details: { userId: memberId, employeeId: stored.employeeId },
        at: now,
      });
      await queueMemberChanged(tx, { id: memberId, employeeId: stored.employeeId, change: 'deleted' }, now);
    });
    announceMemberChanged(this.db, memberId);
    audit(this.log, 'member.deleted', { ...auditActor(actor), memberId }, 'administrator deleted a member');
  }

  async reactivateUser(actor: AuthenticatedMember, memberId: string): Promise<User> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const updated = await updateMember(tx, memberId, { isActive: true, updatedAt: now });
      if (!updated) throw userNotFound();
      await recordActivity(tx, {
        memberId: actor.id,
        actorName: fullName(actor),
        type: 'user',
        title: 'User reactivated',
        description: `${fullName(actor)} reactivated ${fullName(updated)}`,
        details: { userId: memberId },
        at: now,
      });
      await queueMemberChanged(tx, { id: memberId, employeeId: updated.employeeId, change: 'activated' }, now);
    });
    announceMemberChanged(this.db, memberId);
    audit(this.log, 'member.activated', { ...auditActor(actor), memberId }, 'administrator reactivated a member');
    return this.getUser(memberId);
  }

  /**
   * Puts the member in a free seat of the station's shift (or releases their seat). The unique
   * index on members.current_seat_id decides a race for the last seat: the loser gets a 409.
   */
  async assignStation(actor: AuthenticatedMember, memberId: string, request: AssignStationRequest): Promise<User> {
    const now = this.clock.now();
    try {
      await this.db.transaction(async (tx) => {
        const stored = await findMemberById(tx, memberId);
        if (!stored) throw userNotFound();
        if (request.stationId === null) {
          await updateMember(tx, memberId, { currentSeatId: null, updatedAt: now });
          await this.recordAssignment(
            tx,
            actor,
            stored,
            `${fullName(actor)} removed ${fullName(stored)}'s station assignment`,
            now,
          );
          return;
        }
        const station = await findStationById(tx, request.stationId);
        if (!station) throw new AppError('NOT_FOUND', MEMBER_ADMIN_MESSAGES.stationNotFound);
        if (!station.isActive) throw badRequest(MEMBER_ADMIN_MESSAGES.stationInactive);
        const shift = request.shift as string;
        const seatPosition = request.seatPosition ?? getSeatPositionForRank(stored.rank);
        const seat = await findFreeSeat(tx, { stationId: station.id, shift, seatPosition, memberId });
        if (!seat) throw conflict(noFreeSeatMessage(seatPosition, shift, station.number, station.name));
        await updateMember(tx, memberId, { currentSeatId: seat.id, updatedAt: now });
        await this.recordAssignment(
          tx,
          actor,
          stored,
          `${fullName(actor)} assigned ${fullName(stored)} to Station ${station.number} (${station.name}), shift ${shift}, ${seatPosition}`,
          now,
        );
      });
    } catch (error) {
      if (isUniqueViolation(error, 'members_current_seat_unique')) throw conflict(MEMBER_ADMIN_MESSAGES.seatTaken);
      throw error;
    }
    audit(
      this.log,
      'member.station_assigned',
      { ...auditActor(actor), memberId, stationId: request.stationId },
      request.stationId === null ? "administrator released a member's seat" : 'administrator assigned a member a seat',
    );
    return this.getUser(memberId);
  }

  async setPassword(actor: AuthenticatedMember, memberId: string, request: AdminSetPasswordRequest): Promise<string> {
    const now = this.clock.now();
    const passwordHash = await hashPassword(request.newPassword);
    await this.db.transaction(async (tx) => {
      const updated = await updateMember(tx, memberId, { passwordHash, updatedAt: now });
      if (!updated) throw userNotFound();
      // Whoever knew the old password is signed out, and an unused setup link no longer works.
      await revokeAllRefreshTokensOfMember(tx, memberId, now);
      await expireUnusedPasswordTokens(tx, memberId, 'setup', now);
      await expireUnusedPasswordTokens(tx, memberId, 'reset', now);
      if (request.sendEmail) await queuePasswordChangedEmail(tx, updated, now, this.log);
      await recordActivity(tx, {
        memberId: actor.id,
        actorName: fullName(actor),
        type: 'user',
        title: 'Password reset by administrator',
        description: `${fullName(actor)} set a new password for ${fullName(updated)}`,
        details: { userId: memberId, emailQueued: request.sendEmail },
        at: now,
      });
    });
    announceMemberChanged(this.db, memberId);
    audit(this.log, 'member.password_set', { ...auditActor(actor), memberId }, "administrator set a member's password");
    if (!request.sendEmail) return MEMBER_ADMIN_MESSAGES.passwordUpdated;
    return this.delivery.isEmailConfigured
      ? MEMBER_ADMIN_MESSAGES.passwordUpdatedNoticeQueued
      : MEMBER_ADMIN_MESSAGES.passwordUpdatedEmailQueued;
  }

  private async recordAssignment(
    executor: Executor,
    actor: AuthenticatedMember,
    member: MemberRow,
    description: string,
    now: Date,
  ) {
    await recordActivity(executor, {
      memberId: actor.id,
      actorName: fullName(actor),
      type: 'user',
      title: 'Station assignment changed',
      description,
      details: { userId: member.id },
      at: now,
    });
  }

  /**
   * Refuses an e-mail or employee ID that another member holds. A deactivated holder is offered
   * for reactivation (conflictType "inactive_user" with existingUser), as the create dialog expects.
   */
  private async refuseTakenIdentity(
    identity: { email?: string | undefined; employeeId?: string | undefined },
    exceptId?: string,
  ): Promise<void> {
    const holders = await findMembersByEmailOrEmployeeId(this.db, identity, exceptId);
    const emailHolder = identity.email
      ? holders.find((holder) => holder.email === identity.email?.toLowerCase())
      : undefined;
    const employeeIdHolder = identity.employeeId
      ? holders.find((holder) => holder.employeeId === identity.employeeId)
      : undefined;
    const holder = emailHolder ?? employeeIdHolder;
    if (!holder) return;
    const isEmail = holder === emailHolder;
    if (holder.isActive) {
      throw conflict(isEmail ? MEMBER_ADMIN_MESSAGES.emailTaken : MEMBER_ADMIN_MESSAGES.employeeIdTaken, {
        conflictField: isEmail ? 'email' : 'employeeId',
      });
    }
    throw conflict(
      isEmail ? MEMBER_ADMIN_MESSAGES.emailTakenByInactive : MEMBER_ADMIN_MESSAGES.employeeIdTakenByInactive,
      {
        conflictType: 'inactive_user',
        conflictField: isEmail ? 'email' : 'employeeId',
        existingUser: await this.getUser(holder.id),
      },
    );
  }
}
