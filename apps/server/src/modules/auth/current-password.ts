/**
 * The current password a signed-in member types to change their password or e-mail:
 * checked at most a few times before each wait, per member, with the sign-in's atomic counting, so
 * a stolen session cannot guess it without limit.
 */
import { tooManyCurrentPasswordAttemptsMessage } from '@stationbid/domain';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { type BackoffPolicy, claimBackoffAttempt, clearThrottle } from './auth.repository.ts';
import { verifyPassword } from './passwords.ts';

/** 4 wrong current passwords free, then 30 s, 1, 2, 4 ... up to 15 minutes after each further one. */
export const CURRENT_PASSWORD_BACKOFF: BackoffPolicy = {
  freeFailures: 4,
  baseDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  resetAfterMs: 60 * 60_000,
};

/** One member's current-password checks, from any session or address. */
export const currentPasswordKey = (memberId: string) => `current-password:${memberId}`;

/**
 * Whether `password` is the member's current one. The attempt is counted before the slow check,
 * in one statement; while the member waits the answer is 429 TOO_MANY_ATTEMPTS with the wait
 * (`retryAfterSeconds`, and Retry-After from the error handler). A right password starts the count over.
 */
export async function checkCurrentPassword(
  executor: Executor,
  member: { id: string; passwordHash: string | null },
  password: string,
  now: Date,
): Promise<boolean> {
  const key = currentPasswordKey(member.id);
  const claim = await claimBackoffAttempt(executor, key, now, CURRENT_PASSWORD_BACKOFF);
  if (!claim.admitted) {
    throw new AppError('TOO_MANY_ATTEMPTS', tooManyCurrentPasswordAttemptsMessage(claim.retryAfterSeconds), {
      retryAfterSeconds: claim.retryAfterSeconds,
    });
  }
  const isRight = member.passwordHash ? await verifyPassword(member.passwordHash, password) : false;
  if (isRight) await clearThrottle(executor, key);
  return isRight;
}
