/**
 * Sign-in, token refresh and sign-out. Refresh tokens rotate on every use; a token presented a
 * second time means it was stolen or replayed, so its whole sign-in family is revoked, unless it
 * comes within a few seconds of its rotation (a race of the same client), which gets the same pair.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type AuthResponse,
  type ForgotPasswordRequest,
  LIMITS,
  type LoginRequest,
  MEMBER_ADMIN_MESSAGES,
  MESSAGES,
  PASSWORD_RESET_LIFETIME_MINUTES,
  PASSWORD_RESET_MESSAGES,
  type RefreshResponse,
  type RegisterRequest,
  type RegisterResponse,
  tooManyAttemptsMessage,
  UNLOCK_MESSAGES,
} from '@stationbid/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { violatedConstraint } from '../../db/errors.ts';
import { AppError, conflict } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { queuePasswordResetEmail } from '../users/member-emails.ts';
import { loadPresentedUser } from '../users/user-presenter.ts';
import { findMemberByEmail, findMemberById, insertMember, updateMember } from '../users/users.repository.ts';
import {
  clearThrottle,
  clearThrottlesStartingWith,
  expireAllUnusedPasswordTokens,
  findPasswordTokenByHash,
  findRefreshTokenByHash,
  findThrottles,
  insertRefreshToken,
  isFamilyOnlyOf,
  isSelfRegistered,
  markPasswordTokenUsed,
  markRefreshTokenUsed,
  recordBackoffFailure,
  recordSignIn,
  recordThrottleFailure,
  revokeAllRefreshTokensOfMember,
  revokeRefreshTokenFamily,
  SELF_REGISTRATION_DETAIL,
} from './auth.repository.ts';
import { announceMemberChanged, announceMembersAdded, announceSignInRevoked } from './member-cache.ts';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './passwords.ts';
import { type AccessTokens, createOpaqueToken, hashOpaqueToken } from './tokens.ts';

/**
 * Failed sign-ins back off exponentially (issue 13, finding 5), per account and address together:
 * someone else's failures, from another address, never block the member's right password, so
 * nobody can lock a member out by guessing. One address guessing at one account gets 4 free
 * failures, then waits 30 s, 1, 2, 4 ... up to 15 minutes after each further failure. One address
 * guessing across accounts (password spraying) backs off the same way after 20 failures, high
 * enough for a whole station signing in from one address, where only failures count.
 */
export const LOGIN_BACKOFF = {
  accountAndAddress: { freeFailures: 4, baseDelayMs: 30_000, maxDelayMs: 15 * 60_000, resetAfterMs: 60 * 60_000 },
  address: { freeFailures: 20, baseDelayMs: 30_000, maxDelayMs: 15 * 60_000, resetAfterMs: 60 * 60_000 },
} as const;

/** The throttle key of one account signing in from one address; an unlock clears every address's. */
const loginKeyPrefix = (email: string) => `login:${email.toLowerCase()}|`;
const loginKey = (email: string, clientAddress: string) => `${loginKeyPrefix(email)}${clientAddress}`;
const loginAddressKey = (clientAddress: string) => `login-address:${clientAddress}`;

/**
 * Password reset requests. Per address a refusal (429) that says nothing about the e-mail asked
 * for; per account, requests past the limit get the usual answer but no further e-mail, so the
 * answer never tells whether an address has an account and no inbox is flooded.
 */
export const PASSWORD_RESET_THROTTLE = {
  address: { limit: 10, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
  account: { limit: 3, windowMs: 60 * 60_000, lockMs: 60 * 60_000 },
} as const;

/**
 * Forgotten-password answers take at least this long (wall-clock time, not the app's clock), so
 * an address with an account, which costs a transaction, is not told apart by the delay.
 */
export const FORGOT_PASSWORD_MIN_ANSWER_MS = 300;

const PASSWORD_RESET_LIFETIME_MS = PASSWORD_RESET_LIFETIME_MINUTES * 60_000;

/** What a self-registered member has until an administrator sets their real values. */
const NEUTRAL_SENIORITY = { rank: 'Firefighter', position: 'Firefighter', yearsOfService: 0 } as const;

const REFRESH_LIFETIME_MS = LIMITS.refreshTokenLifetimeDays * 24 * 60 * 60 * 1000;

/**
 * A refresh token presented again this soon after it was rotated is a race of the same client
 * (React StrictMode, two parallel calls after a 401), not a replay: it gets the same successor
 * pair. Later, a reused token still revokes its whole sign-in.
 */
export const REFRESH_REUSE_GRACE_MS = 5_000;

export class AuthService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly accessTokens: AccessTokens,
    private readonly log?: FastifyBaseLogger,
  ) {}

  async login(credentials: LoginRequest, clientAddress: string): Promise<AuthResponse> {
    const now = this.clock.now();
    const accountKey = loginKey(credentials.email, clientAddress);
    const addressKey = loginAddressKey(clientAddress);
    await this.refuseWhileThrottled([accountKey, addressKey], now);

    const member = await findMemberByEmail(this.db, credentials.email);
    const isPasswordRight = member?.passwordHash
      ? await verifyPassword(member.passwordHash, credentials.password)
      : await verifyAgainstDecoy(credentials.password);
    if (!member || !isPasswordRight) {
      await recordBackoffFailure(this.db, accountKey, now, LOGIN_BACKOFF.accountAndAddress);
      await recordBackoffFailure(this.db, addressKey, now, LOGIN_BACKOFF.address);
      throw new AppError('INVALID_CREDENTIALS', MESSAGES.invalidCredentials);
    }
    if (!member.isActive) {
      // A registration still waiting for approval is told so; the password was right, so this tells nothing new.
      const isAwaitingApproval = member.lastLoginAt === null && (await isSelfRegistered(this.db, member.id));
      throw new AppError(
        'ACCOUNT_DEACTIVATED',
        isAwaitingApproval ? MESSAGES.registrationPending : MESSAGES.accountDeactivated,
      );
    }

    await clearThrottle(this.db, accountKey);
    const familyId = randomUUID();
    const refreshToken = createOpaqueToken();
    await this.db.transaction(async (tx) => {
      await insertRefreshToken(tx, {
        memberId: member.id,
        familyId,
        tokenHash: hashOpaqueToken(refreshToken),
        expiresAt: new Date(now.getTime() + REFRESH_LIFETIME_MS),
        createdAt: now,
      });
      await recordSignIn(tx, member.id, now);
      await recordActivity(tx, {
        memberId: member.id,
        actorName: `${member.firstName} ${member.lastName}`,
        type: 'login',
        title: 'Signed in',
        description: `${member.firstName} ${member.lastName} signed in`,
        at: now,
      });
    });
    const token = await this.accessTokens.sign({ memberId: member.id, familyId }, now);
    return { user: await this.getUser(member.id), token, refreshToken };
  }

  /**
   * Self-registration (only when the department allows it): a new, non-admin member who waits for
   * an administrator's approval (issue 13, finding 7). Inactive, so they cannot sign in, bid or be
   * added to a session, with neutral seniority until an administrator sets their rank, position
   * and years of service and activates them (Edit, then Reactivate, on the member list).
   */
  async register(request: RegisterRequest): Promise<RegisterResponse> {
    const passwordHash = await hashPassword(request.password);
    const now = this.clock.now();
    let memberId: string;
    try {
      memberId = await this.db.transaction(async (tx) => {
        const created = await insertMember(tx, {
          email: request.email,
          passwordHash,
          firstName: request.firstName,
          lastName: request.lastName,
          employeeId: request.employeeId,
          rank: NEUTRAL_SENIORITY.rank,
          position: NEUTRAL_SENIORITY.position,
          yearsOfService: NEUTRAL_SENIORITY.yearsOfService,
          isActive: false,
        });
        // Marks the account as waiting for approval, for the sign-in's answer and the dashboards.
        await recordActivity(tx, {
          memberId: created.id,
          actorName: `${created.firstName} ${created.lastName}`,
          type: 'user',
          title: 'Registered, waiting for approval',
          description: `${created.firstName} ${created.lastName} registered; an administrator sets their rank and years of service and activates them`,
          details: { [SELF_REGISTRATION_DETAIL]: true },
          at: now,
        });
        return created.id;
      });
    } catch (error) {
      const constraint = violatedConstraint(error);
      if (constraint === 'members_email_lower_unique') throw conflict('An account with this email already exists.');
      if (constraint === 'members_employee_id_unique')
        throw conflict('An account with this employee ID already exists.');
      throw error;
    }
    announceMembersAdded(this.db);
    this.log?.info({ memberId }, 'self-registration waiting for approval');
    const user = await loadPresentedUser(this.db, memberId, now);
    if (!user) throw new AppError('NOT_FOUND', 'User not found');
    return { message: MESSAGES.registrationReceived, user };
  }

  async refresh(presentedToken: string): Promise<RefreshResponse> {
    const now = this.clock.now();
    const stored = await findRefreshTokenByHash(this.db, hashOpaqueToken(presentedToken));
    if (!stored || stored.revokedAt) throw new AppError('REFRESH_TOKEN_INVALID', MESSAGES.refreshTokenInvalid);
    if (stored.expiresAt <= now) throw new AppError('REFRESH_TOKEN_INVALID', MESSAGES.tokenExpired);

    // A family is bound to its member: a token of one member in another's family is refused, and
    // that family ends (issue 13, finding 12).
    if (!(await isFamilyOnlyOf(this.db, stored.familyId, stored.memberId))) {
      await this.revokeSignIn(stored.familyId, now);
      throw new AppError('REFRESH_TOKEN_INVALID', MESSAGES.refreshTokenInvalid);
    }
    const member = await findMemberById(this.db, stored.memberId);
    if (!member?.isActive) {
      await this.revokeSignIn(stored.familyId, now);
      throw new AppError('REFRESH_TOKEN_INVALID', MESSAGES.refreshTokenInvalid);
    }
    if (stored.usedAt) return this.answerRepeatedRefresh(presentedToken, now);

    const replacement = this.accessTokens.deriveRefreshSuccessor(presentedToken);
    const isRotated = await this.db.transaction(async (tx) => {
      // Only one request can use a token; the conditional update decides which.
      if (!(await markRefreshTokenUsed(tx, stored.id, now))) return false;
      await insertRefreshToken(tx, {
        memberId: stored.memberId,
        familyId: stored.familyId,
        tokenHash: hashOpaqueToken(replacement),
        expiresAt: stored.expiresAt,
        createdAt: now,
      });
      return true;
    });
    // Another request used it first (it committed before our update): the same race.
    if (!isRotated) return this.answerRepeatedRefresh(presentedToken, now);
    const token = await this.accessTokens.sign({ memberId: stored.memberId, familyId: stored.familyId }, now);
    return { token, refreshToken: replacement };
  }

  /**
   * A used refresh token again. Within REFRESH_REUSE_GRACE_MS of its rotation, and while its
   * successor is alive, the answer is the pair that rotation gave (the access token is signed
   * again at the rotation's time, so it is the same token); otherwise it is a replay, and the whole
   * sign-in is revoked.
   */
  private async answerRepeatedRefresh(presentedToken: string, now: Date): Promise<RefreshResponse> {
    const used = await findRefreshTokenByHash(this.db, hashOpaqueToken(presentedToken));
    if (!used || used.revokedAt) throw new AppError('REFRESH_TOKEN_INVALID', MESSAGES.refreshTokenInvalid);
    const successorToken = this.accessTokens.deriveRefreshSuccessor(presentedToken);
    const isWithinGrace =
      used.usedAt !== null &&
      now.getTime() - used.usedAt.getTime() <= REFRESH_REUSE_GRACE_MS &&
      now.getTime() >= used.usedAt.getTime();
    if (isWithinGrace && used.usedAt) {
      const successor = await findRefreshTokenByHash(this.db, hashOpaqueToken(successorToken));
      if (successor && !successor.revokedAt && successor.familyId === used.familyId) {
        const token = await this.accessTokens.sign({ memberId: used.memberId, familyId: used.familyId }, used.usedAt);
        return { token, refreshToken: successorToken };
      }
    }
    await this.revokeSignIn(used.familyId, now);
    throw new AppError('REFRESH_TOKEN_INVALID', MESSAGES.refreshTokenInvalid);
  }

  /**
   * Queues a reset link for an active member with this e-mail. Answers the same, in about the same
   * time, whether or not there is one.
   */
  async requestPasswordReset(request: ForgotPasswordRequest, clientAddress: string): Promise<void> {
    const startedAt = performance.now();
    try {
      await this.queuePasswordReset(request.email, clientAddress);
    } finally {
      const remainingMs = FORGOT_PASSWORD_MIN_ANSWER_MS - (performance.now() - startedAt);
      if (remainingMs > 0) await sleep(remainingMs);
    }
  }

  private async queuePasswordReset(email: string, clientAddress: string): Promise<void> {
    const now = this.clock.now();
    const addressKey = `reset-address:${clientAddress}`;
    const accountKey = `reset-account:${email}`;
    const throttles = await findThrottles(this.db, [addressKey, accountKey]);
    const isLocked = (key: string) =>
      (throttles.find((throttle) => throttle.key === key)?.lockedUntil?.getTime() ?? 0) > now.getTime();
    if (isLocked(addressKey)) throw new AppError('TOO_MANY_ATTEMPTS', PASSWORD_RESET_MESSAGES.tooManyRequests);
    await recordThrottleFailure(this.db, addressKey, now, PASSWORD_RESET_THROTTLE.address);
    if (isLocked(accountKey)) {
      this.log?.warn('password reset: account request limit reached; no e-mail queued');
      return;
    }
    await recordThrottleFailure(this.db, accountKey, now, PASSWORD_RESET_THROTTLE.account);

    const member = await findMemberByEmail(this.db, email);
    if (!member?.isActive) return;
    await this.db.transaction(async (tx) => {
      await queuePasswordResetEmail(tx, member, now, PASSWORD_RESET_LIFETIME_MS);
    });
    this.log?.info({ memberId: member.id }, 'password reset e-mail queued');
  }

  /**
   * Sets a new password from a reset or setup link: the link is used up, every other unused link
   * stops working and every sign-in of the member ends.
   */
  async resetPassword(token: string, password: string): Promise<void> {
    const now = this.clock.now();
    const stored = await findPasswordTokenByHash(this.db, hashOpaqueToken(token));
    if (!stored) throw new AppError('RESET_LINK_INVALID', PASSWORD_RESET_MESSAGES.linkInvalid);
    if (stored.usedAt) throw new AppError('RESET_LINK_USED', PASSWORD_RESET_MESSAGES.linkUsed);
    if (stored.expiresAt <= now) throw new AppError('RESET_LINK_EXPIRED', PASSWORD_RESET_MESSAGES.linkExpired);
    const member = await findMemberById(this.db, stored.memberId);
    if (!member) throw new AppError('RESET_LINK_INVALID', PASSWORD_RESET_MESSAGES.linkInvalid);
    if (!member.isActive) throw new AppError('ACCOUNT_DEACTIVATED', MESSAGES.accountDeactivated);

    // Hashing is slow; it happens before the transaction, which stays short.
    const passwordHash = await hashPassword(password);
    await this.db.transaction(async (tx) => {
      // Two tabs submitting one link: the conditional update lets one through.
      if (!(await markPasswordTokenUsed(tx, stored.id, now))) {
        throw new AppError('RESET_LINK_USED', PASSWORD_RESET_MESSAGES.linkUsed);
      }
      await updateMember(tx, member.id, { passwordHash, updatedAt: now });
      await expireAllUnusedPasswordTokens(tx, member.id, now);
      await revokeAllRefreshTokensOfMember(tx, member.id, now);
      await recordActivity(tx, {
        memberId: member.id,
        actorName: `${member.firstName} ${member.lastName}`,
        type: 'profile',
        title: stored.purpose === 'setup' ? 'Password set' : 'Password reset',
        description: `${member.firstName} ${member.lastName} ${stored.purpose === 'setup' ? 'set their password from the setup e-mail' : 'reset their password from a reset link'}`,
        at: now,
      });
    });
    announceMemberChanged(this.db, member.id);
    // A member slowed down by failed sign-ins can sign in with the new password at once.
    await this.clearSignInThrottles(member.email);
    this.log?.info({ memberId: member.id, purpose: stored.purpose }, 'password set from a link');
  }

  /**
   * An administrator's Unlock: clears the member's sign-in back-off from every address, and the
   * back-off of those addresses, so they can sign in at once (e.g. after a guessing attack).
   */
  async unlockSignIn(memberId: string): Promise<{ message: string }> {
    const member = await findMemberById(this.db, memberId);
    if (!member) throw new AppError('NOT_FOUND', MEMBER_ADMIN_MESSAGES.userNotFound);
    const cleared = await this.clearSignInThrottles(member.email);
    this.log?.info({ memberId, throttlesCleared: cleared }, 'sign-in unlocked by an administrator');
    return { message: UNLOCK_MESSAGES.unlocked };
  }

  private async clearSignInThrottles(email: string): Promise<number> {
    const keys = await clearThrottlesStartingWith(this.db, loginKeyPrefix(email));
    const prefixLength = loginKeyPrefix(email).length;
    for (const key of keys) await clearThrottle(this.db, loginAddressKey(key.slice(prefixLength)));
    return keys.length;
  }

  async logout(familyId: string): Promise<void> {
    await this.revokeSignIn(familyId, this.clock.now());
  }

  /**
   * The signed-in member as the API sends it: one read of the member; the bid priority comes
   * computed. They are asking, so they are online, though their last-seen time is written later.
   */
  async getUser(memberId: string) {
    const user = await loadPresentedUser(this.db, memberId, this.clock.now());
    if (!user) throw new AppError('NOT_FOUND', 'User not found');
    return { ...user, isOnline: true };
  }

  /** Ends one sign-in, in this and every other server process (its access tokens and live streams). */
  private async revokeSignIn(familyId: string, now: Date): Promise<void> {
    await revokeRefreshTokenFamily(this.db, familyId, now);
    announceSignInRevoked(this.db, familyId);
  }

  private async refuseWhileThrottled(keys: string[], now: Date): Promise<void> {
    const throttles = await findThrottles(this.db, keys);
    const lockedUntil = Math.max(0, ...throttles.map((throttle) => throttle.lockedUntil?.getTime() ?? 0));
    if (lockedUntil > now.getTime()) {
      const retryAfterSeconds = Math.ceil((lockedUntil - now.getTime()) / 1000);
      throw new AppError('TOO_MANY_ATTEMPTS', tooManyAttemptsMessage(retryAfterSeconds), { retryAfterSeconds });
    }
  }
}
