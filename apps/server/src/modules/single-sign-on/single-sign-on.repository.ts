/**
 * Queries of single sign-on: the department's two settings (in the one department_settings row,
 * migration 0018), the one-time codes the web app exchanges, and members by employee ID.
 */
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { departmentSettings, members, singleSignOnCodes } from '../../db/schema/index.ts';

const SETTINGS_ROW_ID = 1;

export interface SingleSignOnSettingsRow {
  requireSingleSignOn: boolean;
  createUnknownMembers: boolean;
}

/** Both off until an administrator saves them (no row yet, or the row's defaults). */
export async function readSingleSignOnSettings(executor: Executor): Promise<SingleSignOnSettingsRow> {
  const [row] = await executor
    .select({
      requireSingleSignOn: departmentSettings.requireSingleSignOn,
      createUnknownMembers: departmentSettings.singleSignOnCreatesMembers,
    })
    .from(departmentSettings)
    .where(eq(departmentSettings.id, SETTINGS_ROW_ID));
  return row ?? { requireSingleSignOn: false, createUnknownMembers: false };
}

/** Saves both, creating the row (every other setting at its default) when nothing was saved before. */
export async function saveSingleSignOnSettings(
  executor: Executor,
  settings: SingleSignOnSettingsRow,
  adminId: string,
  at: Date,
): Promise<void> {
  const values = {
    requireSingleSignOn: settings.requireSingleSignOn,
    singleSignOnCreatesMembers: settings.createUnknownMembers,
    updatedAt: at,
    updatedBy: adminId,
  };
  await executor
    .insert(departmentSettings)
    .values({ id: SETTINGS_ROW_ID, ...values })
    .onConflictDoUpdate({ target: departmentSettings.id, set: values });
}

/** The member whose employee ID is `employeeId` (exact, trimmed as stored), if any. */
export async function findMemberByEmployeeId(executor: Executor, employeeId: string) {
  const [row] = await executor.select().from(members).where(eq(members.employeeId, employeeId)).limit(1);
  return row;
}

export async function insertSingleSignOnCode(
  executor: Executor,
  values: { codeHash: string; memberId: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await executor.insert(singleSignOnCodes).values(values);
}

/**
 * Uses a code up, in one statement: the member it was given for, or undefined when it is unknown,
 * used already or expired. Of two requests with one code, only one gets the member.
 */
export async function useSingleSignOnCode(executor: Executor, codeHash: string, now: Date) {
  const [row] = await executor
    .update(singleSignOnCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(singleSignOnCodes.codeHash, codeHash),
        isNull(singleSignOnCodes.usedAt),
        gt(singleSignOnCodes.expiresAt, now),
      ),
    )
    .returning({ memberId: singleSignOnCodes.memberId });
  return row?.memberId;
}

/** Forgets codes that ended a while ago (they are worth nothing once used or expired). */
export async function deleteOldSingleSignOnCodes(executor: Executor, before: Date): Promise<void> {
  await executor.delete(singleSignOnCodes).where(lt(singleSignOnCodes.expiresAt, before));
}
