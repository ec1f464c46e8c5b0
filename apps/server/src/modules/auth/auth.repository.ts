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

/** The rows a raw statement returned, on PGlite and node-postgres alike. */
const rowCount = (result: unknown) => (result as { rows: unknown[] }).rows.length;

/**
 * What an attempt's claim decided: counted and let through, or refused while the key waits. A
 * back-off claim that let the attempt through says when the key waits until should the attempt
 * fail (`waitsUntilMs`, epoch milliseconds; null within the free failures): a lockout's audit line.
 */
export type AttemptClaim =
  | { admitted: true; waitsUntilMs?: number | null }
  | { admitted: false; retryAfterSeconds: number };

/**
 * The wait of a refused claim, read after the refusal; at least a second (the row may have been
 * cleared, e.g. by an unlock, in between).
 */
async function refusedClaim(executor: Executor, key: string, now: Date): Promise<AttemptClaim> {
  const [row] = await findThrottles(executor, [key]);
  const waitMs = (row?.lockedUntil?.getTime() ?? 0) - now.getTime();
  return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/**
 * Claims one attempt of a fixed-window limit in a single statement, refused while the
 * key is locked, otherwise counted, and the attempt that reaches `limit` locks the key for
 * `lockMs`. The upsert takes the row's lock, so concurrent claims on PostgreSQL queue behind one
 * another and each sees the count the previous one left: no more than `limit` get through.
 */
export async function claimWindowAttempt(
  executor: Executor,
  key: string,
  now: Date,
  policy: { limit: number; windowMs: number; lockMs: number },
): Promise<AttemptClaim> {
  const at = timestampParam(now);
  const windowStart = timestampParam(new Date(now.getTime() - policy.windowMs));
  const lockedUntil = timestampParam(new Date(now.getTime() + policy.lockMs));
  const claimed = await executor.execute(sql`
    insert into login_throttles (key, failure_count, window_started_at, locked_until)
    values (${key}, 1, ${at}, ${policy.limit <= 1 ? lockedUntil : sql`null`})
    on conflict (key) do update set
      failure_count = case when login_throttles.window_started_at < ${windowStart} then 1 else login_throttles.failure_count + 1 end,
      window_started_at = case when login_throttles.window_started_at < ${windowStart} then ${at} else login_throttles.window_started_at end,
      locked_until = case
        when login_throttles.window_started_at >= ${windowStart} and login_throttles.failure_count + 1 >= ${policy.limit} then ${lockedUntil}
        else null end
    where login_throttles.locked_until is null or login_throttles.locked_until <= ${at}
    returning key
  `);
  return rowCount(claimed) === 1 ? { admitted: true } : refusedClaim(executor, key, now);
}

/** A back-off policy: `freeFailures`, then `baseDelayMs` doubling per failure up to `maxDelayMs`. */
export interface BackoffPolicy {
  freeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
  resetAfterMs: number;
}

/**
 * Claims one attempt of a back-off key (sign-in, current-password checks) BEFORE the password is
 * checked, so that simultaneous guesses cannot all be checked: in a single statement, refused while the key waits, otherwise counted as a
 * failure. The first `freeFailures` cost nothing; each one after locks the key for `baseDelayMs`,
 * doubling with every further failure up to `maxDelayMs`. The upsert takes the row's lock, so
 * simultaneous attempts on PostgreSQL count one after another and the one that sets the wait
 * stops the rest. An attempt that turns out right (or is not checked) gives its count back
 * (`releaseBackoffAttempt`) or clears the key. For these keys `window_started_at` holds the last
 * counted attempt: the count starts over once that is `resetAfterMs` old, so an attacker waiting
 * out each wait never gets the free failures back.
 */
export async function claimBackoffAttempt(
  executor: Executor,
  key: string,
  now: Date,
  policy: BackoffPolicy,
): Promise<AttemptClaim> {
  const at = timestampParam(now);
  const staleBefore = timestampParam(new Date(now.getTime() - policy.resetAfterMs));
  // failures past the free ones: 1 -> base, 2 -> 2 x base, ... capped (the exponent too, so it cannot overflow)
  const count = sql`case when login_throttles.window_started_at < ${staleBefore} then 1 else login_throttles.failure_count + 1 end`;
  const delayMs = sql`least(${policy.maxDelayMs}::float8, ${policy.baseDelayMs}::float8 * power(2::float8, least(greatest(${count} - ${policy.freeFailures} - 1, 0), 40)))`;
  const claimed = await executor.execute(sql`
    insert into login_throttles (key, failure_count, window_started_at, locked_until)
    values (${key}, 1, ${at}, ${policy.freeFailures < 1 ? timestampParam(new Date(now.getTime() + policy.baseDelayMs)) : sql`null`})
    on conflict (key) do update set
      failure_count = ${count},
      window_started_at = ${at},
      locked_until = case when ${count} > ${policy.freeFailures}
        then ${at} + ${delayMs} * interval '1 millisecond'
        else null end
    where login_throttles.locked_until is null or login_throttles.locked_until <= ${at}
    returning key, (extract(epoch from locked_until) * 1000)::float8 as waits_until_ms
  `);
  const [row] = (claimed as unknown as { rows: { waits_until_ms: number | null }[] }).rows;
  return row ? { admitted: true, waitsUntilMs: row.waits_until_ms } : refusedClaim(executor, key, now);
}

/**
 * Gives back one attempt a claim counted that was no failure (the password was right, or another
 * limit refused it before the check): one fewer, and no wait once the count is back within the
 * free failures.
 */
export async function releaseBackoffAttempt(executor: Executor, key: string, policy: BackoffPolicy): Promise<void> {
  await executor.execute(sql`
    update login_throttles set
      failure_count = greatest(failure_count - 1, 0),
      locked_until = case when failure_count - 1 <= ${policy.freeFailures} then null else locked_until end
    where key = ${key}
  `);
}

/**
 * Claims the key if its last claim is at least `intervalMs` old, in one statement (a password
 * reset e-mail per account); false while the interval runs.
 */
export async function claimInterval(executor: Executor, key: string, now: Date, intervalMs: number): Promise<boolean> {
  const at = timestampParam(now);
  const claimed = await executor.execute(sql`
    insert into login_throttles (key, failure_count, window_started_at, locked_until)
    values (${key}, 1, ${at}, null)
    on conflict (key) do update set failure_count = login_throttles.failure_count + 1, window_started_at = ${at}
    where login_throttles.window_started_at <= ${timestampParam(new Date(now.getTime() - intervalMs))}
    returning key
  `);
  return rowCount(claimed) === 1;
}

/** Notes that `key` happened at `at` (a known sign-in pair, an unlock): the row's time is all it keeps. */
export async function markThrottleEvent(executor: Executor, key: string, at: Date): Promise<void> {
  const time = timestampParam(at);
  await executor.execute(sql`
    insert into login_throttles (key, failure_count, window_started_at, locked_until)
    values (${key}, 0, ${time}, null)
    on conflict (key) do update set failure_count = 0, window_started_at = ${time}, locked_until = null
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
