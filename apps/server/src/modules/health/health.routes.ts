/**
 * The two probes an operator wires up (docs/reliability.md, "Probes"):
 *
 * GET /api/health, liveness: answers 200 whenever the process's event loop runs, database or not,
 * so a liveness probe never restarts a healthy process during a database outage. The body reports
 * the database too (the dashboards' System Status reads it): its `select 1` waits at most
 * HEALTH_DATABASE_TIMEOUT_MS, so a hung database cannot hang the probe. Anyone may ask, so it tells
 * no versions (they would tell an attacker which advisories to try) and no database error text
 * (it can name hosts, users and tables).
 *
 * GET /api/health/ready, readiness, for a load balancer or an orchestrator: 200 when this process
 * can do its work (the database answers `select 1`, and the turn clock, when this process runs one,
 * completed a tick within a few of its intervals), 503 otherwise, with one short reason per failed
 * check and nothing else.
 *
 * A database that does not answer is reported to the app's OutageLog (one line per outage), not
 * logged at every probe.
 */
import { type HealthResponse, healthResponseSchema } from '@stationbid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { describeDuration, OutageLog } from '../../jobs/outage-log.ts';
import type { PeriodicJobStatus } from '../../jobs/periodic-job.ts';
import type { Clock } from '../../lib/clock.ts';
import { pingDatabase } from './health.repository.ts';

const DATABASE_DOWN_MESSAGE = 'The database did not answer.';

/** The liveness answer's wait for `select 1`: below a probe's usual timeout of a few seconds. */
export const HEALTH_DATABASE_TIMEOUT_MS = 1000;
/** A `select 1` slower than this counts as down: a hung database must not hang the probe. */
export const READY_DATABASE_TIMEOUT_MS = 2000;
/**
 * A running turn clock is stale when its last good tick (or its start) is older than this many of
 * its intervals, and at least TURN_CLOCK_STALE_MIN_MS: at 250 ms, after 2 s without a good tick a
 * deadline may already be late.
 */
export const TURN_CLOCK_STALE_INTERVALS = 4;
export const TURN_CLOCK_STALE_MIN_MS = 2000;
/**
 * A tick under way (a tick that steps many sessions, catching up after downtime, takes seconds)
 * counts as work for this long; after it, as stuck.
 */
export const TURN_CLOCK_LONGEST_TICK_MS = 30_000;

/** Server-only contract: what an operator's probe reads; no versions, no error text. */
export const readyResponseSchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  checks: z.object({
    database: z.enum(['up', 'down']),
    /** `not-run`: this process runs no turn clock (tests, benchmarks), so it is not checked. */
    turnClock: z.enum(['ticking', 'stale', 'stopped', 'not-run']),
  }),
  /** Seconds since the turn clock's last good tick; null when it has none. */
  turnClockLastTickSecondsAgo: z.number().nullable(),
  /** Why the process is not ready, in one sentence per failed check. */
  reasons: z.array(z.string()).optional(),
});
export type ReadyResponse = z.infer<typeof readyResponseSchema>;

type TurnClockCheck = ReadyResponse['checks']['turnClock'];

/** How long a running turn clock may go without a good tick before it is stale. */
export function turnClockStaleAfterMs(intervalMs: number): number {
  return Math.max(TURN_CLOCK_STALE_MIN_MS, TURN_CLOCK_STALE_INTERVALS * intervalMs);
}

/**
 * Judges the turn clock's status at `nowMs` (wall clock), from its last good tick: a clock whose
 * ticks keep failing (the database is down) goes stale as surely as one that stopped ticking.
 */
export function checkTurnClock(status: PeriodicJobStatus, nowMs: number): { check: TurnClockCheck; reason?: string } {
  if (status.state === 'idle') return { check: 'not-run' };
  if (status.state === 'stopped') return { check: 'stopped', reason: 'The turn clock is stopped.' };
  if (status.tickStartedAt && !status.failingSince) {
    const runningMs = nowMs - status.tickStartedAt.getTime();
    if (runningMs <= TURN_CLOCK_LONGEST_TICK_MS) return { check: 'ticking' };
    return { check: 'stale', reason: `The turn clock's tick has been running for ${describeDuration(runningMs)}.` };
  }
  const lastSign = status.lastTickAt ?? status.startedAt;
  const sinceMs = lastSign ? nowMs - lastSign.getTime() : Number.POSITIVE_INFINITY;
  if (sinceMs <= turnClockStaleAfterMs(status.intervalMs)) return { check: 'ticking' };
  const since = Number.isFinite(sinceMs) ? describeDuration(sinceMs) : 'ever';
  const every = describeDuration(status.intervalMs);
  return {
    check: 'stale',
    reason: status.failingSince
      ? `The turn clock's ticks are failing; its last good tick was ${since} ago (it ticks every ${every}).`
      : `The turn clock has not ticked for ${since} (it ticks every ${every}).`,
  };
}

export const healthRoutes: FastifyPluginAsyncZod<{
  db: Database;
  clock: Clock;
  databaseKind: 'pglite' | 'postgres';
  /** The turn clock's status (`PeriodicJob.status`); read at each request. */
  turnClockStatus: () => PeriodicJobStatus;
  /** The app's one OutageLog; without it the routes make their own. */
  outageLog?: OutageLog;
}> = async (app, { db, clock, databaseKind, turnClockStatus, outageLog = new OutageLog(app.log) }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: 200 while the process runs; reports the database too',
        response: { 200: healthResponseSchema },
      },
    },
    async () => {
      const started = performance.now();
      let database: HealthResponse['database'];
      try {
        await pingDatabase(db, HEALTH_DATABASE_TIMEOUT_MS);
        outageLog.succeeded('health check');
        database = { kind: databaseKind, status: 'up', latencyMs: Math.round((performance.now() - started) * 10) / 10 };
      } catch (error) {
        // The driver's message can name hosts, users and databases: logged (once per outage), never sent.
        outageLog.failed('health check', error);
        database = { kind: databaseKind, status: 'down', latencyMs: null, error: DATABASE_DOWN_MESSAGE };
      }
      return {
        status: database.status === 'up' ? ('ok' as const) : ('degraded' as const),
        time: clock.now().toISOString(),
        process: {
          uptimeSeconds: Math.round(process.uptime()),
          memoryRssMb: Math.round(process.memoryUsage.rss() / 1024 / 1024),
        },
        database,
      };
    },
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers and the turn clock ticks',
        response: { 200: readyResponseSchema, 503: readyResponseSchema },
      },
    },
    async (_request, reply) => {
      let database: ReadyResponse['checks']['database'] = 'up';
      try {
        await pingDatabase(db, READY_DATABASE_TIMEOUT_MS);
        outageLog.succeeded('readiness check');
      } catch (error) {
        outageLog.failed('readiness check', error);
        database = 'down';
      }
      const status = turnClockStatus();
      const nowMs = Date.now();
      const turnClock = checkTurnClock(status, nowMs);
      const reasons: string[] = [];
      if (database === 'down') reasons.push(DATABASE_DOWN_MESSAGE);
      if (turnClock.reason) reasons.push(turnClock.reason);
      const body: ReadyResponse = {
        status: reasons.length === 0 ? 'ready' : 'not-ready',
        checks: { database, turnClock: turnClock.check },
        turnClockLastTickSecondsAgo: status.lastTickAt
          ? Math.round((nowMs - status.lastTickAt.getTime()) / 100) / 10
          : null,
        ...(reasons.length > 0 ? { reasons } : {}),
      };
      return reply.status(reasons.length === 0 ? 200 : 503).send(body);
    },
  );
};
