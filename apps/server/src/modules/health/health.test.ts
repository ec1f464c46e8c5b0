import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import type { PeriodicJobStatus } from '../../jobs/periodic-job.ts';
import { systemClock } from '../../lib/clock.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import {
  checkTurnClock,
  HEALTH_DATABASE_TIMEOUT_MS,
  healthRoutes,
  TURN_CLOCK_LONGEST_TICK_MS,
  turnClockStaleAfterMs,
} from './health.routes.ts';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.app.turnClock.stop();
  await context.close();
});

/** Just the health routes, on a database and a turn clock status the test makes up. */
async function buildHealthOnly(db: Database, turnClockStatus: PeriodicJobStatus) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(healthRoutes, {
    prefix: '/api',
    db,
    clock: systemClock,
    databaseKind: 'postgres',
    turnClockStatus: () => turnClockStatus,
  });
  return app;
}

const SECRET_DRIVER_TEXT = 'password authentication failed for user "stationbid" on db.internal:5432';
const INTERVAL_MS = 250;
const IDLE: PeriodicJobStatus = {
  state: 'idle',
  startedAt: undefined,
  lastTickAt: undefined,
  intervalMs: INTERVAL_MS,
  tickStartedAt: undefined,
  failingSince: undefined,
};
/** A running clock's status: started, last good tick, and optionally a tick under way or failing. */
function running(fields: Partial<PeriodicJobStatus>): PeriodicJobStatus {
  return { ...IDLE, state: 'running', ...fields };
}
const STALE_AFTER_MS = turnClockStaleAfterMs(INTERVAL_MS);

describe('GET /api/health/ready', () => {
  it('is ready in an app that runs no turn clock (tests, benchmarks), and tells no versions', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      checks: { database: 'up', turnClock: 'not-run' },
      turnClockLastTickSecondsAgo: null,
    });
    expect(response.body).not.toContain(process.version);
  });

  it('reports a running turn clock as ticking, and a stopped one as not ready', async () => {
    context.app.turnClock.start();
    const giveUpAt = Date.now() + 10_000;
    while (!context.app.turnClock.status.lastTickAt && Date.now() < giveUpAt) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const ticking = await context.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ticking.statusCode).toBe(200);
    expect(ticking.json()).toMatchObject({ status: 'ready', checks: { database: 'up', turnClock: 'ticking' } });
    expect(ticking.json().turnClockLastTickSecondsAgo).toBeLessThan(10);

    await context.app.turnClock.stop();
    const stopped = await context.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(stopped.statusCode).toBe(503);
    expect(stopped.json()).toMatchObject({
      status: 'not-ready',
      checks: { turnClock: 'stopped' },
      reasons: ['The turn clock is stopped.'],
    });
  });

  it('answers 503 with a fixed reason, not the driver error, when the database fails', async () => {
    const failingDb = { execute: () => Promise.reject(new Error(SECRET_DRIVER_TEXT)) } as unknown as Database;
    const app = await buildHealthOnly(failingDb, IDLE);
    const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'not-ready',
      checks: { database: 'down', turnClock: 'not-run' },
      turnClockLastTickSecondsAgo: null,
      reasons: ['The database did not answer.'],
    });
    expect(response.body).not.toContain('db.internal');
    await app.close();
  });

  it('answers 503 when the database hangs, instead of hanging the probe', async () => {
    const hangingDb = { execute: () => new Promise(() => {}) } as unknown as Database;
    const app = await buildHealthOnly(hangingDb, IDLE);
    const started = Date.now();
    const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json().checks.database).toBe('down');
    expect(Date.now() - started).toBeLessThan(5000);
    await app.close();
  });

  it('answers 503 a few tick intervals after the last good tick, and says how long ago it was', async () => {
    const workingDb = { execute: () => Promise.resolve([]) } as unknown as Database;
    // 10 s without a tick: a clock of 250 ms is long stale (the threshold is a few intervals).
    const tenSecondsAgo = new Date(Date.now() - 10_000);
    const app = await buildHealthOnly(workingDb, running({ startedAt: tenSecondsAgo, lastTickAt: tenSecondsAgo }));
    const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      status: 'not-ready',
      checks: { database: 'up', turnClock: 'stale' },
      reasons: ['The turn clock has not ticked for 10 s (it ticks every 250 ms).'],
    });
    expect(response.json().turnClockLastTickSecondsAgo).toBeGreaterThanOrEqual(10);
    await app.close();
  });

  it('says the ticks are failing when they throw, from the last good tick', async () => {
    const workingDb = { execute: () => Promise.resolve([]) } as unknown as Database;
    const lastGood = new Date(Date.now() - 6_000);
    const app = await buildHealthOnly(
      workingDb,
      running({
        startedAt: new Date(Date.now() - 600_000),
        lastTickAt: lastGood,
        failingSince: new Date(Date.now() - 5_700),
      }),
    );
    const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json().reasons).toEqual([
      "The turn clock's ticks are failing; its last good tick was 6 s ago (it ticks every 250 ms).",
    ]);
    await app.close();
  });
});

describe('GET /api/health (liveness)', () => {
  it('answers 200 while the database fails, with the database reported down and no error text', async () => {
    const failingDb = { execute: () => Promise.reject(new Error(SECRET_DRIVER_TEXT)) } as unknown as Database;
    const app = await buildHealthOnly(failingDb, IDLE);
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'degraded',
      database: { kind: 'postgres', status: 'down', latencyMs: null, error: 'The database did not answer.' },
    });
    expect(response.body).not.toContain('db.internal');
    await app.close();
  });

  it('answers 200 within its own time limit when the database hangs', async () => {
    const hangingDb = { execute: () => new Promise(() => {}) } as unknown as Database;
    const app = await buildHealthOnly(hangingDb, IDLE);
    const started = Date.now();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json().database.status).toBe('down');
    expect(Date.now() - started).toBeLessThan(HEALTH_DATABASE_TIMEOUT_MS + 1000);
    await app.close();
  });
});

describe('checkTurnClock', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  const msAgo = (milliseconds: number) => new Date(now - milliseconds);
  const check = (status: PeriodicJobStatus) => checkTurnClock(status, now).check;

  it('gives a just-started clock the staleness window for its first tick', () => {
    expect(check(running({ startedAt: msAgo(STALE_AFTER_MS - 100) }))).toBe('ticking');
    expect(check(running({ startedAt: msAgo(STALE_AFTER_MS + 100) }))).toBe('stale');
  });

  it('is stale a few intervals after the last good tick, not half a minute', () => {
    expect(STALE_AFTER_MS).toBeLessThan(10_000);
    expect(check(running({ startedAt: msAgo(600_000), lastTickAt: msAgo(STALE_AFTER_MS - 100) }))).toBe('ticking');
    expect(check(running({ startedAt: msAgo(600_000), lastTickAt: msAgo(STALE_AFTER_MS + 100) }))).toBe('stale');
    // A slower clock has a longer window: a few of its own intervals.
    const slow = running({ intervalMs: 5_000, startedAt: msAgo(600_000), lastTickAt: msAgo(15_000) });
    expect(check(slow)).toBe('ticking');
    expect(check({ ...slow, lastTickAt: msAgo(25_000) })).toBe('stale');
  });

  it('counts a long tick under way as work, until it has run too long', () => {
    const busy = running({ startedAt: msAgo(600_000), lastTickAt: msAgo(10_000), tickStartedAt: msAgo(9_900) });
    expect(check(busy)).toBe('ticking');
    expect(check({ ...busy, tickStartedAt: msAgo(TURN_CLOCK_LONGEST_TICK_MS + 1000) })).toBe('stale');
    // A retry under way while the ticks fail is judged by the last good tick.
    expect(check({ ...busy, failingSince: msAgo(9_000) })).toBe('stale');
  });

  it('tells stopped and never-started clocks apart', () => {
    expect(checkTurnClock({ ...IDLE, state: 'stopped', startedAt: msAgo(600_000), lastTickAt: msAgo(1) }, now)).toEqual(
      {
        check: 'stopped',
        reason: 'The turn clock is stopped.',
      },
    );
    expect(checkTurnClock(IDLE, now)).toEqual({ check: 'not-run' });
  });
});
