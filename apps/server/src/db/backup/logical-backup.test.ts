/**
 * The logical backup format on real databases: the demo department with a session in progress,
 * backed up from the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL) and restored
 * into an empty PGlite and an empty PostgreSQL database, compared row by row as the database
 * prints them. Then the refusals: a database holding data, a backup from a newer schema, a file
 * cut short.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDatabaseName } from '../../test/global-setup.ts';
import { createTestContext, injectAs, signIn, type TestContext } from '../../test/test-app.ts';
import { type DatabaseHandle, type Executor, openPglite, openPostgres } from '../client.ts';
import { DEMO_ADMIN } from '../seed/demo-data.ts';
import { seedIfEmpty } from '../seed/seed.ts';
import { backupCommand, restoreCommand } from './commands.ts';
import {
  BackupError,
  countRows,
  nonEmptyTables,
  restoreLogicalBackup,
  tablesInLoadOrder,
  verifyLogicalBackup,
  writeLogicalBackup,
} from './logical-backup.ts';
import { appliedMigrations, codeMigrations, migrateTo } from './schema-version.ts';
import { queryRows, quoteIdentifier } from './sql.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;
const NEEDS_POSTGRES = postgresUrl ? '' : ' (skipped: set TEST_DATABASE_URL to a PostgreSQL server to run it)';

const workDir = mkdtempSync(path.join(tmpdir(), 'stationbid-backup-'));
const backupFile = path.join(workDir, 'demo.backup.gz');
let context: TestContext;
let sessionId: string;
const scratchDatabases: string[] = [];
const openHandles: DatabaseHandle[] = [];

/** Every table's rows as the database prints them (to_jsonb), sorted: equal only if every value is. */
async function contents(db: Executor): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const table of await tablesInLoadOrder(db)) {
    const rows = await queryRows<{ row: string }>(
      db,
      sql.raw(`select to_jsonb(t)::text as row from public.${quoteIdentifier(table.name)} t order by 1`),
    );
    result[table.name] = rows.map((row) => row.row);
  }
  return result;
}

/** A new, empty PostgreSQL database (no tables at all), dropped after the file. */
async function scratchPostgres(): Promise<string> {
  const name = `stationbid_backup_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  scratchDatabases.push(name);
  return withDatabaseName(postgresUrl!, name);
}

async function emptyPglite(): Promise<DatabaseHandle> {
  const handle = await openPglite({});
  openHandles.push(handle);
  return handle;
}

beforeAll(async () => {
  context = await createTestContext();
  await seedIfEmpty(context.db, { admin: undefined, loadDemoData: true, clock: context.clock });
  const admin = await signIn(context, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const list = await injectAs(context, admin, { method: 'GET', url: '/api/bid-sessions' });
  sessionId = list.json<{ sessions: { id: string }[] }>().sessions[0]!.id;
  const started = await injectAs(context, admin, { method: 'POST', url: `/api/bid-sessions/${sessionId}/start` });
  expect(started.statusCode).toBe(200);
  await writeLogicalBackup(context.db, context.databaseKind, backupFile);
}, 60_000);

afterAll(async () => {
  await context?.close();
  for (const handle of openHandles) await handle.close();
  if (postgresUrl && scratchDatabases.length > 0) {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    for (const name of scratchDatabases) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  rmSync(workDir, { recursive: true, force: true });
});

describe(`a backup of the ${postgresUrl ? 'PostgreSQL' : 'PGlite'} test database`, () => {
  it('holds every table with the row counts of the source, and says so in its end marker', async () => {
    const { header, rowCounts } = await verifyLogicalBackup(backupFile);
    expect(header.source.kind).toBe(context.databaseKind);
    expect(header.migrations.at(-1)?.tag).toMatch(/^\d{4}_/);
    expect(rowCounts).toEqual(await countRows(context.db));
    expect(rowCounts.members).toBe(31);
    expect(rowCounts.session_history).toBeGreaterThan(0);
  });

  let pgliteTarget: DatabaseHandle;

  it('restores into a new PGlite database: every row identical, ids continue after the largest', async () => {
    pgliteTarget = await emptyPglite();
    const summary = await restoreLogicalBackup(pgliteTarget, backupFile);
    expect(summary.rowCounts.members).toBe(31);
    expect(await contents(pgliteTarget.db)).toEqual(await contents(context.db));
    // (Equal to_jsonb text above: the deadline is the same instant, to the microsecond.)
    const [session] = await queryRows<{ status: string; current_bid_end: string }>(
      pgliteTarget.db,
      sql`select status, current_bid_end::text from bid_sessions where id = ${sessionId}`,
    );
    expect(session?.status).toBe('active');
    expect(session?.current_bid_end).toMatch(/^\d{4}-\d\d-\d\d /);
    const [next] = await queryRows<{ next: string; largest: string }>(
      pgliteTarget.db,
      sql`select nextval(pg_get_serial_sequence('public.session_history', 'id'))::text as next, (select max(id) from session_history)::text as largest`,
    );
    expect(Number(next?.next)).toBeGreaterThan(Number(next?.largest));
  }, 60_000);

  it('refuses to restore into a database that holds data, and leaves it as it was', async () => {
    const before = await contents(pgliteTarget.db);
    const refusal = restoreLogicalBackup(pgliteTarget, backupFile);
    await expect(refusal).rejects.toThrow(BackupError);
    await expect(refusal).rejects.toThrow(/not empty: .*members \(31\).*create a new one/);
    expect(await contents(pgliteTarget.db)).toEqual(before);
  });

  it('refuses a backup made by a newer StationBid (a migration this code does not know)', async () => {
    const lines = gunzipSync(readFileSync(backupFile)).toString('utf8').split('\n');
    const [kind, header] = JSON.parse(lines[0]!) as [string, { migrations: object[] }];
    header.migrations.push({ createdAt: Date.parse('2099-01-01'), hash: 'f'.repeat(64) });
    lines[0] = JSON.stringify([kind, header]);
    const newer = path.join(workDir, 'newer.backup.gz');
    writeFileSync(newer, gzipSync(lines.join('\n')));
    await expect(restoreLogicalBackup(pgliteTarget, newer)).rejects.toThrow(
      /made by a newer StationBid: its schema has 1 migration this version does not know .*Upgrade StationBid/,
    );
  }, 30_000);

  it('refuses a file cut short, restoring nothing; a migrated database without rows counts as empty', async () => {
    const lines = gunzipSync(readFileSync(backupFile)).toString('utf8').trimEnd().split('\n');
    const cut = path.join(workDir, 'cut.backup.gz');
    writeFileSync(cut, gzipSync(`${lines.slice(0, -1).join('\n')}\n`));
    const target = await emptyPglite();
    await expect(restoreLogicalBackup(target, cut)).rejects.toThrow(/cut short.*Nothing was restored/);
    expect(await nonEmptyTables(target.db)).toEqual([]);
    // The migrations ran (to the backup's level) and left only their own rows: a restore may go here.
    expect((await countRows(target.db)).members).toBe(0);
    await restoreLogicalBackup(target, backupFile);
    expect(await contents(target.db)).toEqual(await contents(context.db));

    const damaged = path.join(workDir, 'damaged.backup.gz');
    writeFileSync(damaged, readFileSync(backupFile).subarray(0, 2000));
    await expect(verifyLogicalBackup(damaged)).rejects.toThrow(
      /not a readable StationBid backup.*cut short or damaged/,
    );
  }, 30_000);

  it('restores a backup of an older schema, then runs the newer migrations over its rows', async () => {
    const all = codeMigrations();
    const older = all.at(-2)!;
    const source = await emptyPglite();
    await migrateTo(source, older.createdAt);
    await source.db.execute(
      sql`insert into members (email, first_name, last_name, employee_id) values ('old@test.example', 'Old', 'Schema', 'OLD-1')`,
    );
    const file = path.join(workDir, 'older.backup.gz');
    const { header } = await writeLogicalBackup(source.db, 'pglite', file);
    expect(header.migrations.map((migration) => migration.tag)).toEqual(
      all.slice(0, -1).map((migration) => migration.tag),
    );

    const target = await emptyPglite();
    await restoreLogicalBackup(target, file);
    expect((await appliedMigrations(target.db)).map((migration) => migration.tag)).toEqual(all.map((m) => m.tag));
    const [member] = await queryRows<{ email: string }>(target.db, sql`select email from members`);
    expect(member?.email).toBe('old@test.example');
  }, 30_000);

  it(`restores into a new PostgreSQL database${NEEDS_POSTGRES}`, async (test) => {
    if (!postgresUrl) return test.skip();
    const target = await openPostgres(await scratchPostgres(), { max: 1 });
    openHandles.push(target);
    await restoreLogicalBackup(target, backupFile);
    expect(await contents(target.db)).toEqual(await contents(context.db));
  });

  it(`backs PostgreSQL up with pg_dump and restores that into a migrated, empty database${NEEDS_POSTGRES}`, async (test) => {
    if (!postgresUrl) return test.skip();
    const log: string[] = [];
    const command = (databaseUrl: string) => ({ databaseUrl, dataDir: workDir, log: (line: string) => log.push(line) });
    const source = await scratchPostgres();
    await restoreCommand(command(source), backupFile);
    const dump = path.join(workDir, 'demo.dump');
    await backupCommand(command(source), dump);
    expect(log.join('\n')).toMatch(/with pg_dump \(PostgreSQL\) \d+/);
    expect(readFileSync(dump).subarray(0, 5).toString()).toBe('PGDMP');

    // A database the server already migrated (no rows yet) takes the dump as well.
    const targetUrl = await scratchPostgres();
    const target = await openPostgres(targetUrl, { max: 1 });
    openHandles.push(target);
    await target.migrate();
    await restoreCommand(command(targetUrl), dump);
    expect(log.join('\n')).toMatch(/Loaded \d+ tables, \d+ rows \(31 members, 1 bid sessions\)/);
    expect(await contents(target.db)).toEqual(await contents(context.db));
    await expect(restoreCommand(command(targetUrl), dump)).rejects.toThrow(/not empty/);
    await expect(restoreCommand({ ...command(targetUrl), databaseUrl: undefined }, dump)).rejects.toThrow(
      /is a pg_dump file, which only PostgreSQL can load: set DATABASE_URL/,
    );
  });
});
