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
  SINGLE_SIGN_ON_MESSAGES,
  tooManyAttemptsMessage,
  tooManyRegistrationsMessage,
  UNLOCK_MESSAGES,
} from '@stationbid/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { violatedConstraint } from '../../db/errors.ts';
import { AppError } from '../../lib/app-error.ts';
import { ANONYMOUS_AUDIT_ACTOR, audit, auditActor, hashEmail, SYSTEM_AUDIT_ACTOR } from '../../lib/audit-log.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { readSingleSignOnSettings } from '../single-sign-on/single-sign-on.repository.ts';
import { queuePasswordResetEmail, queueRegistrationAttemptEmail } from '../users/member-emails.ts';
import { loadPresentedUser } from '../users/user-presenter.ts';
import {
  findMemberByEmail,
  findMemberById,
  findMembersByEmailOrEmployeeId,
  insertMember,
  type MemberRow,
  updateMember,
} from '../users/users.repository.ts';
import {
  type BackoffPolicy,
  claimBackoffAttempt,
  claimInterval,
  claimWindowAttempt,
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
  markThrottleEvent,
  recordSignIn,
  releaseBackoffAttempt,
  revokeAllRefreshTokensOfMember,
  revokeRefreshTokenFamily,
  SELF_REGISTRATION_DETAIL,
} from './auth.repository.ts';
import { currentPasswordKey } from './current-password.ts';
import { announceMemberChanged, announceMembersAdded, announceSignInRevoked } from './member-cache.ts';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './passwords.ts';
import { type AccessTokens, createOpaqueToken, hashOpaqueToken } from './tokens.ts';

/**
 * Failed sign-ins back off exponentially, so each wrong guess costs the guesser more time, per
 * account and address together: someone else's failures, from another address, never block the
 * member's right password. One address guessing at one account gets 4 free failures, then waits 30 s, 1, 2, 4 ...
 * up to 15 minutes after each further failure. Every attempt is counted before the password is
 * checked, in one statement, so simultaneous guesses cannot all slip through before the first
 * failure is written; a right password gives its count back.
 *
 * One address guessing across accounts (password spraying) backs off the same way after 20
 * failures, but only for pairs the address does not know: an account that signed in from this
 * address in the last `knownPairMs`, or that an administrator unlocked (or whose password was
 * reset) in the last `unlockedMs`, is never stopped by its address's count, only by its own pair's.
 * Failures on unknown accounts from a station's shared address therefore slow down strangers and
 * new faces there, never a member who signs in from it.
 */
export const LOGIN_BACKOFF = {
  accountAndAddress: { freeFailures: 4, baseDelayMs: 30_000, maxDelayMs: 15 * 60_000, resetAfterMs: 60 * 60_000 },
  address: { freeFailures: 20, baseDelayMs: 30_000, maxDelayMs: 15 * 60_000, resetAfterMs: 60 * 60_000 },
  knownPairMs: 90 * 24 * 60 * 60_000,
  unlockedMs: 24 * 60 * 60_000,
} as const satisfies Record<string, BackoffPolicy | number>;

/** The throttle key of one account signing in from one address; an unlock clears every address's. */
const loginKeyPrefix = (email: string) => `login:${email.toLowerCase()}|`;
const loginKey = (email: string, clientAddress: string) => `${loginKeyPrefix(email)}${clientAddress}`;
const loginAddressKey = (clientAddress: string) => `login-address:${clientAddress}`;
/** The account signed in from the address at the row's time: its address's count does not stop it. */
const knownPairKey = (email: string, clientAddress: string) => `login-known:${email.toLowerCase()}|${clientAddress}`;
/** An administrator's unlock (or a password reset) at the row's time: no address's count stops it. */
const unlockedKey = (email: string) => `login-unlocked:${email.toLowerCase()}`;

/**
 * Password reset requests, limited so that a stranger cannot deny a member their reset. Per address a refusal (429) that says nothing about the
 * e-mail asked for. Per account at most one e-mail every `minIntervalMs`; requests in between get
 * the usual answer but no further e-mail. A new request never ends an earlier link (each works for
 * its hour until one of them is used or the password changes), so a stranger asking for a member's
 * reset only ever sends the member a working link: the member always has one at most
 * `minIntervalMs` old, or gets a new one.
 */
export const PASSWORD_RESET_THROTTLE = {
  address: { limit: 10, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
  account: { minIntervalMs: 5 * 60_000 },
} as const;

/**
 * Self-registrations per address: 5 an hour, then an hour's wait (429 with the wait).
 * A station registering its new members one by one stays far below.
 */
export const REGISTRATION_THROTTLE = {
  address: { limit: 5, windowMs: 60 * 60_000, lockMs: 60 * 60_000 },
} as const;

/**
 * Forgotten-password answers take at least this long (wall-clock time, not the app's clock), so
 * an address with an account, which costs a transaction, is not told apart by the delay.
 */
export const FORGOT_PASSWORD_MIN_ANSWER_MS = 300;

/** Registration answers likewise take at least this long, whether or not an account was created. */
export const REGISTER_MIN_ANSWER_MS = 300;

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
    /** Single sign-on's button name when OIDC is configured; without it, single sign-on is never required. */
    private readonly singleSignOn?: { displayName: string },
  ) {}

  async login(credentials: LoginRequest, clientAddress: string): Promise<AuthResponse> {
    const now = this.clock.now();
    const pairKey = loginKey(credentials.email, clientAddress);
    const addressKey = loginAddressKey(clientAddress);
    const isKnownHere = await this.isKnownAtAddress(credentials.email, clientAddress, now);

    // The e-mail tried, hashed: the audit lines of an attempt, whether or not it has an account.
    const attempt = { emailHash: hashEmail(credentials.email), clientAddress };

    // Counted before the slow check, each in one statement: of simultaneous guesses,
    // only those within the free failures are checked.
    const pairClaim = await claimBackoffAttempt(this.db, pairKey, now, LOGIN_BACKOFF.accountAndAddress);
    if (!pairClaim.admitted) throw this.refuseSignIn(attempt, 'account', pairClaim.retryAfterSeconds);
    let addressWaitsUntilMs: number | null | undefined = null;
    if (!isKnownHere) {
      const addressClaim = await claimBackoffAttempt(this.db, addressKey, now, LOGIN_BACKOFF.address);
      if (!addressClaim.admitted) {
        await releaseBackoffAttempt(this.db, pairKey, LOGIN_BACKOFF.accountAndAddress);
        throw this.refuseSignIn(attempt, 'address', addressClaim.retryAfterSeconds);
      }
      addressWaitsUntilMs = addressClaim.waitsUntilMs;
    }

    const member = await findMemberByEmail(this.db, credentials.email);
    const isPasswordRight = member?.passwordHash
      ? await verifyPassword(member.passwordHash, credentials.password)
      : await verifyAgainstDecoy(credentials.password);
    // A wrong password stays counted, on the pair and (for a pair the address does not know) the address.
    if (!member || !isPasswordRight) {
      const subject = { ...ANONYMOUS_AUDIT_ACTOR, memberId: member?.id ?? null, ...attempt };
      audit(
        this.log,
        'auth.sign_in_failed',
        { ...subject, reason: member ? 'wrong_password' : 'unknown_email' },
        member ? 'sign-in failed: wrong password' : 'sign-in failed: no member has this e-mail',
      );
      this.auditLockout(subject, 'account', pairClaim.waitsUntilMs, now);
      this.auditLockout(subject, 'address', addressWaitsUntilMs, now);
      throw new AppError('INVALID_CREDENTIALS', MESSAGES.invalidCredentials);
    }

    // The password was right: the attempt was no failure.
    if (!isKnownHere) await releaseBackoffAttempt(this.db, addressKey, LOGIN_BACKOFF.address);
    if (!member.isActive) {
      await releaseBackoffAttempt(this.db, pairKey, LOGIN_BACKOFF.accountAndAddress);
      // A registration still waiting for approval is told so; the password was right, so this tells nothing new.
      const isAwaitingApproval = member.lastLoginAt === null && (await isSelfRegistered(this.db, member.id));
      audit(
        this.log,
        'auth.sign_in_failed',
        {
          ...ANONYMOUS_AUDIT_ACTOR,
          memberId: member.id,
          ...attempt,
          reason: isAwaitingApproval ? 'awaiting_approval' : 'account_deactivated',
        },
        isAwaitingApproval ? 'sign-in refused: registration awaits approval' : 'sign-in refused: account deactivated',
      );
      throw new AppError(
        'ACCOUNT_DEACTIVATED',
        isAwaitingApproval ? MESSAGES.registrationPending : MESSAGES.accountDeactivated,
      );
    }

    // Passwords stop working for members when the department requires single sign-on;
    // administrators keep theirs, so a broken provider cannot lock everyone out.
    if (!member.isAdmin && (await this.isSingleSignOnRequired())) {
      await releaseBackoffAttempt(this.db, pairKey, LOGIN_BACKOFF.accountAndAddress);
      audit(
        this.log,
        'auth.sign_in_failed',
        { ...ANONYMOUS_AUDIT_ACTOR, memberId: member.id, ...attempt, reason: 'single_sign_on_required' },
        'sign-in refused: the department requires single sign-on',
      );
      throw new AppError(
        'SINGLE_SIGN_ON_REQUIRED',
        SINGLE_SIGN_ON_MESSAGES.passwordSignInRefused(this.singleSignOnName),
      );
    }

    await clearThrottle(this.db, pairKey);
    await markThrottleEvent(this.db, knownPairKey(credentials.email, clientAddress), now);
    return this.issueSignIn(member, clientAddress, 'password');
  }

  /**
   * Starts a sign-in for a member whose identity is established (a right password, or single
   * sign-on): a new refresh-token family and an access token, the same answer either way.
   */
  async issueSignIn(
    member: MemberRow,
    clientAddress: string,
    method: 'password' | 'single_sign_on',
  ): Promise<AuthResponse> {
    const now = this.clock.now();
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
        description: `${member.firstName} ${member.lastName} signed in${method === 'single_sign_on' ? ` with ${this.singleSignOnName}` : ''}`,
        at: now,
      });
    });
    audit(
      this.log,
      'auth.sign_in',
      { ...auditActor(member), memberId: member.id, clientAddress, method },
      `${member.isAdmin ? 'administrator' : 'member'} signed in${method === 'single_sign_on' ? ' with single sign-on' : ''}`,
    );
    const token = await this.accessTokens.sign({ memberId: member.id, familyId }, now);
    return { user: await this.getUser(member.id), token, refreshToken };
  }

  /** Logs a refusal of a sign-in while its account or address waits, and answers the 429 to throw. */
  private refuseSignIn(
    attempt: { emailHash: string; clientAddress: string },
    scope: 'account' | 'address',
    retryAfterSeconds: number,
  ): AppError {
    audit(
      this.log,
      'auth.sign_in_refused',
      { ...ANONYMOUS_AUDIT_ACTOR, ...attempt, scope, retryAfterSeconds },
      scope === 'account'
        ? 'sign-in refused unchecked: this account waits after failed sign-ins from this address'
        : 'sign-in refused unchecked: this address waits after failed sign-ins across accounts',
    );
    return tooManySignInAttempts(retryAfterSeconds);
  }

  /** A failed sign-in whose claim set a wait: the account (from this address) or the address is locked out. */
  private auditLockout(
    subject: { memberId: string | null; emailHash: string; clientAddress: string },
    scope: 'account' | 'address',
    waitsUntilMs: number | null | undefined,
    now: Date,
  ): void {
    if (waitsUntilMs === null || waitsUntilMs === undefined) return;
    const retryAfterSeconds = Math.max(1, Math.ceil((waitsUntilMs - now.getTime()) / 1000));
    audit(
      this.log,
      'auth.locked_out',
      { ...ANONYMOUS_AUDIT_ACTOR, ...subject, scope, retryAfterSeconds },
      scope === 'account'
        ? `sign-in locked out: this account from this address waits ${retryAfterSeconds} s after failed sign-ins`
        : `sign-in locked out: this address waits ${retryAfterSeconds} s after failed sign-ins across accounts`,
    );
  }

  /**
   * Self-registration (only when the department allows it): a new, non-admin member who waits for
   * an administrator's approval (issue 13, finding 7). Inactive, so they cannot sign in, bid or be
   * added to a session, with neutral seniority until an administrator sets their rank, position
   * and years of service and activates them (Edit, then Reactivate, on the member list).
   */
  async register(request: RegisterRequest, clientAddress: string): Promise<RegisterResponse> {
    const now = this.clock.now();
    const claim = await claimWindowAttempt(
      this.db,
      `register-address:${clientAddress}`,
      now,
      REGISTRATION_THROTTLE.address,
    );
    if (!claim.admitted) {
      throw new AppError('TOO_MANY_ATTEMPTS', tooManyRegistrationsMessage(claim.retryAfterSeconds), {
        retryAfterSeconds: claim.retryAfterSeconds,
      });
    }
    const startedAt = performance.now();
    try {
      await this.registerOrTellHolders(request, now);
    } finally {
      const remainingMs = REGISTER_MIN_ANSWER_MS - (performance.now() - startedAt);
      if (remainingMs > 0) await sleep(remainingMs);
    }
    return { message: MESSAGES.registrationReceived };
  }

  /**
   * Creates the waiting account, or, when the e-mail or employee ID already has one, queues a note
   * to that account's owner instead, so the answer does not tell who has an account: the caller's answer is the same either way.
   */
  private async registerOrTellHolders(request: RegisterRequest, now: Date): Promise<void> {
    // Hashed in both cases, so that the time does not tell them apart.
    const passwordHash = await hashPassword(request.password);
    const identity = { email: request.email, employeeId: request.employeeId };
    if ((await findMembersByEmailOrEmployeeId(this.db, identity)).length === 0) {
      try {
        const memberId = await this.db.transaction(async (tx) => {
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
        announceMembersAdded(this.db);
        audit(
          this.log,
          'auth.registered',
          { ...ANONYMOUS_AUDIT_ACTOR, memberId },
          'self-registration waiting for approval',
        );
        return;
      } catch (error) {
        const constraint = violatedConstraint(error);
        // Someone else registered the same e-mail or employee ID meanwhile: they are its holder now.
        if (constraint !== 'members_email_lower_unique' && constraint !== 'members_employee_id_unique') throw error;
      }
    }
    const holders = await findMembersByEmailOrEmployeeId(this.db, identity);
    await this.db.transaction(async (tx) => {
      for (const holder of holders) {
        const matched = holder.email.toLowerCase() === request.email.toLowerCase() ? 'email' : 'employeeId';
        await queueRegistrationAttemptEmail(tx, holder, matched, now);
      }
    });
    this.log?.info({ holders: holders.length }, 'self-registration with an e-mail or employee ID in use; holders told');
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
      this.auditRevoked(stored.memberId, 'family_mismatch');
      throw new AppError('REFRESH_TOKEN_INVALID', MESSAGES.refreshTokenInvalid);
    }
    const member = await findMemberById(this.db, stored.memberId);
    if (!member?.isActive) {
      await this.revokeSignIn(stored.familyId, now);
      this.auditRevoked(stored.memberId, 'member_inactive');
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
    this.auditRevoked(used.memberId, 'refresh_token_reused');
    throw new AppError('REFRESH_TOKEN_INVALID', MESSAGES.refreshTokenInvalid);
  }

  private auditRevoked(memberId: string, reason: 'family_mismatch' | 'member_inactive' | 'refresh_token_reused') {
    audit(
      this.log,
      'auth.sign_in_revoked',
      { ...SYSTEM_AUDIT_ACTOR, memberId, reason },
      reason === 'refresh_token_reused'
        ? 'sign-in ended: a used refresh token was presented again (replay)'
        : 'sign-in ended at a token refresh',
    );
  }

  /**
   * Queues a reset link for an active member with this e-mail. Answers the same, in about the same
   * time, whether or not there is one.
   */
  async requestPasswordReset(request: ForgotPasswordRequest, clientAddress: string): Promise<string> {
    const startedAt = performance.now();
    try {
      const isRequired = await this.isSingleSignOnRequired();
      await this.queuePasswordReset(request.email, clientAddress, isRequired);
      // The same answer for every e-mail: it says members use single sign-on, not whose account is whose.
      return isRequired
        ? SINGLE_SIGN_ON_MESSAGES.resetRequestedWhileRequired(this.singleSignOnName)
        : PASSWORD_RESET_MESSAGES.resetRequested;
    } finally {
      const remainingMs = FORGOT_PASSWORD_MIN_ANSWER_MS - (performance.now() - startedAt);
      if (remainingMs > 0) await sleep(remainingMs);
    }
  }

  /** Whether members (not administrators) must sign in with single sign-on: configured and turned on. */
  async isSingleSignOnRequired(): Promise<boolean> {
    if (!this.singleSignOn) return false;
    return (await readSingleSignOnSettings(this.db)).requireSingleSignOn;
  }

  private get singleSignOnName(): string {
    return this.singleSignOn?.displayName ?? 'your organization';
  }

  private async queuePasswordReset(
    email: string,
    clientAddress: string,
    isSingleSignOnRequired: boolean,
  ): Promise<void> {
    const now = this.clock.now();
    const addressClaim = await claimWindowAttempt(
      this.db,
      `reset-address:${clientAddress}`,
      now,
      PASSWORD_RESET_THROTTLE.address,
    );
    if (!addressClaim.admitted) throw new AppError('TOO_MANY_ATTEMPTS', PASSWORD_RESET_MESSAGES.tooManyRequests);
    // Claimed for any e-mail, with or without an account, so both cost the same.
    const isAccountDue = await claimInterval(
      this.db,
      `reset-account:${email.toLowerCase()}`,
      now,
      PASSWORD_RESET_THROTTLE.account.minIntervalMs,
    );
    if (!isAccountDue) {
      this.log?.info('password reset: a link was sent to this account moments ago; no e-mail queued');
      return;
    }

    const member = await findMemberByEmail(this.db, email);
    if (!member?.isActive) return;
    if (isSingleSignOnRequired && !member.isAdmin) return;
    await this.db.transaction(async (tx) => {
      await queuePasswordResetEmail(tx, member, now, PASSWORD_RESET_LIFETIME_MS);
    });
    audit(
      this.log,
      'auth.password_reset_requested',
      { ...ANONYMOUS_AUDIT_ACTOR, memberId: member.id, clientAddress },
      'password reset e-mail queued',
    );
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
    if (!member.isAdmin && (await this.isSingleSignOnRequired())) {
      throw new AppError(
        'SINGLE_SIGN_ON_REQUIRED',
        SINGLE_SIGN_ON_MESSAGES.passwordResetRefused(this.singleSignOnName),
      );
    }

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
    await this.clearSignInThrottles(member);
    audit(
      this.log,
      'auth.password_reset_completed',
      { ...auditActor(member), memberId: member.id, purpose: stored.purpose },
      stored.purpose === 'setup' ? 'password set from a setup link' : 'password reset from a reset link',
    );
  }

  /**
   * An administrator's Unlock: clears the member's sign-in back-off from every address and their
   * current-password checks, and for a day no address's count stops them, so they can
   * sign in at once from anywhere, e.g. after a guessing attack from their station's address. The
   * addresses' counts stay: they slow down the guessing, not the member.
   */
  async unlockSignIn(admin: { id: string; isAdmin: boolean }, memberId: string): Promise<{ message: string }> {
    const member = await findMemberById(this.db, memberId);
    if (!member) throw new AppError('NOT_FOUND', MEMBER_ADMIN_MESSAGES.userNotFound);
    const cleared = await this.clearSignInThrottles(member);
    audit(
      this.log,
      'auth.unlocked',
      { ...auditActor(admin), memberId, count: cleared },
      'sign-in unlocked by an administrator',
    );
    return { message: UNLOCK_MESSAGES.unlocked };
  }

  private async clearSignInThrottles(member: { id: string; email: string }): Promise<number> {
    const keys = await clearThrottlesStartingWith(this.db, loginKeyPrefix(member.email));
    await clearThrottle(this.db, currentPasswordKey(member.id));
    await markThrottleEvent(this.db, unlockedKey(member.email), this.clock.now());
    return keys.length;
  }

  /**
   * Whether the account is known at this address: it signed in from it lately, or was unlocked
   * (or had its password reset) lately, so the address's count does not stop it.
   */
  private async isKnownAtAddress(email: string, clientAddress: string, now: Date): Promise<boolean> {
    const knownKey = knownPairKey(email, clientAddress);
    const marks = await findThrottles(this.db, [knownKey, unlockedKey(email)]);
    return marks.some((mark) => {
      const maxAgeMs = mark.key === knownKey ? LOGIN_BACKOFF.knownPairMs : LOGIN_BACKOFF.unlockedMs;
      return now.getTime() - mark.windowStartedAt.getTime() < maxAgeMs;
    });
  }

  async logout(member: { id: string; isAdmin: boolean; familyId: string }): Promise<void> {
    await this.revokeSignIn(member.familyId, this.clock.now());
    audit(this.log, 'auth.sign_out', { ...auditActor(member), memberId: member.id }, 'signed out');
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
}

const tooManySignInAttempts = (retryAfterSeconds: number) =>
  new AppError('TOO_MANY_ATTEMPTS', tooManyAttemptsMessage(retryAfterSeconds), { retryAfterSeconds });
