/**
 * Backups of a PostgreSQL installation with PostgreSQL's own tools, when they are installed:
 * `pg_dump --format=custom` to write, `pg_restore` to load. An operator's existing tooling reads
 * these files, and they carry the whole schema (triggers, functions, indexes) as the server had it.
 *
 * pg_dump refuses a server newer than itself, so it is used only when its major version is at
 * least the server's; otherwise db:backup writes StationBid's logical format instead.
 * The password never goes on a command line (where `ps` shows it): it is handed over in
 * PGPASSWORD, and the URL given to the tools has none.
 */
import { execFile } from 'node:child_process';
import { chmod, open, rename, rm } from 'node:fs/promises';
import { promisify } from 'node:util';
import { plural } from '@stationbid/domain';
import pg from 'pg';
import { BackupError } from './logical-backup.ts';
import { unknownMigrations } from './schema-version.ts';

const run = promisify(execFile);
const PG_DUMP_MAGIC = 'PGDMP';

export type PgDumpCheck = { usable: true; version: string } | { usable: false; reason: string };

/** Whether pg_dump is on the PATH and can dump this server. */
export async function pgDumpUsable(url: string): Promise<PgDumpCheck> {
  let version: string;
  try {
    version = (await run('pg_dump', ['--version'])).stdout.trim();
  } catch {
    return { usable: false, reason: 'pg_dump is not on the PATH' };
  }
  const clientMajor = Number(/(\d+)(?:\.\d+)?/.exec(version)?.[1] ?? 0);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version_num: string }>('show server_version_num');
    const serverMajor = Math.floor(Number(rows[0]?.server_version_num ?? 0) / 10_000);
    if (clientMajor < serverMajor) {
      return { usable: false, reason: `${version} is older than the server (PostgreSQL ${serverMajor})` };
    }
  } finally {
    await client.end();
  }
  return { usable: true, version };
}

/** The tools' environment: the password in PGPASSWORD, and the URL without it. */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** pg_dump's custom format into `file`, through `<file>.partial` so only a complete dump gets the name. */
export async function writePgDump(url: string, file: string): Promise<void> {
  const { dbname, env } = connection(url);
  const partial = `${file}.partial`;
  try {
    await run(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`, `--dbname=${dbname}`],
      {
        env,
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    // A backup holds password hashes and sign-in tokens: readable by its owner only, like db:backup's own files.
    await chmod(partial, 0o600);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw new BackupError(
      `pg_dump failed: ${(error as { stderr?: string }).stderr?.trim() || (error as Error).message}`,
    );
  }
}

export async function isPgDumpFile(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(PG_DUMP_MAGIC.length);
    await handle.read(buffer, 0, buffer.length, 0);
    return buffer.toString('latin1') === PG_DUMP_MAGIC;
  } finally {
    await handle.close();
  }
}

/**
 * Loads a pg_dump file into an empty database (the caller checked it holds no data) in one
 * transaction. `--clean --if-exists` first drops what a migrated but empty database already has,
 * so the dump's own schema, of its own level, is what ends up there. A dump whose schema has a
 * migration this code does not know is refused, as for the logical format.
 */
export async function restorePgDump(url: string, file: string): Promise<void> {
  const migrations = await dumpedMigrations(file);
  const newer = unknownMigrations(migrations);
  if (newer.length > 0) {
    throw new BackupError(
      `${file} was made by a newer StationBid: its schema has ${plural(newer.length, 'migration')} this version does not know. Upgrade StationBid, then restore.`,
    );
  }
  const { dbname, env } = connection(url);
  try {
    await run(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--clean',
        '--if-exists',
        '--single-transaction',
        '--exit-on-error',
        `--dbname=${dbname}`,
        file,
      ],
      { env, maxBuffer: 16 * 1024 * 1024 },
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new BackupError(
        'pg_restore is not on the PATH: install the PostgreSQL client tools (e.g. apt-get install postgresql-client).',
      );
    }
    throw new BackupError(
      `pg_restore failed; nothing was restored: ${(error as { stderr?: string }).stderr?.trim() || (error as Error).message}`,
    );
  }
}

/** The drizzle migrations recorded in a dump, read from its COPY data without a database. */
async function dumpedMigrations(file: string): Promise<{ createdAt: number; hash: string }[]> {
  let script: string;
  try {
    ({ stdout: script } = await run(
      'pg_restore',
      ['--data-only', '--schema=drizzle', '--table=__drizzle_migrations', '--file=-', file],
      { maxBuffer: 16 * 1024 * 1024 },
    ));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new BackupError(
        'pg_restore is not on the PATH: install the PostgreSQL client tools (e.g. apt-get install postgresql-client).',
      );
    }
    throw new BackupError(`${file} is not a readable pg_dump file: ${(error as { stderr?: string }).stderr?.trim()}`);
  }
  const copy = /COPY drizzle\.__drizzle_migrations \(id, hash, created_at\) FROM stdin;\n([\s\S]*?)\n\\\.\n/.exec(
    script,
  );
  if (!copy?.[1]) return [];
  return copy[1].split('\n').map((line) => {
    const [, hash = '', createdAt = '0'] = line.split('\t');
    return { hash, createdAt: Number(createdAt) };
  });
}
