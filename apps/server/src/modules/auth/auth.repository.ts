/** Queries of signing in: refresh tokens, sign-in throttles, password tokens, and the member's last sign-in. */
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { activities, loginThrottles, members, passwordTokens, refreshTokens } from '../../db/schema/index.ts';
import { timestampParam } from '../../db/sql-helpers.ts';

/** A successful sign-in: the member was last signed in, and last seen, at `at`. */
export async function recordSignIn(executor: Executor, memberId: string, at: Date): Promise<void> {
  await executor.update(members).set({ lastLoginAt: at, lastSeenAt: at }).where(eq(members.id, memberId));
}

export async function insertRefreshToken(
  executor: Executor,
  values: { memberId: string; familyId: string; tokenHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await executor.insert(refreshTokens).values(values);
}

export async function findRefreshTokenByHash(executor: Executor, tokenHash: string) {
  const [row] = await executor.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  return row;
}

/** Marks a token used unless it already was; false means another request used it first. */
export async function markRefreshTokenUsed(executor: Executor, id: string, now: Date): Promise<boolean> {
  const updated = await executor
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return updated.length === 1;
}

export async function revokeRefreshTokenFamily(executor: Executor, familyId: string, now: Date): Promise<void> {
  await executor
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllRefreshTokensOfMember(executor: Executor, memberId: string, now: Date): Promise<void> {
  await executor
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.memberId, memberId), isNull(refreshTokens.revokedAt)));
}

/**
 * True while the sign-in family has a token that is not revoked, i.e. the member has not signed
 * out, and every token of the family is this member's: a family is bound to its member (issue 13,
 * finding 12), so a token naming someone else's sign-in is refused.
 */
export async function isRefreshFamilyLive(executor: Executor, familyId: string, memberId: string): Promise<boolean> {
  const [row] = await executor
    .select({
      liveTokens: sql<number>`count(*) filter (where ${refreshTokens.revokedAt} is null)`.mapWith(Number),
      otherMembersTokens: sql<number>`count(*) filter (where ${refreshTokens.memberId} <> ${memberId})`.mapWith(Number),
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.familyId, familyId));
  return row !== undefined && row.liveTokens > 0 && row.otherMembersTokens === 0;
}

/** Whether every token of a family belongs to one member (a family is bound to its member). */
export async function isFamilyOnlyOf(executor: Executor, familyId: string, memberId: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), ne(refreshTokens.memberId, memberId)))
    .limit(1);
  return row === undefined;
}

export async function findThrottles(executor: Executor, keys: string[]) {
  return executor
    .select()
    .from(loginThrottles)
    .where(
      sql`${loginThrottles.key} in (${sql.join(
        keys.map((key) => sql`${key}`),
        sql`, `,
      )})`,
    );
}

/**
 * Counts one failure for the key in a single statement, so concurrent failures all count. A
 * window older than `windowMs` starts over; reaching `limit` locks the key for `lockMs`.
 */
export async function recordThrottleFailure(
  executor: Executor,
  key: string,
  now: Date,
  policy: { limit: number; windowMs: number; lockMs: number },
): Promise<void> {
  const at = timestampParam(now);
  const windowStart = timestampParam(new Date(now.getTime() - policy.windowMs));
  const lockedUntil = timestampParam(new Date(now.getTime() + policy.lockMs));
  await executor.execute(sql`
    insert into login_throttles (key, failure_count, window_started_at, locked_until)
    values (${key}, 1, ${at}, ${policy.limit <= 1 ? lockedUntil : sql`null`})
    on conflict (key) do update set
      failure_count = case when login_throttles.window_started_at < ${windowStart} then 1 else login_throttles.failure_count + 1 end,
      window_started_at = case when login_throttles.window_started_at < ${windowStart} then ${at} else login_throttles.window_started_at end,
      locked_until = case
        when login_throttles.window_started_at >= ${windowStart} and login_throttles.failure_count + 1 >= ${policy.limit} then ${lockedUntil}
        else login_throttles.locked_until end
  `);
}

/**
 * Counts one failure for a back-off key (sign-in throttles) in a single statement, so concurrent
 * failures all count. The first `freeFailures` cost nothing; each one after locks the key for
 * `baseDelayMs`, doubling with every further failure up to `maxDelayMs`. For these keys
 * `window_started_at` holds the last failure: the count starts over once that is `resetAfterMs`
 * old, so an attacker waiting out each lock never gets the free failures back.
 */
export async function recordBackoffFailure(
  executor: Executor,
  key: string,
  now: Date,
  policy: { freeFailures: number; baseDelayMs: number; maxDelayMs: number; resetAfterMs: number },
): Promise<void> {
  const at = timestampParam(now);
  const staleBefore = timestampParam(new Date(now.getTime() - policy.resetAfterMs));
  // failures past the free ones: 1 -> base, 2 -> 2 x base, ... capped (the exponent too, so it cannot overflow)
  const count = sql`case when login_throttles.window_started_at < ${staleBefore} then 1 else login_throttles.failure_count + 1 end`;
  const delayMs = sql`least(${policy.maxDelayMs}::float8, ${policy.baseDelayMs}::float8 * power(2::float8, least(greatest(${count} - ${policy.freeFailures} - 1, 0), 40)))`;
  await executor.execute(sql`
    insert into login_throttles (key, failure_count, window_started_at, locked_until)
    values (${key}, 1, ${at}, ${policy.freeFailures < 1 ? timestampParam(new Date(now.getTime() + policy.baseDelayMs)) : sql`null`})
    on conflict (key) do update set
      failure_count = ${count},
      window_started_at = ${at},
      locked_until = case when ${count} > ${policy.freeFailures}
        then ${at} + ${delayMs} * interval '1 millisecond'
        else null end
  `);
}

/** Removes every throttle whose key starts with `prefix` (an administrator's unlock). */
export async function clearThrottlesStartingWith(executor: Executor, prefix: string): Promise<string[]> {
  const removed = await executor
    .delete(loginThrottles)
    .where(sql`starts_with(${loginThrottles.key}, ${prefix})`)
    .returning({ key: loginThrottles.key });
  return removed.map((row) => row.key);
}

export async function clearThrottle(executor: Executor, key: string): Promise<void> {
  await executor.delete(loginThrottles).where(eq(loginThrottles.key, key));
}

/** Signs the member out everywhere except the sign-in `keepFamilyId` (e.g. after a password change). */
export async function revokeOtherRefreshFamilies(
  executor: Executor,
  memberId: string,
  keepFamilyId: string,
  now: Date,
): Promise<void> {
  await executor
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(refreshTokens.memberId, memberId),
        ne(refreshTokens.familyId, keepFamilyId),
        isNull(refreshTokens.revokedAt),
      ),
    );
}

export async function findPasswordTokenByHash(executor: Executor, tokenHash: string) {
  const [row] = await executor.select().from(passwordTokens).where(eq(passwordTokens.tokenHash, tokenHash)).limit(1);
  return row;
}

/** Uses a password link unless it was used or expired meanwhile; false means it can no longer be used. */
export async function markPasswordTokenUsed(executor: Executor, id: string, now: Date): Promise<boolean> {
  const updated = await executor
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordTokens.id, id), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, now)))
    .returning({ id: passwordTokens.id });
  return updated.length === 1;
}

/** Ends every other unused link of the member (setup and reset), once a password has been chosen. */
export async function expireAllUnusedPasswordTokens(executor: Executor, memberId: string, now: Date): Promise<void> {
  await executor
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordTokens.memberId, memberId), isNull(passwordTokens.usedAt)));
}

/** The activity detail that marks a self-registration (AuthService.register records it). */
export const SELF_REGISTRATION_DETAIL = 'selfRegistration';

/** Whether the member registered themself (the activity `register` records), so waits for approval. */
export async function isSelfRegistered(executor: Executor, memberId: string): Promise<boolean> {
  const [row] = await executor
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.memberId, memberId), sql`${activities.details} ->> ${SELF_REGISTRATION_DETAIL} = 'true'`))
    .limit(1);
  return row !== undefined;
}
