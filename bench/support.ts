/**
 * What bench/engine and bench/live share: the database they run on, the app they drive, the rows of
 * the department they build, the session they start and the way they report times.
 *
 * Kept in one place so the two benches measure the same setup: a change to how a bench department,
 * a sign-in or a session is made would otherwise have to be repeated in each, and figures from the
 * two would silently stop being comparable when one copy drifts.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type AppDependencies, buildApp } from '../apps/server/src/app.ts';
import { type Database, type DatabaseHandle, openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import { refreshTokens } from '../apps/server/src/db/schema/index.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { AccessTokens } from '../apps/server/src/modules/auth/tokens.ts';

export interface BenchDatabase {
  handle: DatabaseHandle;
  /** What the bench prints as the database it ran on. */
  label: string;
  /** Closes the database and removes it (the PostgreSQL database or the PGlite data directory). */
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated database for one run: on the PostgreSQL server of BENCH_DATABASE_URL when it is
 * set (a database of the bench's own, dropped afterwards), otherwise PGlite in a temporary directory
 * whose name starts with `tempDirPrefix`.
 */
export async function openBenchDatabase(tempDirPrefix: string): Promise<BenchDatabase> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (serverUrl) {
    const name = `stationbid_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handle = await openPostgres(url.toString());
    await handle.migrate();
    const version = await admin.query('show server_version');
    return {
      handle,
      label: `PostgreSQL ${version.rows[0]?.server_version ?? ''}`.trim(),
      dispose: async () => {
        await handle.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  // A data directory on disk, as `npm start` uses, rather than an in-memory database.
  const dataDir = mkdtempSync(path.join(tmpdir(), tempDirPrefix));
  const handle = await openPglite({ dataDir });
  await handle.migrate();
  return {
    handle,
    label: 'PGlite (embedded, data directory on disk)',
    dispose: async () => {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A member as the bench signs them in: the refresh-token family their access tokens name. */
export interface SignedInMember {
  id: string;
  familyId: string;
}

/**
 * The app exactly as the server builds it, on the bench's database, with a secret made for this run,
 * and a way to mint each member's access token without going through the login route.
 */
export async function buildBenchApp(
  database: BenchDatabase,
  /** Delivery settings and the like, as server.ts gives them. */
  dependencies: Pick<AppDependencies, 'delivery' | 'allowLocalPushEndpoints'> = {},
): Promise<{ app: FastifyInstance; accessTokenFor(member: SignedInMember): Promise<string> }> {
  const jwtSecret = randomBytes(32).toString('hex');
  const app = await buildApp({
    ...dependencies,
    db: database.handle.db,
    databaseKind: database.handle.kind,
    clock: systemClock,
    settings: {
      jwtSecret,
      allowSelfRegistration: false,
      corsOrigins: [],
      webDistDir: '/nonexistent-web-dist',
      trustProxy: false,
    },
  });
  const accessTokens = new AccessTokens(jwtSecret);
  return {
    app,
    accessTokenFor: (member) =>
      accessTokens.sign({ memberId: member.id, familyId: member.familyId }, systemClock.now()),
  };
}

/** Station number `index + 1`, named and addressed after its number. */
export function benchStationRow(index: number) {
  return { number: index + 1, name: `Station ${index + 1}`, address: `${index + 1} Main Street` };
}

export const BENCH_ADMIN_EMAIL = 'bench-admin@stationbid.example';

/** The department's administrator, who creates and starts the session. */
export function benchAdminRow(id: string, passwordHash: string) {
  return {
    id,
    email: BENCH_ADMIN_EMAIL,
    passwordHash,
    firstName: 'Bench',
    lastName: 'Admin',
    employeeId: 'ADMIN-1',
    isAdmin: true,
    rank: 'Battalion Chief',
  };
}

/** Member number `index + 1`, without a password: benches sign members in by token, not by login. */
export function benchMemberRow(id: string, index: number, rank: string, yearsOfService: number) {
  return {
    id,
    email: `member${index + 1}@bench.example`,
    firstName: 'Member',
    lastName: String(index + 1),
    employeeId: `E${String(index + 1).padStart(6, '0')}`,
    rank,
    yearsOfService,
  };
}

/**
 * Gives each member a live sign-in (a refresh-token family), so their access tokens pass the same
 * checks as after a real sign-in, without a password hash per member. Inserted in batches, since a
 * department of thousands is more parameters than one statement may carry.
 */
export async function signInMembers(db: Database, signedIn: readonly SignedInMember[]): Promise<void> {
  const rows = signedIn.map((member) => ({
    memberId: member.id,
    familyId: member.familyId,
    tokenHash: randomBytes(32).toString('hex'),
    expiresAt: new Date(Date.now() + 24 * 3600_000),
  }));
  for (let start = 0; start < rows.length; start += 1000) {
    await db.insert(refreshTokens).values(rows.slice(start, start + 1000));
  }
}

/** The body of POST /api/bid-sessions for a bench session over the year 2026. */
export function benchSessionRequest(name: string, participantIds: string[], stationIds?: string[]) {
  return {
    name,
    year: 2026,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    bidWindowDuration: 60,
    participantIds,
    ...(stationIds === undefined ? {} : { stationIds }),
  };
}

/** The member ids in the turn order the server decided, from the response of POST …/start. */
export function queueOf(startedSession: { session: { participants: { user: { id: string } }[] } }): string[] {
  return startedSession.session.participants.map((participant) => participant.user.id);
}

/** The value at `fraction` (0.5 for p50) of times sorted ascending; 0 when there are none. */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

/** Milliseconds (or seconds) as the benches print them, to a tenth. */
export const format = (milliseconds: number) => milliseconds.toFixed(1);

/**
 * Runs `work` (which answers a line on its outcome) while measuring event-loop stalls and probing
 * GET /api/health every 50 ms: what other requests meet while a long request or job runs.
 */
export async function measureWhileProbing(app: FastifyInstance, work: () => Promise<string>) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const healthTimes: number[] = [];
  let isDone = false;
  const prober = (async () => {
    while (!isDone) {
      const started = performance.now();
      await app.inject({ method: 'GET', url: '/api/health' });
      healthTimes.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const started = performance.now();
  const outcome = await work();
  const elapsed = performance.now() - started;
  isDone = true;
  await prober;
  loop.disable();
  healthTimes.sort((a, b) => a - b);
  return {
    elapsed,
    outcome,
    maxStall: loop.max / 1e6,
    p99Stall: loop.percentile(99) / 1e6,
    healthMax: healthTimes.at(-1) ?? 0,
    healthP50: percentile(healthTimes, 0.5),
    probes: healthTimes.length,
  };
}

export function reportWhileProbing(label: string, figures: Awaited<ReturnType<typeof measureWhileProbing>>) {
  console.log(
    `  ${label.padEnd(24)} done in ${format(figures.elapsed / 1000).padStart(5)} s  event loop: max stall ${format(figures.maxStall).padStart(6)} ms, p99 ${format(figures.p99Stall).padStart(5)} ms  /api/health while running: p50 ${format(figures.healthP50)} ms, max ${format(figures.healthMax)} ms (${figures.probes} probes)  ${figures.outcome}`,
  );
}
