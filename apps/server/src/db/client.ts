/**
 * Opens the database: embedded PGlite in the data directory by default, or a PostgreSQL server
 * when a URL is given. Both speak the same SQL and run the same migrations.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type AppliedMigration, migrateAndReport } from './migration-report.ts';
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
   * Applies the migrations not yet applied, from the app's folder, and answers which it applied and
   * how long each took (the start-up log); the upgrade test passes a folder holding only the first
   * migration, to build a database as the first release left it.
   */
  migrate(migrationsFolder?: string): Promise<AppliedMigration[]>;
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
        migrateAndReport(drizzlePostgres({ client: pool, schema }), migrationsFolder),
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
async function whileHoldingMigrationLock<T>(url: string, migrate: () => Promise<T>): Promise<T> {
  const lockHolder = new pg.Client({ connectionString: url });
  await lockHolder.connect();
  try {
    await lockHolder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    return await migrate();
  } finally {
    // Ending the connection releases the lock too, also when unlocking fails.
    await lockHolder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await lockHolder.end();
  }
}

/**
 * PGlite's Postgres settings: its own defaults, and a shared buffer pool of 16 MB instead of
 * Postgres' 128 MB. PGlite touches the whole pool when it starts (it is part of its WebAssembly
 * memory, which never shrinks), so the pool is resident memory from the first second; the rows a
 * session works on fit in 16 MB, and a page not in the pool is read from the operating system's
 * file cache, as on PostgreSQL (docs/performance.md, "bench/idle-memory").
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

export async function openPglite(source: { dataDir?: string; snapshot?: Blob }): Promise<DatabaseHandle> {
  if (source.dataDir && !existsSync(path.join(source.dataDir, 'PG_VERSION'))) {
    await createPgliteDataDir(source.dataDir);
  }
  const client = await PGlite.create({
    ...(source.dataDir ? { dataDir: source.dataDir } : {}),
    ...(source.snapshot ? { loadDataDir: source.snapshot } : {}),
    startParams: PGLITE_START_PARAMS,
  });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: (migrationsFolder = MIGRATIONS_FOLDER) =>
      migrateAndReport(drizzlePglite({ client, schema }), migrationsFolder),
    close: () => client.close(),
    dumpSnapshot: () => client.dumpDataDir('none'),
  };
}

/**
 * Creates an empty data directory (initdb) in a child process. In this process PGlite's initdb
 * leaves a second database instance and initdb's own WebAssembly memory reachable for as long as
 * the database stays open: about 500 MB of a server's idle memory after its first start. A child
 * process gives all of it back when it exits.
 */
async function createPgliteDataDir(dataDir: string): Promise<void> {
  const pgliteEntry = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  const script = [
    'const [entry, options] = process.argv.slice(1);',
    'const { PGlite } = await import(entry);',
    'await (await PGlite.create(JSON.parse(options))).close();',
  ].join('\n');
  const options = JSON.stringify({ dataDir, startParams: PGLITE_START_PARAMS });
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script, pgliteEntry, options], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(new Error(`Could not create the embedded database in ${dataDir} (${code ?? signal}): ${stderr.trim()}`));
    });
  });
}

export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite({ dataDir: path.join(options.dataDir, 'pglite') });
}
