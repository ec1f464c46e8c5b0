/** The department's time zone in the one department_settings row (migration 0009). */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { departmentSettings } from '../../db/schema/index.ts';

const SETTINGS_ROW_ID = 1;

export async function readTimeZoneSetting(executor: Executor): Promise<{ timeZone: string; updatedAt: Date } | null> {
  const [row] = await executor
    .select({ timeZone: departmentSettings.timeZone, updatedAt: departmentSettings.updatedAt })
    .from(departmentSettings)
    .where(eq(departmentSettings.id, SETTINGS_ROW_ID));
  return row?.timeZone ? { timeZone: row.timeZone, updatedAt: row.updatedAt } : null;
}

/** Saves the zone, creating the row (rotation unset) when nothing was saved before. */
export async function saveTimeZoneSetting(executor: Executor, timeZone: string, adminId: string, at: Date) {
  const values = { timeZone, updatedAt: at, updatedBy: adminId };
  await executor
    .insert(departmentSettings)
    .values({ id: SETTINGS_ROW_ID, ...values })
    .onConflictDoUpdate({ target: departmentSettings.id, set: values });
}

/** Forgets the saved zone (the default applies again); the row's other settings stay. */
export async function clearTimeZoneSetting(executor: Executor, adminId: string, at: Date) {
  await executor
    .update(departmentSettings)
    .set({ timeZone: null, updatedAt: at, updatedBy: adminId })
    .where(eq(departmentSettings.id, SETTINGS_ROW_ID));
}
