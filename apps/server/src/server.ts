/**
 * Entry point: reads the configuration, opens and migrates the database, seeds a first start,
 * listens, and shuts down cleanly on SIGINT/SIGTERM.
 */
import { mkdirSync } from 'node:fs';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/env.ts';
import { claimDataDir, type DataDirClaim } from './db/backup/control.ts';
import { BackupError, writeLogicalBackup } from './db/backup/logical-backup.ts';
import { openDatabase } from './db/client.ts';
import { DEMO_ADMIN, DEMO_MEMBER_PASSWORD, DEMO_MEMBERS, demoEmail } from './db/seed/demo-data.ts';
import { NoAdministratorError, seedIfEmpty } from './db/seed/seed.ts';
import { systemClock } from './lib/clock.ts';
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
  const database = await openDatabase(config);
  await database.migrate();
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

  const app = await buildApp({
    db: database.db,
    databaseKind: database.kind,
    settings: config,
    delivery: config.delivery,
    // A stand-in push service on this machine, for development; production takes https:// only.
    allowLocalPushEndpoints: config.nodeEnv !== 'production',
    logger: buildLoggerOptions({
      level: config.logLevel,
      nodeEnv: config.nodeEnv,
      isTerminal: process.stdout.isTTY === true,
    }),
    requestLogLevel: config.logRequests ? 'info' : 'debug',
  });
  app.addHook('onClose', async () => {
    await database.close();
    await dataDirClaim?.release();
  });

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
  const address = `http://localhost:${config.port}`;
  const lines = [
    '',
    `StationBid is running at ${address}`,
    `Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  ];
  lines.push(
    config.delivery.email
      ? `E-mail: SMTP via ${new URL(config.delivery.email.smtpUrl).host}; links point to ${config.delivery.publicWebUrl}`
      : 'E-mail: not configured; messages stay queued until SMTP_URL is set',
  );
  if (seed.seeded) {
    lines.push(`First start: created the administrator ${seed.adminEmail}.`);
  }
  if (config.loadDemoData && config.nodeEnv === 'production') {
    lines.push('WARNING: DEMO_DATA=1 in production: the demo sign-ins below are published; do not use this for real.');
  }
  if (config.loadDemoData) {
    lines.push(
      'Demo sign-ins:',
      `  administrator  ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`,
      `  member         ${demoEmail(DEMO_MEMBERS[0] ?? { firstName: 'elena', lastName: 'ramirez' })} / ${DEMO_MEMBER_PASSWORD}  (every member: first.last@stationbid.example)`,
    );
  }
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error('StationBid failed to start:', error);
  process.exit(1);
});
