/**
 * StationBid's own backup format, the same from PGlite and from PostgreSQL and loadable into
 * either (docs: README, "Backup, restore and moving to PostgreSQL"):
 *
 *   gzip( one JSON value per line )
 *   ["header", { format, formatVersion, createdAt, source, migrations, tables }]
 *   ["table", { name, columns }]      then that table's rows, one JSON object per line
 *   ...                               every table of the `public` schema, parents before children
 *   ["end", { rowCounts }]            written last: a file without it was cut short
 *
 * Why a logical export rather than PGlite's `dumpDataDir` tarball or `pg_dump`: a tarball only
 * loads into the same PGlite version, and a pg_dump file only into PostgreSQL; this one moves an
 * embedded installation into PostgreSQL and back, and survives PGlite upgrades.
 *
 * Consistency: everything is read in one REPEATABLE READ, read-only transaction, so the file is
 * one snapshot (a bid and its participant's outcome are both in it or both not). Rows are the
 * database's own `to_jsonb` text and are loaded with `jsonb_populate_recordset`, so PostgreSQL
 * converts every value both ways: timestamps keep their microseconds and bigints their digits,
 * with no JavaScript number or Date in between.
 */
import { createReadStream, createWriteStream, renameSync, rmSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { plural } from '@stationbid/domain';
import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle, Executor } from '../client.ts';
import {
  type AppliedMigration,
  appliedMigrations,
  codeMigrations,
  describeLevel,
  migrateTo,
  unknownMigrations,
} from './schema-version.ts';
import { queryRows, quoteIdentifier } from './sql.ts';

export const BACKUP_FORMAT = 'stationbid-logical-backup';
export const BACKUP_FORMAT_VERSION = 1;

/**
 * Tables the migrations themselves fill (migration 0001 inserts the engine data counter's one
 * row). A freshly migrated database has these rows and still counts as empty; a restore replaces
 * them with the backup's. The emptiness test in logical-backup.test.ts fails if a new migration
 * seeds another table without adding it here.
 */
export const MIGRATION_SEEDED_TABLES: readonly string[] = ['engine_data_version'];

/** An operator's mistake or a file that cannot be used, with what to do; the CLI prints the message. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  source: { kind: DatabaseHandle['kind']; serverVersion: string };
  /** The schema the rows were written in. */
  migrations: AppliedMigration[];
  tables: { name: string; columns: string[] }[];
}

export interface BackupSummary {
  file: string;
  bytes: number;
  header: BackupHeader;
  rowCounts: Record<string, number>;
}

/** Rows fetched per round trip, and rows (or characters) per INSERT when loading. */
const FETCH_ROWS = 2000;
const INSERT_ROWS = 1000;
const INSERT_CHARACTERS = 4_000_000;

/**
 * The tables of the `public` schema, each after every table it references, so rows load with the
 * foreign keys checked as they go. (Disabling the foreign keys instead would need a superuser,
 * which a hosted PostgreSQL does not give.)
 */
export async function tablesInLoadOrder(db: Executor): Promise<{ name: string; columns: string[] }[]> {
  const tables = await queryRows<{ name: string; columns: string[] }>(
    db,
    sql`select c.relname as name,
          array(select a.attname::text from pg_attribute a
                where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                order by a.attnum) as columns
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p')
        order by c.relname`,
  );
  const references = await queryRows<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent
        from pg_constraint k
          join pg_class child on child.oid = k.conrelid
          join pg_class parent on parent.oid = k.confrelid
          join pg_namespace n on n.oid = child.relnamespace
        where k.contype = 'f' and n.nspname = 'public' and k.conrelid <> k.confrelid`,
  );
  const ordered: { name: string; columns: string[] }[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const next = tables.filter(
      (table) =>
        !placed.has(table.name) &&
        references.every((reference) => reference.child !== table.name || placed.has(reference.parent)),
    );
    if (next.length === 0) {
      const left = tables.filter((table) => !placed.has(table.name)).map((table) => table.name);
      throw new Error(`foreign keys form a cycle among ${left.join(', ')}: the backup cannot order them`);
    }
    for (const table of next) {
      ordered.push(table);
      placed.add(table.name);
    }
  }
  return ordered;
}

/** Rows per table of the `public` schema (exact counts), in load order. */
export async function countRows(db: Executor): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tablesInLoadOrder(db)) {
    const [row] = await queryRows<{ count: string }>(
      db,
      sql.raw(`select count(*)::text as count from public.${quoteIdentifier(table.name)}`),
    );
    counts[table.name] = Number(row?.count ?? 0);
  }
  return counts;
}

/** The tables holding data, other than what the migrations put there; none means empty. */
export async function nonEmptyTables(db: Executor): Promise<{ name: string; rows: number }[]> {
  const counts = await countRows(db);
  return Object.entries(counts)
    .filter(([name, rows]) => rows > 0 && !MIGRATION_SEEDED_TABLES.includes(name))
    .map(([name, rows]) => ({ name, rows }));
}

/**
 * Writes a backup of the whole database to `file`, from one snapshot. The file appears only when
 * complete (written as `<file>.partial`, then renamed), so an interrupted backup never leaves a
 * file that looks like a good one.
 */
export async function writeLogicalBackup(
  db: Database,
  kind: DatabaseHandle['kind'],
  file: string,
): Promise<BackupSummary> {
  const partial = `${file}.partial`;
  const rowCounts: Record<string, number> = {};
  let header: BackupHeader | undefined;
  try {
    await db.transaction(
      async (tx) => {
        const [version] = await queryRows<{ server_version: string }>(tx, sql`show server_version`);
        const tables = await tablesInLoadOrder(tx);
        header = {
          format: BACKUP_FORMAT,
          formatVersion: BACKUP_FORMAT_VERSION,
          createdAt: new Date().toISOString(),
          source: { kind, serverVersion: version?.server_version ?? 'unknown' },
          migrations: await appliedMigrations(tx),
          tables,
        };
        const headerLine = header;
        async function* lines(): AsyncGenerator<string> {
          yield `${JSON.stringify(['header', headerLine])}\n`;
          for (const table of tables) {
            yield `${JSON.stringify(['table', table])}\n`;
            // A cursor, so a table of any size is read a batch at a time within the snapshot.
            await tx.execute(
              sql.raw(
                `declare stationbid_backup no scroll cursor for select to_jsonb(t)::text as row from public.${quoteIdentifier(table.name)} t`,
              ),
            );
            let count = 0;
            for (;;) {
              const rows = await queryRows<{ row: string }>(tx, sql.raw(`fetch ${FETCH_ROWS} from stationbid_backup`));
              if (rows.length === 0) break;
              count += rows.length;
              yield `${rows.map((row) => row.row).join('\n')}\n`;
            }
            await tx.execute(sql.raw('close stationbid_backup'));
            rowCounts[table.name] = count;
          }
          yield `${JSON.stringify(['end', { rowCounts }])}\n`;
        }
        await pipeline(Readable.from(lines()), createGzip(), createWriteStream(partial, { mode: 0o600 }));
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  if (!header) throw new Error('the backup wrote no header');
  return { file, bytes: statSync(file).size, header, rowCounts };
}

type BackupLine =
  | { kind: 'header'; header: BackupHeader }
  | { kind: 'table'; name: string; columns: string[] }
  | { kind: 'row'; json: string }
  | { kind: 'end'; rowCounts: Record<string, number> };

/** The lines of a backup file, decompressed; a damaged or cut gzip stream throws. */
async function* readBackupLines(file: string): AsyncGenerator<BackupLine> {
  const source = createReadStream(file);
  const gunzip = createGunzip();
  source.on('error', (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  gunzip.setEncoding('utf8');
  let pending = '';
  let lineNumber = 0;
  const parse = (line: string): BackupLine => {
    lineNumber += 1;
    // Rows stay text: the database parses them (see the top of this file).
    if (line.startsWith('{')) return { kind: 'row', json: line };
    const [kind, value] = JSON.parse(line) as [string, Record<string, unknown>];
    if (kind === 'header') return { kind, header: value as unknown as BackupHeader };
    if (kind === 'table') return { kind, name: String(value.name), columns: value.columns as string[] };
    if (kind === 'end') return { kind, rowCounts: value.rowCounts as Record<string, number> };
    throw new BackupError(`${file}, line ${lineNumber}: not a StationBid backup line`);
  };
  try {
    for await (const chunk of gunzip as AsyncIterable<string>) {
      pending += chunk;
      let newline = pending.indexOf('\n');
      while (newline !== -1) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        if (line) yield parse(line);
        newline = pending.indexOf('\n');
      }
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(
      `${file} is not a readable StationBid backup (${(error as Error).message}); it may be cut short or damaged. Use another backup.`,
    );
  } finally {
    source.destroy();
  }
  if (pending) yield parse(pending);
}

/** Reads a backup's header only, checking that the file is one. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  const lines = readBackupLines(file);
  try {
    const first = await lines.next();
    return checkHeader(file, first.done ? undefined : first.value);
  } finally {
    await lines.return(undefined);
  }
}

function checkHeader(file: string, line: BackupLine | undefined): BackupHeader {
  if (line?.kind !== 'header' || line.header.format !== BACKUP_FORMAT) {
    throw new BackupError(`${file} is not a StationBid backup (made by npm run db:backup).`);
  }
  if (line.header.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      `${file} is in backup format ${line.header.formatVersion}, newer than this StationBid reads (${BACKUP_FORMAT_VERSION}). Restore it with the StationBid version that made it, or a newer one.`,
    );
  }
  return line.header;
}

/**
 * Reads a whole backup without a database: a StationBid header, then tables whose rows add up to
 * what the end marker says. Answers the header and the row counts; throws a BackupError otherwise.
 */
export async function verifyLogicalBackup(file: string): Promise<Omit<BackupSummary, 'file'>> {
  const lines = readBackupLines(file);
  const first = await lines.next();
  const header = checkHeader(file, first.done ? undefined : first.value);
  const rowCounts: Record<string, number> = {};
  let current: string | undefined;
  let trailer: Record<string, number> | undefined;
  for await (const line of lines) {
    if (line.kind === 'table') {
      current = line.name;
      rowCounts[current] = 0;
    } else if (line.kind === 'row' && current) {
      rowCounts[current] = (rowCounts[current] ?? 0) + 1;
    } else if (line.kind === 'end') {
      trailer = line.rowCounts;
    }
  }
  if (!trailer) throw new BackupError(`${file} ends before its end marker: the backup was cut short.`);
  const expected = trailer;
  const mismatched = Object.keys({ ...expected, ...rowCounts }).filter(
    (name) => (expected[name] ?? 0) !== (rowCounts[name] ?? 0),
  );
  if (mismatched.length > 0) {
    throw new BackupError(`${file} does not hold the rows its end marker counts (${mismatched.join(', ')}).`);
  }
  return { header, rowCounts, bytes: statSync(file).size };
}

export interface RestoreSummary {
  header: BackupHeader;
  rowCounts: Record<string, number>;
}

/**
 * Loads a backup into an empty database (PGlite or PostgreSQL): migrates it to the backup's
 * schema, loads every table in one transaction, sets the identity sequences past the loaded ids,
 * then runs the migrations the backup predates. Refuses a database that holds data, a backup from
 * a newer StationBid, and a file that was cut short (nothing is loaded then).
 */
export async function restoreLogicalBackup(target: DatabaseHandle, file: string): Promise<RestoreSummary> {
  const header = await readBackupHeader(file);
  const newer = unknownMigrations(header.migrations);
  if (newer.length > 0) {
    throw new BackupError(
      `${file} was made by a newer StationBid: its schema has ${plural(newer.length, 'migration')} this version does not know (the newest from ${new Date(newer.at(-1)!.createdAt).toISOString()}). Upgrade StationBid, then restore.`,
    );
  }
  await refuseNonEmpty(target.db, 'restore');
  const backupLevel = header.migrations.at(-1)?.createdAt ?? 0;
  const targetMigrations = await appliedMigrations(target.db);
  const targetLevel = targetMigrations.at(-1)?.createdAt ?? 0;
  if (targetLevel > backupLevel) {
    throw new BackupError(
      `The target database is already migrated past the backup (it is at ${describeLevel(targetMigrations)}, the backup at ${describeLevel(header.migrations)}), so the backup's rows would skip the newer migrations. Restore into a new, empty database (createdb, or a new DATA_DIR).`,
    );
  }
  if (header.migrations.length > 0) await migrateTo(target, backupLevel);

  const rowCounts: Record<string, number> = {};
  await target.db.transaction(async (tx) => {
    // User triggers (the engine data counter, the session version) describe changes made through
    // the app; a restore puts back their stored values instead. Owning the tables is enough for
    // this, unlike foreign keys (see tablesInLoadOrder), and it is undone if the load fails.
    const tables = await tablesInLoadOrder(tx);
    for (const table of tables) {
      await tx.execute(sql.raw(`alter table public.${quoteIdentifier(table.name)} disable trigger user`));
    }
    let current: { name: string; columns: string[] } | undefined;
    let batch: string[] = [];
    let batchCharacters = 0;
    let trailer: Record<string, number> | undefined;
    const flush = async () => {
      if (!current || batch.length === 0) return;
      const table = `public.${quoteIdentifier(current.name)}`;
      const columns = current.columns.map(quoteIdentifier).join(', ');
      // OVERRIDING SYSTEM VALUE keeps the ids of GENERATED ALWAYS identity columns.
      await tx.execute(
        sql`${sql.raw(`insert into ${table} (${columns}) overriding system value select ${columns} from jsonb_populate_recordset(null::${table}, `)}${`[${batch.join(',')}]`}::jsonb)`,
      );
      rowCounts[current.name] = (rowCounts[current.name] ?? 0) + batch.length;
      batch = [];
      batchCharacters = 0;
    };
    const lines = readBackupLines(file);
    await lines.next(); // the header, checked above
    for await (const line of lines) {
      if (trailer) throw new BackupError(`${file} goes on after its end marker; it is damaged. Use another backup.`);
      if (line.kind === 'table') {
        await flush();
        current = { name: line.name, columns: line.columns };
        rowCounts[current.name] = 0;
        // Only migration-seeded rows can be here (the target was checked empty): the backup's replace them.
        await tx.execute(sql.raw(`delete from public.${quoteIdentifier(current.name)}`));
      } else if (line.kind === 'row') {
        if (!current) throw new BackupError(`${file} has rows before any table; it is damaged. Use another backup.`);
        batch.push(line.json);
        batchCharacters += line.json.length;
        if (batch.length >= INSERT_ROWS || batchCharacters >= INSERT_CHARACTERS) await flush();
      } else if (line.kind === 'end') {
        await flush();
        trailer = line.rowCounts;
      } else {
        throw new BackupError(`${file} has a second header; it is damaged. Use another backup.`);
      }
    }
    if (!trailer) {
      throw new BackupError(
        `${file} ends before its end marker: the backup was cut short (a full disk, an interrupted copy?). Nothing was restored; use a complete backup.`,
      );
    }
    const expected = trailer;
    const mismatched = Object.keys({ ...expected, ...rowCounts }).filter(
      (name) => (expected[name] ?? 0) !== (rowCounts[name] ?? 0),
    );
    if (mismatched.length > 0) {
      throw new BackupError(
        `${file} does not hold the rows its end marker counts (${mismatched.join(', ')}); it is damaged. Nothing was restored; use another backup.`,
      );
    }
    await resetIdentitySequences(tx);
    for (const table of tables) {
      await tx.execute(sql.raw(`alter table public.${quoteIdentifier(table.name)} enable trigger user`));
    }
  });
  // The migrations the backup predates, over its rows, as a server upgrade would run them.
  await migrateTo(target);
  return { header, rowCounts };
}

/** The tables that tell a person whose database it is: named first when a target is not empty. */
const DEPARTMENT_TABLES = ['members', 'bid_sessions', 'stations', 'seats'];

/** Refuses a database holding data other than what the migrations put there, naming the tables. */
export async function refuseNonEmpty(db: Executor, what: 'restore' | 'move'): Promise<void> {
  const tables = await nonEmptyTables(db);
  if (tables.length === 0) return;
  const rankOf = (name: string) => {
    const index = DEPARTMENT_TABLES.indexOf(name);
    return index === -1 ? DEPARTMENT_TABLES.length : index;
  };
  const listed = [...tables]
    .sort((first, second) => rankOf(first.name) - rankOf(second.name) || second.rows - first.rows)
    .slice(0, 5)
    .map((table) => `${table.name} (${table.rows})`)
    .join(', ');
  throw new BackupError(
    `The target database is not empty: ${listed}${tables.length > 5 ? ', ...' : ''}. A ${what} only goes into an empty database, so nothing there is overwritten: create a new one (createdb, or a new DATA_DIR) and ${what === 'move' ? 'move' : 'restore'} into that.`,
  );
}

/** Identity and serial columns continue after the largest id loaded, not at 1. */
async function resetIdentitySequences(db: Executor): Promise<void> {
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name::text as table_name, column_name::text as column_name from information_schema.columns
        where table_schema = 'public' and (is_identity = 'YES' or column_default like 'nextval(%')`,
  );
  for (const { table_name, column_name } of columns) {
    const table = `public.${quoteIdentifier(table_name)}`;
    const column = quoteIdentifier(column_name);
    await db.execute(
      sql`select setval(pg_get_serial_sequence(${table}, ${column_name}), coalesce(max(${sql.raw(column)}), 1), max(${sql.raw(column)}) is not null) from ${sql.raw(table)}`,
    );
  }
}

/** The code's schema level, for messages. */
export function codeLevel(): string {
  return describeLevel(codeMigrations());
}
