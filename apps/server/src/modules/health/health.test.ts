import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import type { PeriodicJobStatus } from '../../jobs/periodic-job.ts';
import { systemClock } from '../../lib/clock.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { checkTurnClock, healthRoutes, TURN_CLOCK_STALE_AFTER_MS } from './health.routes.ts';

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
const IDLE: PeriodicJobStatus = { state: 'idle', startedAt: undefined, lastTickAt: undefined };

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

  it('answers 503 when the turn clock has not ticked lately', async () => {
    const workingDb = { execute: () => Promise.resolve([]) } as unknown as Database;
    const longAgo = new Date(Date.now() - TURN_CLOCK_STALE_AFTER_MS - 5000);
    const app = await buildHealthOnly(workingDb, { state: 'running', startedAt: longAgo, lastTickAt: longAgo });
    const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      status: 'not-ready',
      checks: { database: 'up', turnClock: 'stale' },
      reasons: ['The turn clock has not ticked lately.'],
    });
    expect(response.json().turnClockLastTickSecondsAgo).toBeGreaterThan(TURN_CLOCK_STALE_AFTER_MS / 1000);
    await app.close();
  });
});

describe('checkTurnClock', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  const secondsAgo = (seconds: number) => new Date(now - seconds * 1000);

  it('gives a just-started clock the staleness window for its first tick', () => {
    expect(checkTurnClock({ state: 'running', startedAt: secondsAgo(1), lastTickAt: undefined }, now)).toBe('ticking');
    expect(checkTurnClock({ state: 'running', startedAt: secondsAgo(60), lastTickAt: undefined }, now)).toBe('stale');
  });

  it('judges by the last good tick, and tells stopped and never-started clocks apart', () => {
    expect(checkTurnClock({ state: 'running', startedAt: secondsAgo(600), lastTickAt: secondsAgo(1) }, now)).toBe(
      'ticking',
    );
    expect(checkTurnClock({ state: 'running', startedAt: secondsAgo(600), lastTickAt: secondsAgo(31) }, now)).toBe(
      'stale',
    );
    expect(checkTurnClock({ state: 'stopped', startedAt: secondsAgo(600), lastTickAt: secondsAgo(1) }, now)).toBe(
      'stopped',
    );
    expect(checkTurnClock(IDLE, now)).toBe('not-run');
  });
});
