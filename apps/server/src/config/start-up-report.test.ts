/** The start-up report prints only the sign-ins that work on the database it serves. */
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../db/schema/index.ts';
import { seedIfEmpty } from '../db/seed/seed.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { createTestContext, type TestContext } from '../test/test-app.ts';
import { loadConfig } from './env.ts';
import { findWorkingDemoSignIns, reportStartUp, type StartUpFacts, startUpBanner } from './start-up-report.ts';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => context.close());

const config = { ...loadConfig({ DATA_DIR: '/tmp/stationbid-report-test', JWT_SECRET: 'x'.repeat(40) }), port: 5123 };

describe('the demo sign-ins printed at start-up', () => {
  it('leaves out the demo administrator when ADMIN_EMAIL named the department’s own (DEMO_DATA=1)', async () => {
    const seed = await seedIfEmpty(context.db, {
      admin: { email: 'chief@dept.example', password: 'a-long-password' },
      loadDemoData: true,
      clock: context.clock,
    });
    const demoSignIns = await findWorkingDemoSignIns(context.db);
    expect(demoSignIns).toEqual([
      { who: 'member', email: 'elena.ramirez@stationbid.example', password: 'stationbid-member' },
    ]);

    const facts: StartUpFacts = { config, databaseKind: 'pglite', seed, demoSignIns };
    const banner = startUpBanner(facts);
    expect(banner).toContain('StationBid is running at http://localhost:5123');
    expect(banner).toContain('First start: created the administrator chief@dept.example.');
    expect(banner).toContain('elena.ramirez@stationbid.example / stationbid-member');
    expect(banner).not.toContain('admin@stationbid.example');
    expect(banner).not.toContain('a-long-password');

    // The member's sign-in works, as printed.
    const login = await context.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'elena.ramirez@stationbid.example', password: 'stationbid-member' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('drops a sign-in whose password was changed or whose account was deactivated', async () => {
    await context.db
      .update(members)
      .set({ passwordHash: await hashPassword('changed-by-elena-42') })
      .where(eq(members.email, 'elena.ramirez@stationbid.example'));
    expect(await findWorkingDemoSignIns(context.db)).toEqual([]);
  });

  it('writes one JSON line, whatever LOG_LEVEL, when stdout is not a terminal', async () => {
    let written = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        written += String(chunk);
        done();
      },
    });
    const app = Fastify({ logger: { level: 'warn', stream } });
    const demoSignIns = [
      { who: 'member' as const, email: 'elena.ramirez@stationbid.example', password: 'stationbid-member' },
    ];
    reportStartUp(app.log, { config, databaseKind: 'postgres', seed: { seeded: false }, demoSignIns }, false);
    const lines = written.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({
      level: 30,
      msg: 'StationBid is running at http://localhost:5123',
      url: 'http://localhost:5123',
      database: { kind: 'postgres', from: 'DATABASE_URL' },
      demoSignIns,
    });
  });
});
