/** The department's seniority rule in the one department_settings row (migration 0012). */
import { type SeniorityRule, seniorityRuleSchema } from '@stationbid/domain';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { departmentSettings } from '../../db/schema/index.ts';

const SETTINGS_ROW_ID = 1;

/**
 * The rule an administrator set, or null for today's order. The column holds the key list
 * (`[{ key, direction }]`); anything it cannot read as a rule counts as none set.
 */
export async function readSeniorityRule(
  executor: Executor,
): Promise<{ rule: SeniorityRule | null; updatedAt: Date | null }> {
  const [row] = await executor
    .select({ seniorityRule: departmentSettings.seniorityRule, updatedAt: departmentSettings.updatedAt })
    .from(departmentSettings)
    .where(eq(departmentSettings.id, SETTINGS_ROW_ID));
  const rule = fromStoredRule(row?.seniorityRule ?? null);
  return { rule, updatedAt: rule && row ? row.updatedAt : null };
}

/** A rule as department_settings and bid_sessions keep it: the key list, or null for today's order. */
export function toStoredRule(rule: SeniorityRule | null): { key: string; direction: string }[] | null {
  return rule ? rule.keys.map(({ key, direction }) => ({ key, direction })) : null;
}

/** The stored key list as a rule; null (or anything that is not a rule) is today's order. */
export function fromStoredRule(stored: unknown): SeniorityRule | null {
  if (stored === null || stored === undefined) return null;
  const parsed = seniorityRuleSchema.safeParse({ keys: stored });
  return parsed.success ? parsed.data : null;
}

/** Saves the rule (null: today's order), creating the settings row when nothing was saved before. */
export async function saveSeniorityRule(executor: Executor, rule: SeniorityRule | null, adminId: string, at: Date) {
  const values = {
    seniorityRule: toStoredRule(rule),
    updatedAt: at,
    updatedBy: adminId,
  };
  await executor
    .insert(departmentSettings)
    .values({ id: SETTINGS_ROW_ID, ...values })
    .onConflictDoUpdate({ target: departmentSettings.id, set: values });
}
