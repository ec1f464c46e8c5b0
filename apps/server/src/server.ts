/**
 * Entry point: reads the configuration, opens and migrates the database, seeds a first start,
 * listens, and shuts down cleanly on SIGINT/SIGTERM.
 *
 * What it writes: a start-up error as a few plain lines on stderr that say what to fix (every wrong
 * setting at once; a database that cannot be reached in one line, without its password); once
 * running, the JSON log on stdout, where the migrations applied and the start-up report are
 * structured lines, the report being a plain banner instead when stdout is a terminal.
 */
import { mkdirSync } from 'node:fs';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/env.ts';
import { findWorkingDemoSignIns, reportStartUp } from './config/start-up-report.ts';
import { claimDataDir, type DataDirClaim } from './db/backup/control.ts';
import { BackupError, writeLogicalBackup } from './db/backup/logical-backup.ts';
import { type DatabaseHandle, openDatabase } from './db/client.ts';
import { describeDatabaseError, describeDatabaseStartError } from './db/errors.ts';
import type { AppliedMigration } from './db/migration-report.ts';
import { NoAdministratorError, seedIfEmpty } from './db/seed/seed.ts';
import { systemClock } from './lib/clock.ts';
import { backfillOutboxSessions } from './modules/delivery/session-delivery.repository.ts';
import { buildLoggerOptions } from './plugins/logging.ts';

/** How long a shutdown may take (streams, jobs' ticks, requests in flight) before exit 1. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // The embedded database's folder: with JWT_SECRET given nothing else creates DATA_DIR, and a
  // fresh install (./data) or a new volume has none yet.
  if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
  // PGlite is single-process: this process claims the data directory before opening it, so it
  // refuses to start while a db:restore or db:move (or another server) has it open, and
  // `npm run db:backup` asks this process for the backup instead (db/backup/control.ts).
  let dataDirClaim: DataDirClaim | undefined;
  if (!config.databaseUrl) {
    try {
      dataDirClaim = await claimDataDir(config.dataDir, 'server');
    } catch (error) {
      if (error instanceof BackupError) {
        console.error(`StationBid cannot start: ${error.message}`);
        process.exit(1);
      }
      throw error;
    }
  }
  let database: DatabaseHandle;
  let migrations: AppliedMigration[];
  try {
    database = await openDatabase(config);
    migrations = await database.migrate();
  } catch (error) {
    // A database that is missing or refuses the connection: one line with what to do, rather than
    // the driver's error object. Anything else keeps its stack (a bug, or a broken data directory).
    const told = config.databaseUrl ? describeDatabaseStartError(error, config.databaseUrl) : undefined;
    if (told) console.error(`StationBid cannot start: ${told}`);
    else if (!config.databaseUrl) {
      console.error(
        `StationBid cannot start: the embedded database in ${config.dataDir} could not be opened: ${describeDatabaseError(error).message}`,
      );
      // The stack, for a report: a data directory that cannot be read is rare and not the user's to guess.
      console.error(error instanceof Error ? error.stack : error);
    } else throw error;
    await dataDirClaim?.release();
    process.exit(1);
  }
  dataDirClaim?.serveBackups(async (file) => {
    await writeLogicalBackup(database.db, database.kind, file);
  });
  let seed: Awaited<ReturnType<typeof seedIfEmpty>>;
  try {
    seed = await seedIfEmpty(database.db, {
      admin: config.admin,
      loadDemoData: config.loadDemoData,
      clock: systemClock,
    });
  } catch (error) {
    if (error instanceof NoAdministratorError) {
      console.error(error.message);
      await database.close();
      process.exit(1);
    }
    throw error;
  }

  const isTerminal = process.stdout.isTTY === true;
  const app = await buildApp({
    db: database.db,
    databaseKind: database.kind,
    settings: config,
    delivery: config.delivery,
    // A stand-in push service on this machine, for development; production takes https:// only.
    allowLocalPushEndpoints: config.nodeEnv !== 'production',
    // Likewise a webhook receiver on this machine; production takes https:// public hosts only.
    allowLocalWebhookEndpoints: config.nodeEnv !== 'production',
    logger: buildLoggerOptions({
      level: config.logLevel,
      nodeEnv: config.nodeEnv,
      isTerminal,
    }),
    requestLogLevel: config.logRequests ? 'info' : 'debug',
  });
  app.addHook('onClose', async () => {
    await database.close();
    await dataDirClaim?.release();
  });
  for (const migration of migrations) {
    app.log.info(
      { migration: migration.name, durationMs: migration.durationMs },
      `migration applied: ${migration.name}`,
    );
  }
  if (migrations.length === 0) app.log.info('no migration to apply');

  // Graceful shutdown, in app.close()'s order: its preClose hooks end the live streams (each
  // browser reconnects after the stream's `retry:`, to another process or to this one restarted),
  // and stop the jobs, each waiting for its tick in flight (the turn clock's engine steps, a
  // delivery); new requests get 503 while those in flight (a bid's engine step) finish; then
  // the onClose hook closes the database. Past SHUTDOWN_TIMEOUT_MS the process gives up, exit 1.
  let isShuttingDown = false;
  const shutDown = async (signal: string) => {
    if (isShuttingDown) return;
    isShuttingDown = true;
    app.log.info({ signal }, 'shutting down: closing live streams, stopping jobs, finishing requests in flight');
    const forceExit = setTimeout(() => {
      app.log.error(`shutdown took longer than ${SHUTDOWN_TIMEOUT_MS / 1000} s: exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    forceExit.unref();
    try {
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    app.log.info('stopped cleanly');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutDown('SIGINT'));
  process.on('SIGTERM', () => void shutDown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // Expired turns and scheduled starts are processed from the stored deadlines, also those that
  // passed while the server was down.
  app.turnClock.start();
  // Queued e-mail, SMS and push, also those queued while the server was down or that were mid-send.
  app.outboxWorker.start();
  // The 5-minute and day-before reminders that came due, also while the server was down.
  app.reminderScheduler.start();
  // Who was seen by signed-in requests and live streams, written in batches.
  app.seenMembers.start();
  // Outbox rows queued before they named their session (migration 0017), filled in short batches
  // while the server runs; until then a session's delivery log leaves them out.
  void backfillOutboxSessions(database.db).then(
    (filled) => filled > 0 && app.log.info({ filled }, 'outbox rows linked to their sessions'),
    (error: unknown) =>
      app.log.warn({ err: error }, 'linking old outbox rows to their sessions failed; retried at the next start'),
  );
  reportStartUp(
    app.log,
    { config, databaseKind: database.kind, seed, demoSignIns: await findWorkingDemoSignIns(database.db) },
    isTerminal,
  );
}

main().catch((error: unknown) => {
  // A database that stops answering after the migrations (seeding, listening): one line too.
  const databaseUrl = process.env.DATABASE_URL;
  const told = databaseUrl ? describeDatabaseStartError(error, databaseUrl) : undefined;
  if (told) console.error(`StationBid cannot start: ${told}`);
  else console.error('StationBid failed to start:', error);
  process.exit(1);
});
