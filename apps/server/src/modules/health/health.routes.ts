/**
 * GET /api/health: is the process up, and does the database answer? Anyone may ask, so it tells no
 * versions and no database error text (issue 13, finding 12).
 *
 * GET /api/health/ready, for a load balancer or an orchestrator: 200 when this process can do its
 * work (the database answers `select 1`, and the turn clock, when this process runs one, ticked
 * lately), 503 otherwise, with a short fixed reason and nothing else.
 */
import { type HealthResponse, healthResponseSchema } from '@stationbid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { PeriodicJobStatus } from '../../jobs/periodic-job.ts';
import type { Clock } from '../../lib/clock.ts';
import { selectOne } from './health.repository.ts';

const DATABASE_DOWN_MESSAGE = 'The database did not answer.';

/** A `select 1` slower than this counts as down: a hung database must not hang the probe. */
export const READY_DATABASE_TIMEOUT_MS = 2000;
/**
 * A running turn clock whose last good tick (or start) is older than this is stuck: it ticks about
 * every 250 ms, and a tick that steps many sessions takes seconds, not this long.
 */
export const TURN_CLOCK_STALE_AFTER_MS = 30_000;

const READY_REASONS = {
  database: 'The database did not answer.',
  turnClockStale: 'The turn clock has not ticked lately.',
  turnClockStopped: 'The turn clock is stopped.',
} as const;

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

/** Judges the turn clock's status at `nowMs` (wall clock). */
export function checkTurnClock(status: PeriodicJobStatus, nowMs: number): TurnClockCheck {
  if (status.state === 'idle') return 'not-run';
  if (status.state === 'stopped') return 'stopped';
  const lastSign = status.lastTickAt ?? status.startedAt;
  if (!lastSign || nowMs - lastSign.getTime() > TURN_CLOCK_STALE_AFTER_MS) return 'stale';
  return 'ticking';
}

/** Resolves when the database answers `select 1` in time; throws otherwise. */
async function pingDatabase(db: Database): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), READY_DATABASE_TIMEOUT_MS);
  });
  try {
    await Promise.race([selectOne(db), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes: FastifyPluginAsyncZod<{
  db: Database;
  clock: Clock;
  databaseKind: 'pglite' | 'postgres';
  /** The turn clock's status (`PeriodicJob.status`); read at each request. */
  turnClockStatus: () => PeriodicJobStatus;
}> = async (app, { db, clock, databaseKind, turnClockStatus }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Process and database health',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (request, reply) => {
      const started = performance.now();
      let database: HealthResponse['database'];
      try {
        await selectOne(db);
        database = { kind: databaseKind, status: 'up', latencyMs: Math.round((performance.now() - started) * 10) / 10 };
      } catch (error) {
        // The driver's message can name hosts, users and databases: logged, never sent.
        request.log.error({ err: error }, 'health check: the database did not answer');
        database = { kind: databaseKind, status: 'down', latencyMs: null, error: DATABASE_DOWN_MESSAGE };
      }
      const body = {
        status: database.status === 'up' ? ('ok' as const) : ('degraded' as const),
        time: clock.now().toISOString(),
        process: {
          uptimeSeconds: Math.round(process.uptime()),
          memoryRssMb: Math.round(process.memoryUsage.rss() / 1024 / 1024),
        },
        database,
      };
      return reply.status(database.status === 'up' ? 200 : 503).send(body);
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
    async (request, reply) => {
      let database: ReadyResponse['checks']['database'] = 'up';
      try {
        await pingDatabase(db);
      } catch (error) {
        request.log.error({ err: error }, 'readiness check: the database did not answer');
        database = 'down';
      }
      const status = turnClockStatus();
      const nowMs = Date.now();
      const turnClock = checkTurnClock(status, nowMs);
      const reasons: string[] = [];
      if (database === 'down') reasons.push(READY_REASONS.database);
      if (turnClock === 'stale') {
        request.log.warn({ lastTickAt: status.lastTickAt }, 'readiness check: the turn clock has not ticked lately');
        reasons.push(READY_REASONS.turnClockStale);
      }
      if (turnClock === 'stopped') reasons.push(READY_REASONS.turnClockStopped);
      const body: ReadyResponse = {
        status: reasons.length === 0 ? 'ready' : 'not-ready',
        checks: { database, turnClock },
        turnClockLastTickSecondsAgo: status.lastTickAt
          ? Math.round((nowMs - status.lastTickAt.getTime()) / 100) / 10
          : null,
        ...(reasons.length > 0 ? { reasons } : {}),
      };
      return reply.status(reasons.length === 0 ? 200 : 503).send(body);
    },
  );
};
