import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import { startServerProcess } from '../../test/server-process.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import {
  bidSessions,
  certifications,
  departmentSettings,
  members,
  participants,
  seats,
  stations,
} from '../schema/index.ts';
import { DEMO_ADMIN, DEMO_MEMBER_PASSWORD } from './demo-data.ts';
import { NoAdministratorError, seedIfEmpty } from './seed.ts';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

const total = async (table: typeof members | typeof stations | typeof seats | typeof bidSessions) =>
  (await context.db.select({ total: count() }).from(table))[0]?.total;

describe('first-start seed', () => {
  it('creates the demo department once, and its sign-ins work', async () => {
    const clock = new ManualClock('2026-03-01T12:00:00Z');
    const result = await seedIfEmpty(context.db, { admin: undefined, loadDemoData: true, clock });
    expect(result).toEqual({ seeded: true, adminEmail: DEMO_ADMIN.email, demoData: true });

    expect(await total(members)).toBe(31);
    expect(await total(stations)).toBe(6);
    const [session] = await context.db.select().from(bidSessions);
    expect(session).toMatchObject({ status: 'draft', year: 2026 });
    const sessionParticipants = await context.db
      .select()
      .from(participants)
      .where(eq(participants.sessionId, session!.id))
      .orderBy(participants.queuePosition);
    expect(sessionParticipants).toHaveLength(12);
    expect(sessionParticipants.map((participant) => participant.bidPriority)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
    // Officers first, then engineers, then firefighters; within a round time in rank, which the
    // demo's dates make the same as the scores' order.
    const rounds = sessionParticipants.map((participant) => participant.round);
    expect(rounds).toEqual([...rounds].sort((a, b) => a - b));
    expect(new Set(rounds)).toEqual(new Set([0, 1, 2]));
    for (const round of [0, 1, 2]) {
      const scores = sessionParticipants.filter((entry) => entry.round === round).map((entry) => entry.seniorityScore);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    }
    expect(session?.rounds).toHaveLength(3);

    // The department's rules: time in rank, the catalogue, the medic seats and two standing bids.
    const [settings] = await context.db.select().from(departmentSettings);
    expect(settings?.seniorityRule).toEqual([
      { key: 'rankDate', direction: 'asc' },
      { key: 'listNumber', direction: 'asc' },
      { key: 'hireDate', direction: 'asc' },
      { key: 'lottery', direction: 'asc' },
    ]);
    expect((await context.db.select().from(certifications)).map((row) => row.code).sort()).toEqual(['DO', 'HM', 'PM']);
    const medicSeats = await context.db.select().from(seats).where(eq(seats.mustFill, true));
    expect(medicSeats.map((seat) => [seat.shift, seat.seatPosition, seat.requires])).toEqual([
      ['B', 'Firefighter', ['PM']],
      ['B', 'Firefighter', ['PM']],
    ]);
    const standing = (await context.db.select().from(members)).filter(
      (member) => (member.bidPreferences as { standingBid?: boolean }).standingBid === true,
    );
    expect(standing.map((member) => member.lastName).sort()).toEqual(['Bennett', 'Natarajan']);
    // Every participant has the keys the rule needs: the session can start.
    const admin = await context.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    });
    const started = await context.app.inject({
      method: 'POST',
      url: `/api/bid-sessions/${session!.id}/start`,
      headers: { authorization: `Bearer ${admin.json().token}` },
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().session.currentTurn.user.lastName).toBe('Ramirez');
    // The demo administrator has the dates time in rank needs, so keeps the first place their
    // seniority gives them rather than dropping below every member.
    const adminProfile = await context.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${admin.json().token}` },
    });
    expect(adminProfile.json().user).toMatchObject({ employeeId: DEMO_ADMIN.employeeId, bidPriority: 1 });
    expect(adminProfile.json().user.rankDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const seated = await context.db.select({ total: count() }).from(members).where(isNotNull(members.currentSeatId));
    expect(seated[0]?.total).toBeGreaterThan(10);

    for (const [email, password] of [
      [DEMO_ADMIN.email, DEMO_ADMIN.password],
      ['elena.ramirez@stationbid.example', DEMO_MEMBER_PASSWORD],
      ['jack.fernandes@stationbid.example', DEMO_MEMBER_PASSWORD],
    ] as const) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
      });
      expect(response.statusCode, email).toBe(200);
    }

    // A second start finds members and changes nothing.
    expect(await seedIfEmpty(context.db, { admin: undefined, loadDemoData: true, clock })).toEqual({ seeded: false });
    expect(await total(members)).toBe(31);
  });

  it('creates only the configured administrator when the department names one', async () => {
    const fresh = await createTestContext();
    try {
      const result = await seedIfEmpty(fresh.db, {
        admin: { email: 'Chief@Dept.Example', password: 'a-long-password' },
        loadDemoData: false,
        clock: new ManualClock(),
      });
      expect(result).toEqual({ seeded: true, adminEmail: 'chief@dept.example', demoData: false });
      const everyone = await fresh.db.select().from(members);
      expect(everyone).toHaveLength(1);
      expect(everyone[0]).toMatchObject({ email: 'chief@dept.example', isAdmin: true });
      expect((await fresh.db.select({ total: count() }).from(stations))[0]?.total).toBe(0);
      const login = await fresh.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'chief@dept.example', password: 'a-long-password' },
      });
      expect(login.statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  it('never creates the demo administrator (published password) without the demo, and says what to set', async () => {
    const fresh = await createTestContext();
    try {
      const seeding = seedIfEmpty(fresh.db, { admin: undefined, loadDemoData: false, clock: new ManualClock() });
      await expect(seeding).rejects.toThrow(NoAdministratorError);
      await expect(seeding).rejects.toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD/);
      expect((await fresh.db.select({ total: count() }).from(members))[0]?.total).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});

describe('a production start on an empty database', () => {
  it('refuses to start without an administrator configured, saying what to set; starts with one', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'stationbid-production-'));
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATA_DIR: dataDir };
    try {
      const refused = await startServerProcess({ env: production }).then(
        async (server) => {
          await server.kill();
          return 'started';
        },
        (error: Error) => error.message,
      );
      expect(refused).toMatch(/database is empty and no administrator is configured/);
      expect(refused).toMatch(/ADMIN_EMAIL and ADMIN_PASSWORD/);
      expect(refused).not.toMatch(new RegExp(DEMO_ADMIN.password));

      const server = await startServerProcess({
        env: { ...production, ADMIN_EMAIL: 'chief@dept.example', ADMIN_PASSWORD: 'a-long-password' },
      });
      try {
        const demoLogin = await fetch(`${server.baseUrl}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
        });
        expect(demoLogin.status).toBe(401);
        expect(server.output()).not.toMatch(/Demo sign-ins/);
      } finally {
        await server.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
