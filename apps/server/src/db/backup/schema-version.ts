/**
 * Which schema a database (or a backup) is at: the drizzle migrations applied to it, as drizzle's
 * migrator records them in `drizzle.__drizzle_migrations` (one row per migration, `created_at`
 * being the journal entry's `when`). The code's own schema is the journal in MIGRATIONS_FOLDER.
 *
 * A backup carries its source's applied migrations, so a restore can
 * - refuse a backup made by a newer StationBid (a migration this code does not know), and
 * - load an older backup's rows into the schema they were written in (migrating the empty target
 *   only up to the backup's level), then run the newer migrations over them, exactly as a server
 *   upgrade would have done, including any data changes those migrations make.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { type DatabaseHandle, type Executor, MIGRATIONS_FOLDER } from '../client.ts';
import { queryRows } from './sql.ts';

export interface AppliedMigration {
  /** The journal entry's `when`: how drizzle identifies a migration. */
  createdAt: number;
  hash: string;
  /** The migration's file name without `.sql`, when this code knows it. */
  tag?: string;
}

interface JournalEntry {
  tag: string;
  when: number;
}

/** The migrations this code ships, oldest first. */
export function codeMigrations(): AppliedMigration[] {
  const files = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  const tags = journalEntries();
  return files.map((file) => ({
    createdAt: file.folderMillis,
    hash: file.hash,
    tag: tags.find((entry) => entry.when === file.folderMillis)?.tag,
  }));
}

function journalEntries(): JournalEntry[] {
  // readMigrationFiles drops the tags; the journal is small.
  const journal = JSON.parse(readFileSync(`${MIGRATIONS_FOLDER}/meta/_journal.json`, 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/** The migrations applied to a database, oldest first; none for a database never migrated. */
export async function appliedMigrations(db: Executor): Promise<AppliedMigration[]> {
  const [exists] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!exists?.present) return [];
  const rows = await queryRows<{ hash: string; created_at: string }>(
    db,
    sql`select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at`,
  );
  const known = codeMigrations();
  return rows.map((row) => {
    const createdAt = Number(row.created_at);
    const tag = known.find((migration) => migration.createdAt === createdAt)?.tag;
    return { createdAt, hash: row.hash, ...(tag ? { tag } : {}) };
  });
}

/** The applied migrations this code does not ship: a database or backup from a newer StationBid. */
export function unknownMigrations(applied: AppliedMigration[]): AppliedMigration[] {
  const known = new Set(codeMigrations().map((migration) => migration.createdAt));
  return applied.filter((migration) => !known.has(migration.createdAt));
}

/** "0005_live_ticket_uses" for the newest migration applied, "no migrations" for none. */
export function describeLevel(applied: AppliedMigration[]): string {
  const last = applied.at(-1);
  if (!last) return 'no migrations';
  return last.tag ?? `an unknown migration of ${new Date(last.createdAt).toISOString()}`;
}

/**
 * Runs this code's migrations on a database, all of them or only up to and including the
 * migration created at `upTo` (a backup's level). Drizzle's migrator applies every migration newer
 * than the last one recorded, so the partial run simply hands it the first part of the list.
 */
export async function migrateTo(handle: DatabaseHandle, upTo?: number): Promise<void> {
  const all = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  const migrations = upTo === undefined ? all : all.filter((migration) => migration.folderMillis <= upTo);
  // What drizzle's pglite and node-postgres `migrate()` do, with a list instead of a folder.
  const internals = handle.db as unknown as {
    dialect: { migrate(migrations: unknown, session: unknown, config: object): Promise<void> };
    session: unknown;
  };
  await internals.dialect.migrate(migrations, internals.session, {});
}
