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
  if (!row || row.seniorityRule === null) return { rule: null, updatedAt: null };
  const parsed = seniorityRuleSchema.safeParse({ keys: row.seniorityRule });
  return { rule: parsed.success ? parsed.data : null, updatedAt: parsed.success ? row.updatedAt : null };
}

/** Saves the rule (null: today's order), creating the settings row when nothing was saved before. */
export async function saveSeniorityRule(executor: Executor, rule: SeniorityRule | null, adminId: string, at: Date) {
  const values = {
    seniorityRule: rule ? rule.keys.map(({ key, direction }) => ({ key, direction })) : null,
    updatedAt: at,
    updatedBy: adminId,
  };
  await executor
    .insert(departmentSettings)
    .values({ id: SETTINGS_ROW_ID, ...values })
    .onConflictDoUpdate({ target: departmentSettings.id, set: values });
}
