/**
 * drizzle's migrate(), saying which migrations it applied and how long each took, for the start-up
 * log. It is what drizzle's pglite and node-postgres migrators do (read the folder, hand the list
 * to the dialect), with each migration's statements timed as the dialect runs them: it runs only
 * the pending ones, all in one transaction, statement by statement, so the time from a migration's
 * first statement to the end of its last is that migration's.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';

export interface AppliedMigration {
  /** The migration's name, e.g. "0007_live_ticket_uses" (its tag in meta/_journal.json). */
  name: string;
  durationMs: number;
}

interface MigratingDatabase {
  dialect: { migrate(migrations: unknown, session: unknown, config: object): Promise<void> };
  session: unknown;
}

/** Applies the pending migrations of `migrationsFolder`; answers those applied, in order (none: []). */
export async function migrateAndReport(db: unknown, migrationsFolder: string): Promise<AppliedMigration[]> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  const names = new Map(journal.entries.map((entry) => [entry.when, entry.tag]));
  const applied: AppliedMigration[] = [];
  const migrations = readMigrationFiles({ migrationsFolder }).map((migration) => ({
    ...migration,
    sql: timedStatements(migration.sql, (durationMs) =>
      applied.push({ name: names.get(migration.folderMillis) ?? String(migration.folderMillis), durationMs }),
    ),
  }));
  const { dialect, session } = db as MigratingDatabase;
  await dialect.migrate(migrations, session, { migrationsFolder });
  // Reported only once the transaction committed: a failed upgrade applied nothing.
  return applied;
}

/**
 * The statements as the dialect iterates them: the clock starts at the first and stops when the
 * last has run (a statement that throws ends the iteration without a report).
 */
function timedStatements(statements: string[], done: (durationMs: number) => void): string[] {
  function* timed(): Generator<string> {
    const started = performance.now();
    yield* statements;
    done(Math.round((performance.now() - started) * 10) / 10);
  }
  // The dialect only iterates `sql` (for...of); an iterable stands in for the array.
  return { [Symbol.iterator]: timed } as unknown as string[];
}
