/**
 * `npm run db:backup | db:restore | db:move` (scripts/db.mjs calls runCli): reads the
 * arguments and the server's database settings (DATABASE_URL, DATA_DIR, as `npm start` reads
 * them), runs the command, and exits 0, or 1 with the reason (and what to do) on stderr.
 * Built into apps/server/dist/db.js as well, so a production install without tsx has it too.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type BackupFormat, backupCommand, type CommandContext, moveCommand, restoreCommand } from './commands.ts';
import { BackupError } from './logical-backup.ts';

const USAGE = `Usage:
  npm run db:backup -- <file> [--format=auto|logical|pg_dump]
      a consistent backup of the database, also while the server runs
  npm run db:restore -- <file>
      load a backup into an empty database
  npm run db:move -- --to postgresql://user:password@host:5432/database
      copy the embedded database into an empty PostgreSQL database (stop the server first)
They use the server's settings: DATABASE_URL for PostgreSQL, otherwise the embedded database in
DATA_DIR (./data).`;

export async function runCli(argv: string[], log = console.log): Promise<number> {
  const [command, ...rest] = argv;
  let parsed: ReturnType<typeof parse>;
  const parse = (args: string[]) =>
    parseArgs({
      args,
      allowPositionals: true,
      options: { format: { type: 'string' }, to: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  try {
    parsed = parse(rest);
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 1;
  }
  if (parsed.values.help) {
    log(USAGE);
    return 0;
  }
  const databaseUrl = process.env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    console.error('DATABASE_URL must be a postgres:// or postgresql:// URL.');
    return 1;
  }
  const context: CommandContext = {
    databaseUrl,
    dataDir: path.resolve(process.env.DATA_DIR || './data'),
    log,
  };
  const [file, ...extra] = parsed.positionals;
  try {
    if (command === 'backup' && file && extra.length === 0) {
      const format = (parsed.values.format ?? 'auto') as BackupFormat;
      if (!['auto', 'logical', 'pg_dump'].includes(format)) {
        console.error(`--format must be auto, logical or pg_dump (got "${format}").`);
        return 1;
      }
      await backupCommand(context, file, format);
    } else if (command === 'restore' && file && extra.length === 0) {
      await restoreCommand(context, file);
    } else if (command === 'move' && parsed.values.to && !file) {
      await moveCommand(context, parsed.values.to);
    } else {
      console.error(USAGE);
      return 1;
    }
    return 0;
  } catch (error) {
    if (error instanceof BackupError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}
