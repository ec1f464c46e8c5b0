/**
 * Sign-in, token refresh and sign-out. Refresh tokens rotate on every use; a token presented a
 * second time means it was stolen or replayed, so its whole sign-in family is revoked.
 */
import { randomUUID } from 'node:crypto';
import {
  type AuthResponse,
  LIMITS,
  type LoginRequest,
  MESSAGES,
  type RefreshResponse,
  type RegisterRequest,
  tooManyAttemptsMessage,
} from '@stationbid/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { violatedConstraint } from '../../db/errors.ts';
import { members } from '../../db/schema/index.ts';
import { AppError, conflict } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { loadBidPriorities, presentUser } from '../users/user-presenter.ts';
import { findMemberByEmail, findMemberWithSeatById, insertMember } from '../users/users.repository.ts';
import {
  clearThrottle,
  findRefreshTokenByHash,
  findThrottles,
  insertRefreshToken,
  markRefreshTokenUsed,
  recordThrottleFailure,
  revokeRefreshTokenFamily,
} from './auth.repository.ts';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './passwords.ts';
import { type AccessTokens, createOpaqueToken, hashOpaqueToken } from './tokens.ts';

/**
 * Failed sign-ins allowed before a pause. Per account it stops password guessing; per address
 * it is high, because a whole station may sign in from one address and only failures count.
 */
export const LOGIN_THROTTLE = {
  account: { limit: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
  address: { limit: 100, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
} as const;

const REFRESH_LIFETIME_MS = LIMITS.refreshTokenLifetimeDays * 24 * 60 * 60 * 1000;

export class AuthService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly accessTokens: AccessTokens,
  ) {}

  async login(credentials: LoginRequest, clientAddress: string): Promise<AuthResponse> {
    const now = this.clock.now();
    const accountKey = `account:${credentials.email}`;
    const addressKey = `address:${clientAddress}`;
    await this.refuseWhileThrottled([accountKey, addressKey], now);

    const member = await findMemberByEmail(this.db, credentials.email);
    const isPasswordRight = member?.passwordHash
      ? await verifyPassword(member.passwordHash, credentials.password)
      : await verifyAgainstDecoy(credentials.password);
    if (!member || !isPasswordRight) {
      await recordThrottleFailure(this.db, accountKey, now, LOGIN_THROTTLE.account);
      await recordThrottleFailure(this.db, addressKey, now, LOGIN_THROTTLE.address);
      throw new AppError('INVALID_CREDENTIALS', MESSAGES.invalidCredentials);
    }
    if (!member.isActive) throw new AppError('ACCOUNT_DEACTIVATED', MESSAGES.accountDeactivated);

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
      await tx.update(members).set({ lastLoginAt: now, lastSeenAt: now }).where(eq(members.id, member.id));
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

  /** Self-registration (only when the department allows it): a new, non-admin member. */
  async register(request: RegisterRequest, clientAddress: string): Promise<AuthResponse> {
    const passwordHash = await hashPassword(request.password);
    try {
      await insertMember(this.db, {
        email: request.email,
        passwordHash,
        firstName: request.firstName,
        lastName: request.lastName,
        employeeId: request.employeeId,
        rank: request.rank,
        position: request.position,
        yearsOfService: request.yearsOfService,
      });
    } catch (error) {
      const constraint = violatedConstraint(error);
      if (constraint === 'members_email_lower_unique') throw conflict('An account with this email already exists.');
      if (constraint === 'members_employee_id_unique')
        throw conflict('An account with this employee ID already exists.');
      throw error;
    }
    return this.login({ email: request.email, password: request.password }, clientAddress);
  }

  async refresh(presentedToken: string): Promise<RefreshResponse> {
    const now = this.clock.now();
    const stored = await findRefreshTokenByHash(this.db, hashOpaqueToken(presentedToken));
    if (!stored || stored.revokedAt) throw new AppError('REFRESH_TOKEN_INVALID', MESSAGES.refreshTokenInvalid);
    if (stored.expiresAt <= now) throw new AppError('REFRESH_TOKEN_INVALID', MESSAGES.tokenExpired);

    const member = await findMemberWithSeatById(this.db, stored.memberId);
    if (!member?.member.isActive) {
      await revokeRefreshTokenFamily(this.db, stored.familyId, now);
      throw new AppError('REFRESH_TOKEN_INVALID', MESSAGES.refreshTokenInvalid);
    }

    const replacement = createOpaqueToken();
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
    if (!isRotated) {
      await revokeRefreshTokenFamily(this.db, stored.familyId, now);
      throw new AppError('REFRESH_TOKEN_INVALID', MESSAGES.refreshTokenInvalid);
    }
    const token = await this.accessTokens.sign({ memberId: stored.memberId, familyId: stored.familyId }, now);
    return { token, refreshToken: replacement };
  }

  async logout(familyId: string): Promise<void> {
    await revokeRefreshTokenFamily(this.db, familyId, this.clock.now());
  }

  async getUser(memberId: string) {
    const [row, priorities] = await Promise.all([
      findMemberWithSeatById(this.db, memberId),
      loadBidPriorities(this.db),
    ]);
    if (!row) throw new AppError('NOT_FOUND', 'User not found');
    return presentUser(row, priorities.get(memberId) ?? null, this.clock.now());
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
