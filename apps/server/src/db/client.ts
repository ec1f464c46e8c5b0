/**
 * Opens the database: embedded PGlite in the data directory by default, or a PostgreSQL server
 * when a URL is given. Both speak the same SQL and run the same migrations.
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repositories accept either. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export const MIGRATIONS_FOLDER = path.join(import.meta.dirname, 'migrations');

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Applies the migrations not yet applied, from the app's folder; the upgrade test passes a folder
   * holding only the first migration, to build a database as the first release left it.
   */
  migrate(migrationsFolder?: string): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball, to start copies from (tests). */
  dumpSnapshot?: () => Promise<Blob>;
}

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePostgres({ client: pool, schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    migrate: (migrationsFolder = MIGRATIONS_FOLDER) =>
      whileHoldingMigrationLock(url, () =>
        migratePostgres(drizzlePostgres({ client: pool, schema }), { migrationsFolder }),
      ),
    close: () => pool.end(),
  };
}

/** Any fixed number: the advisory lock that one migrating process holds (the letters "SBMG"). */
const MIGRATION_LOCK_KEY = 0x53424d47;

/**
 * Runs `migrate` while holding a PostgreSQL advisory lock, on a connection of its own (outside the
 * pool, which may have a single connection): drizzle's migrator takes no lock, so two server
 * processes starting together would both apply the same pending migrations. The second waits,
 * then finds nothing left to apply.
 */
async function whileHoldingMigrationLock(url: string, migrate: () => Promise<void>): Promise<void> {
  const lockHolder = new pg.Client({ connectionString: url });
  await lockHolder.connect();
  try {
    await lockHolder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate();
  } finally {
    // Ending the connection releases the lock too, also when unlocking fails.
    await lockHolder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await lockHolder.end();
  }
}

export async function openPglite(source: { dataDir?: string; snapshot?: Blob }): Promise<DatabaseHandle> {
  const client = await PGlite.create({
    ...(source.dataDir ? { dataDir: source.dataDir } : {}),
    ...(source.snapshot ? { loadDataDir: source.snapshot } : {}),
  });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: (migrationsFolder = MIGRATIONS_FOLDER) =>
      migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
    close: () => client.close(),
    dumpSnapshot: () => client.dumpDataDir('none'),
  };
}

export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite({ dataDir: path.join(options.dataDir, 'pglite') });
}
