/**
 * The operator's commands `npm run db:backup`, `db:restore` and `db:move` (README, "Backup,
 * restore and moving to PostgreSQL"). Each takes the database settings the server uses
 * (DATABASE_URL, DATA_DIR) and writes what it does, and what to do next, through `log`; a
 * BackupError is a refusal with its reason, printed as is.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { type DatabaseHandle, openPglite, openPostgres } from '../client.ts';
import { claimDataDir, describeHolder, findHolder, requestBackupFromHolder } from './control.ts';
import {
  BackupError,
  type BackupSummary,
  countRows,
  refuseNonEmpty,
  restoreLogicalBackup,
  verifyLogicalBackup,
  writeLogicalBackup,
} from './logical-backup.ts';
import { isPgDumpFile, pgDumpUsable, restorePgDump, writePgDump } from './pg-dump.ts';
import { describeLevel } from './schema-version.ts';

export interface CommandContext {
  /** DATABASE_URL: PostgreSQL; unset: the embedded database in `dataDir`. */
  databaseUrl: string | undefined;
  /** DATA_DIR, resolved: the embedded database lives in its `pglite` folder. */
  dataDir: string;
  log: (line: string) => void;
}

export type BackupFormat = 'auto' | 'logical' | 'pg_dump';

function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/** The host and database of a URL, without its password, for messages. */
export function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `PostgreSQL ${parsed.host}${parsed.pathname}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

/** `npm run db:backup -- <file>` */
export async function backupCommand(context: CommandContext, file: string, format: BackupFormat = 'auto') {
  const target = path.resolve(file);
  if (existsSync(target)) {
    throw new BackupError(`${target} already exists; give a new file name (a backup never overwrites one).`);
  }
  mkdirSync(path.dirname(target), { recursive: true });

  if (context.databaseUrl) {
    const source = describeUrl(context.databaseUrl);
    // pg_dump's custom format when the tools fit the server: the PostgreSQL way, restored with
    // pg_restore (by db:restore too). Otherwise, or with --format=logical, StationBid's format.
    const pgDump =
      format === 'logical'
        ? { usable: false as const, reason: '--format=logical' }
        : await pgDumpUsable(context.databaseUrl);
    if (format === 'pg_dump' && !pgDump.usable) throw new BackupError(`pg_dump cannot be used: ${pgDump.reason}.`);
    if (pgDump.usable) {
      context.log(`Backing up ${source} with ${pgDump.version} (custom format)...`);
      await writePgDump(context.databaseUrl, target);
      context.log(
        `Wrote ${target}: a pg_dump file; npm run db:restore (or pg_restore) loads it into an empty PostgreSQL database.`,
      );
      return;
    }
    context.log(`Backing up ${source} as a StationBid logical backup (pg_dump not used: ${pgDump.reason})...`);
    const handle = await openPostgres(context.databaseUrl, { max: 1 });
    try {
      reportBackup(context, await writeLogicalBackup(handle.db, 'postgres', target));
    } finally {
      await handle.close();
    }
    return;
  }

  if (format === 'pg_dump')
    throw new BackupError('--format=pg_dump needs DATABASE_URL: the embedded database has no pg_dump.');
  const dataDir = context.dataDir;
  if (!existsSync(pgliteDir(dataDir))) {
    throw new BackupError(
      `There is no embedded database in ${dataDir} (DATA_DIR). Run this where the server runs, with its DATA_DIR, or set DATABASE_URL for PostgreSQL.`,
    );
  }
  const holder = await findHolder(dataDir);
  if (holder?.holder === 'server') {
    context.log(
      `The server is running (pid ${holder.pid}): it writes the backup from its open database, in one transaction.`,
    );
    await requestBackupFromHolder(dataDir, target);
    reportBackup(context, { file: target, ...(await verifyLogicalBackup(target)) });
    return;
  }
  if (holder)
    throw new BackupError(
      `The data directory ${dataDir} is in use by ${describeHolder(holder)}; try again when it has finished.`,
    );
  context.log(`The server is not running: reading the embedded database in ${dataDir} directly.`);
  await withEmbeddedDatabase(dataDir, 'db:backup', async (handle) => {
    reportBackup(context, await writeLogicalBackup(handle.db, 'pglite', target));
  });
}

/** `npm run db:restore -- <file>` */
export async function restoreCommand(context: CommandContext, file: string) {
  const source = path.resolve(file);
  if (!existsSync(source)) throw new BackupError(`${source} does not exist.`);

  if (await isPgDumpFile(source)) {
    if (!context.databaseUrl) {
      throw new BackupError(
        `${source} is a pg_dump file, which only PostgreSQL can load: set DATABASE_URL to an empty PostgreSQL database. (To put a PostgreSQL installation into the embedded database, back it up with npm run db:backup -- <file> --format=logical.)`,
      );
    }
    context.log(`Restoring the pg_dump file ${source} into ${describeUrl(context.databaseUrl)} with pg_restore...`);
    const handle = await openPostgres(context.databaseUrl, { max: 1 });
    try {
      await refuseNonEmpty(handle.db, 'restore');
      await restorePgDump(context.databaseUrl, source);
      reportCounts(context, await countRows(handle.db));
    } finally {
      await handle.close();
    }
    context.log('Restored. Start the server with this DATABASE_URL.');
    return;
  }

  if (context.databaseUrl) {
    context.log(`Restoring ${source} into ${describeUrl(context.databaseUrl)}...`);
    const handle = await openPostgres(context.databaseUrl, { max: 1 });
    try {
      reportRestore(context, await restoreLogicalBackup(handle, source));
    } finally {
      await handle.close();
    }
    context.log('Restored. Start the server with this DATABASE_URL.');
    return;
  }
  context.log(`Restoring ${source} into the embedded database in ${context.dataDir}...`);
  await withEmbeddedDatabase(context.dataDir, 'db:restore', async (handle) => {
    reportRestore(context, await restoreLogicalBackup(handle, source));
  });
  context.log(`Restored. Start the server with DATA_DIR=${context.dataDir}.`);
}

/** `npm run db:move -- --to postgresql://...` */
export async function moveCommand(context: CommandContext, targetUrl: string) {
  if (!/^postgres(ql)?:\/\//.test(targetUrl)) {
    throw new BackupError(
      `--to must be a PostgreSQL URL, postgresql://user:password@host:5432/database (got "${targetUrl}").`,
    );
  }
  if (context.databaseUrl) {
    throw new BackupError(
      'DATABASE_URL is set, so this installation already runs on PostgreSQL. db:move copies the embedded database (DATA_DIR) into PostgreSQL: unset DATABASE_URL to move the embedded one.',
    );
  }
  const dataDir = context.dataDir;
  if (!existsSync(pgliteDir(dataDir))) {
    throw new BackupError(
      `There is no embedded database in ${dataDir} (DATA_DIR). Set DATA_DIR to the server's data directory.`,
    );
  }
  const holder = await findHolder(dataDir);
  if (holder) {
    // A copy taken while the server runs would leave behind every bid made after it.
    throw new BackupError(
      `The data directory ${dataDir} is in use by ${describeHolder(holder)}. Stop the server first: bids made after the copy would not reach PostgreSQL. A session in progress resumes after the move (its deadlines are stored as times).`,
    );
  }
  const destination = describeUrl(targetUrl);
  const target = await openPostgres(targetUrl, { max: 1 });
  const temporary = path.join(dataDir, `move-${process.pid}.backup.tmp`);
  try {
    await refuseNonEmpty(target.db, 'move');
    await withEmbeddedDatabase(dataDir, 'db:move', async (source) => {
      context.log(`Copying the embedded database in ${dataDir} into ${destination}...`);
      const backup = await writeLogicalBackup(source.db, 'pglite', temporary);
      await restoreLogicalBackup(target, temporary);
      const copied = await countRows(target.db);
      const tables = Object.keys({ ...backup.rowCounts, ...copied });
      const width = Math.max(...tables.map((table) => table.length), 5);
      context.log(`${'table'.padEnd(width)}  embedded  PostgreSQL`);
      const different: string[] = [];
      for (const table of tables) {
        const before = backup.rowCounts[table] ?? 0;
        const after = copied[table] ?? 0;
        if (before !== after) different.push(table);
        context.log(
          `${table.padEnd(width)}  ${String(before).padStart(8)}  ${String(after).padStart(10)}${before === after ? '' : '  DIFFERENT'}`,
        );
      }
      if (different.length > 0) {
        throw new BackupError(
          `The row counts differ in ${different.join(', ')}: do not switch. Drop and re-create the PostgreSQL database, then run db:move again.`,
        );
      }
      context.log(`All ${tables.length} tables match.`);
    });
  } finally {
    rmSync(temporary, { force: true });
    await target.close();
  }
  context.log('');
  context.log('To run on PostgreSQL from now on, set');
  context.log(`  DATABASE_URL=${targetUrl}`);
  if (!process.env.JWT_SECRET && existsSync(path.join(dataDir, 'jwt-secret'))) {
    context.log(
      `and keep DATA_DIR=${dataDir} (its jwt-secret signs the members' sign-ins), or set JWT_SECRET to the contents of ${path.join(dataDir, 'jwt-secret')};`,
    );
  }
  context.log(
    'then start the server. A session in progress resumes with the same turn and deadline. The embedded database is left as it was; remove it once you are satisfied.',
  );
}

/**
 * Opens the embedded database while holding the data directory, so a server starting meanwhile
 * refuses instead of opening it too.
 */
async function withEmbeddedDatabase<T>(
  dataDir: string,
  holder: 'db:backup' | 'db:restore' | 'db:move',
  work: (handle: DatabaseHandle) => Promise<T>,
): Promise<T> {
  mkdirSync(dataDir, { recursive: true });
  const claim = await claimDataDir(dataDir, holder);
  try {
    const handle = await openPglite({ dataDir: pgliteDir(dataDir) });
    try {
      return await work(handle);
    } finally {
      await handle.close();
    }
  } finally {
    await claim.release();
  }
}

function reportBackup(context: CommandContext, summary: Pick<BackupSummary, 'file' | 'header' | 'rowCounts'>) {
  const rows = Object.values(summary.rowCounts).reduce((sum, count) => sum + count, 0);
  context.log(
    `Wrote ${summary.file}: ${Object.keys(summary.rowCounts).length} tables, ${rows} rows, schema ${describeLevel(summary.header.migrations)}.`,
  );
}

function reportRestore(context: CommandContext, summary: { rowCounts: Record<string, number> }) {
  reportCounts(context, summary.rowCounts);
}

function reportCounts(context: CommandContext, counts: Record<string, number>) {
  const rows = Object.values(counts).reduce((sum, count) => sum + count, 0);
  const members = counts.members ?? 0;
  const sessions = counts.bid_sessions ?? 0;
  context.log(
    `Loaded ${Object.keys(counts).length} tables, ${rows} rows (${members} members, ${sessions} bid sessions).`,
  );
}
