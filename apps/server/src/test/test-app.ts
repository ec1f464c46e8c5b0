/**
 * Builds the real application on a fresh database for one test file, with a clock the test
 * moves, plus small helpers to create members and sign in through the API.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppDependencies, type AppSettings, buildApp } from '../app.ts';
import { type DatabaseHandle, openPglite, openPostgres } from '../db/client.ts';
import { members } from '../db/schema/index.ts';
import { ManualClock } from '../lib/clock.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { buildLoggerOptions } from '../plugins/logging.ts';
import { withDatabaseName } from './global-setup.ts';

export interface TestContext {
  app: FastifyInstance;
  db: DatabaseHandle['db'];
  databaseKind: DatabaseHandle['kind'];
  clock: ManualClock;
  close(): Promise<void>;
}

export const TEST_PASSWORD = 'correct-horse-battery';

/**
 * A database for one test context, with every table empty and migrations applied.
 * - PGlite: booting one from the snapshot costs about a second, so each test worker keeps one
 *   and empties it (one TRUNCATE) for the next file; a second context open at the same time
 *   gets its own copy from the snapshot.
 * - PostgreSQL: a new database cloned from the migrated template, dropped afterwards.
 */
export async function openTestDatabase(): Promise<{ handle: DatabaseHandle; dispose(): Promise<void> }> {
  const source = inject('databaseSource');
  if (source.kind === 'pglite') {
    if (workerDatabase && !workerDatabase.isInUse) {
      workerDatabase.isInUse = true;
      await emptyAllTables(workerDatabase.handle);
      const shared = workerDatabase;
      return {
        handle: shared.handle,
        dispose: async () => {
          shared.isInUse = false;
        },
      };
    }
    const handle = await openPglite({ snapshot: new Blob([readFileSync(source.snapshotFile)]) });
    if (!workerDatabase) {
      const shared = { handle, isInUse: true };
      workerDatabase = shared;
      return {
        handle,
        dispose: async () => {
          shared.isInUse = false;
        },
      };
    }
    return { handle, dispose: () => handle.close() };
  }
  const name = `stationbid_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: source.serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${source.template}`);
  const handle = await openPostgres(withDatabaseName(source.serverUrl, name));
  return {
    handle,
    dispose: async () => {
      await handle.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

let workerDatabase: { handle: DatabaseHandle; isInUse: boolean } | undefined;

async function emptyAllTables(handle: DatabaseHandle): Promise<void> {
  const result = await handle.db.execute(sql`select tablename from pg_tables where schemaname = 'public'`);
  // PGlite and node-postgres both answer with `rows`.
  const { rows } = result as unknown as { rows: { tablename: string }[] };
  const names = rows.map((row) => `"${row.tablename}"`).join(', ');
  if (names) await handle.db.execute(sql.raw(`truncate ${names} restart identity cascade`));
}

export const TEST_SETTINGS: AppSettings = {
  jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
  allowSelfRegistration: false,
  corsOrigins: [],
  webDistDir: '/nonexistent-web-dist',
  trustProxy: false,
};

/**
 * The server's own logger options at `info`, writing to a string a test reads (`text()`) and
 * empties (`clear()`): to assert on the log lines an operator would see.
 */
export function capturedLog(): { logger: AppDependencies['logger']; text(): string; clear(): void } {
  let written = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      written += String(chunk);
      done();
    },
  });
  return {
    logger: { ...buildLoggerOptions({ level: 'info', nodeEnv: 'test', isTerminal: false }), stream },
    text: () => written,
    clear: () => {
      written = '';
    },
  };
}

/**
 * Dependencies a test may add: e-mail/SMS delivery settings (none by default); push endpoints on
 * this machine are allowed unless `allowLocalPushEndpoints: false` (as in production).
 */
export type TestDependencies = Pick<
  AppDependencies,
  | 'delivery'
  | 'outboxSenders'
  | 'sessionVersionsMaxAgeMs'
  | 'allowLocalPushEndpoints'
  | 'pushTimeoutMs'
  | 'allowLocalWebhookEndpoints'
  | 'webhookTimeoutMs'
>;

export async function createTestContext(
  overrides: Partial<AppSettings> = {},
  dependencies: TestDependencies = {},
): Promise<TestContext> {
  return createTestContextOn(await openTestDatabase(), overrides, dependencies);
}

/**
 * The real application on a database the test prepared itself (e.g. one made by an old schema and
 * then migrated); `dispose` runs after the app is closed.
 */
export async function createTestContextOn(
  { handle, dispose }: { handle: DatabaseHandle; dispose(): Promise<void> },
  overrides: Partial<AppSettings> = {},
  dependencies: TestDependencies = {},
): Promise<TestContext> {
  const clock = new ManualClock();
  const app = await buildApp({
    db: handle.db,
    databaseKind: handle.kind,
    clock,
    settings: { ...TEST_SETTINGS, ...overrides },
    // Tests write sessions behind the app's back (SQL by hand) and read them at once; the tests of
    // the counters kept in memory (session-versions.test.ts) ask for the server's default.
    sessionVersionsMaxAgeMs: 0,
    // A stand-in push service on 127.0.0.1 (push.test.ts), as in development.
    allowLocalPushEndpoints: true,
    // A webhook receiver on 127.0.0.1 (webhooks.test.ts), likewise.
    allowLocalWebhookEndpoints: true,
    ...dependencies,
  });
  return {
    app,
    db: handle.db,
    databaseKind: handle.kind,
    clock,
    close: async () => {
      await app.close();
      await dispose();
    },
  };
}

/**
 * Runs `test` against a second app with other settings on the same database and clock, e.g.
 * with self-registration open, and closes it afterwards.
 */
export async function withSettings<T>(
  context: TestContext,
  overrides: Partial<AppSettings>,
  test: (app: FastifyInstance) => Promise<T>,
): Promise<T> {
  const app = await buildApp({
    db: context.db,
    databaseKind: context.databaseKind,
    clock: context.clock,
    settings: { ...TEST_SETTINGS, ...overrides },
    sessionVersionsMaxAgeMs: 0,
  });
  try {
    return await test(app);
  } finally {
    await app.close();
  }
}

let hashedTestPassword: Promise<string> | undefined;
let memberCounter = 0;

/** Inserts a member with the test password (hashed once per file, to keep tests fast). */
export async function createMember(
  context: TestContext,
  values: Partial<typeof members.$inferInsert> = {},
): Promise<typeof members.$inferSelect> {
  hashedTestPassword ??= hashPassword(TEST_PASSWORD);
  memberCounter += 1;
  const [member] = await context.db
    .insert(members)
    .values({
      email: `member${memberCounter}@test.example`,
      firstName: 'Test',
      lastName: `Member${memberCounter}`,
      employeeId: `T-${memberCounter}`,
      passwordHash: await hashedTestPassword,
      ...values,
    })
    .returning();
  if (!member) throw new Error('member was not created');
  return member;
}

export async function createAdmin(context: TestContext, values: Partial<typeof members.$inferInsert> = {}) {
  return createMember(context, { isAdmin: true, rank: 'Battalion Chief', ...values });
}

export interface SignedIn {
  token: string;
  refreshToken: string;
  headers: { authorization: string };
}

export async function signIn(context: TestContext, email: string, password = TEST_PASSWORD): Promise<SignedIn> {
  const response = await context.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const body = response.json<{ token: string; refreshToken: string }>();
  return { ...body, headers: { authorization: `Bearer ${body.token}` } };
}

/** app.inject with a signed-in member's token. */
export function injectAs(context: TestContext, who: SignedIn, options: InjectOptions) {
  return context.app.inject({ ...options, headers: { ...who.headers, ...(options.headers ?? {}) } });
}
