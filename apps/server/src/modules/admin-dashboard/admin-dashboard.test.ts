import * as XLSX from '@e965/xlsx';
import type { AdminActivity, AdminStats, OnlineUser } from '@stationbid/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bids, members } from '../../db/schema/index.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  type TestContext,
} from '../../test/test-app.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { XLSX_CONTENT_TYPE } from '../session-admin/session-export.ts';
import {
  createSessionWithMembers,
  createStationWithSeats,
  readParticipants,
  setSessionState,
} from '../session-engine/test-sessions.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

let context: TestContext;
let admin: typeof members.$inferSelect;
let adminSignIn: SignedIn;
let memberSignIn: SignedIn;

beforeAll(async () => {
  context = await createTestContext();
  admin = await createAdmin(context, { firstName: 'Morgan', lastName: 'Hale' });
  adminSignIn = await signIn(context, admin.email);
  const member = await createMember(context);
  memberSignIn = await signIn(context, member.email);
});
afterAll(async () => {
  await context.close();
});

const asAdmin = (url: string) => injectAs(context, adminSignIn, { method: 'GET', url });

/** Moves the clock on; the administrator signs in again whenever their access token would expire. */
async function advanceClock(milliseconds: number, { isAdminSignedInAgain = false } = {}) {
  context.clock.advance(milliseconds);
  if (isAdminSignedInAgain) adminSignIn = await signIn(context, admin.email);
}

describe('guards', () => {
  const urls = ['/api/admin/stats', '/api/admin/online-users', '/api/admin/recent-activity', '/api/admin/export'];

  it.each(urls)('GET %s is 401 signed out and 403 for a member', async (url) => {
    const signedOut = await context.app.inject({ method: 'GET', url });
    expect(signedOut.statusCode).toBe(401);
    const asMember = await injectAs(context, memberSignIn, { method: 'GET', url });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('refuses a limit out of range', async () => {
    expect((await asAdmin('/api/admin/online-users?limit=0')).statusCode).toBe(400);
    expect((await asAdmin('/api/admin/recent-activity?limit=51')).statusCode).toBe(400);
  });
});

describe('GET /api/admin/stats', () => {
  it('counts members, stations, seats, sessions by status and bids as the database holds them', async () => {
    const now = context.clock.now();
    // Members so far: the admin and one member, both active with a password and signed in just now.
    await createMember(context, { isActive: false });
    await createMember(context, { passwordHash: null });
    await createAdmin(context, { isActive: false });
    // Seen 6 minutes ago: not online any more.
    await createMember(context, { lastSeenAt: new Date(now.getTime() - 6 * MINUTE_MS) });

    const active = await createStationWithSeats(context.db, { A: { Firefighter: 2 }, B: { Captain: 1 } });
    const inactive = await createStationWithSeats(context.db, { C: { Engineer: 2 } }, { isActive: false });
    await createMember(context, { currentSeatId: active.seats[0]!.id });
    // A seat held at an inactive station counts for neither capacity nor fill.
    await createMember(context, { currentSeatId: inactive.seats[0]!.id });

    // Seven sessions of three members each (21 more members): two drafts, one in each other status, two completed.
    const statuses = ['draft', 'draft', 'scheduled', 'active', 'paused', 'completed', 'completed'] as const;
    const sessionIds: string[] = [];
    for (const status of statuses) {
      const { session } = await createSessionWithMembers(context, adminSignIn);
      if (status !== 'draft') await setSessionState(context.db, session.id, { status });
      sessionIds.push(session.id);
    }
    // Bids of the first completed session: an hour, three days and ten days old.
    const [bidder1, bidder2, bidder3] = await readParticipants(context.db, sessionIds[5]!);
    const bidAt = (participant: typeof bidder1, ageMs: number) => ({
      sessionId: sessionIds[5]!,
      participantId: participant!.id,
      memberId: participant!.memberId,
      stationName: 'Station 1',
      stationNumber: 1,
      shift: 'A',
      seatPosition: 'Firefighter',
      kind: 'own',
      createdAt: new Date(now.getTime() - ageMs),
    });
    await context.db
      .insert(bids)
      .values([bidAt(bidder1, HOUR_MS), bidAt(bidder2, 72 * HOUR_MS), bidAt(bidder3, 240 * HOUR_MS)]);

    const response = await asAdmin('/api/admin/stats');
    expect(response.statusCode).toBe(200);
    const expected: AdminStats = {
      members: { total: 29, active: 27, inactive: 2, pending: 1, admins: 1 },
      onlineMembers: 2,
      stations: { total: 2, active: 1 },
      seats: { total: 3, filled: 1, fillRate: 33 },
      sessions: { total: 7, draft: 2, scheduled: 1, active: 1, paused: 1, completed: 2 },
      bids: { total: 3, last24Hours: 1, last7Days: 2 },
      countedAt: now.toISOString(),
      totalUsers: 29,
      activeUsers: 27,
      totalStations: 2,
      activeBidSessions: 2,
      completedBidSessions: 2,
      pendingApprovals: 1,
    };
    expect(response.json()).toEqual({
      stats: expected,
      totalUsers: 29,
      activeUsers: 27,
      totalStations: 2,
      activeBidSessions: 2,
      completedBidSessions: 2,
      pendingApprovals: 1,
    });
  });

  it("answers the spec client's flat keys (totalUsers, activeUsers, totalStations, activeBidSessions, completedBidSessions, pendingApprovals) at the top level, where it reads them, and in stats", async () => {
    const body = (await asAdmin('/api/admin/stats')).json<AdminStats & { stats: AdminStats }>();
    const { stats } = body;
    expect(stats).toMatchObject({
      totalUsers: stats.members.total,
      activeUsers: stats.members.active,
      totalStations: stats.stations.total,
      activeBidSessions: stats.sessions.active + stats.sessions.paused,
      completedBidSessions: stats.sessions.completed,
      pendingApprovals: stats.members.pending,
    });
    for (const key of [
      'totalUsers',
      'activeUsers',
      'totalStations',
      'activeBidSessions',
      'completedBidSessions',
      'pendingApprovals',
    ]) {
      expect(stats[key as keyof AdminStats], key).toEqual(expect.any(Number));
      // The spec's client reads `response.data.totalUsers`: the same figure at the top level.
      expect(body[key as keyof AdminStats], key).toBe(stats[key as keyof AdminStats]);
    }
  });
});

describe('GET /api/admin/online-users', () => {
  it('lists active members seen in the last 5 minutes, most recent first, with the total, each with isOnline and _id (spec client)', async () => {
    // Everyone seen so far is left behind.
    await advanceClock(10 * MINUTE_MS);
    const early = await createMember(context, { firstName: 'Early', lastName: 'Bird' });
    await signIn(context, early.email);
    context.clock.advance(2 * MINUTE_MS);
    const late = await createMember(context, { firstName: 'Late', lastName: 'Comer', rank: 'Captain' });
    await signIn(context, late.email);
    const gone = await createMember(context, { firstName: 'Gone', lastName: 'Quiet' });
    await signIn(context, gone.email);
    await context.db.update(members).set({ isActive: false }).where(eq(members.id, gone.id));
    // The administrator signs in again, which counts as being seen, like any signed-in request.
    await advanceClock(2 * MINUTE_MS, { isAdminSignedInAgain: true });
    const response = await asAdmin('/api/admin/online-users');
    expect(response.statusCode).toBe(200);
    const body = response.json<{ users: OnlineUser[]; total: number }>();
    expect(body.total).toBe(3);
    expect(body.users.map((user) => `${user.firstName} ${user.lastName}`)).toEqual([
      'Morgan Hale',
      'Late Comer',
      'Early Bird',
    ]);
    expect(body.users[1]).toEqual({
      id: late.id,
      _id: late.id,
      isOnline: true,
      firstName: 'Late',
      lastName: 'Comer',
      email: late.email,
      rank: 'Captain',
      position: 'Firefighter',
      isAdmin: false,
      lastSeenAt: new Date(context.clock.now().getTime() - 2 * MINUTE_MS).toISOString(),
    });

    const limited = await asAdmin('/api/admin/online-users?limit=1');
    expect(limited.json()).toMatchObject({ total: 3, users: [{ id: admin.id }] });

    // Two minutes on, Early Bird (seen 6 minutes ago) has gone offline; Late Comer (4 minutes) has not.
    await advanceClock(2 * MINUTE_MS);
    const later = await asAdmin('/api/admin/online-users');
    expect(later.json<{ users: OnlineUser[] }>().users.map((user) => user.firstName)).toEqual(['Morgan', 'Late']);
  });
});

describe('GET /api/admin/recent-activity', () => {
  it("lists everyone's activity newest first, with the member's name and who did it", async () => {
    await advanceClock(MINUTE_MS, { isAdminSignedInAgain: true });
    const bidder = await createMember(context, { firstName: 'Rita', lastName: 'Stone' });
    await recordActivity(context.db, {
      memberId: bidder.id,
      actorName: 'Morgan Hale',
      type: 'bid',
      title: 'Bid submitted',
      description: 'Spring Bid: Station 2 (Eastside), shift A, Firefighter',
      at: context.clock.now(),
    });
    context.clock.advance(MINUTE_MS);
    const leaver = await createMember(context, { firstName: 'Lee', lastName: 'Vance' });
    await signIn(context, leaver.email);
    await context.db.delete(members).where(eq(members.id, leaver.id));
    context.clock.advance(MINUTE_MS);
    await signIn(context, bidder.email);

    const response = await asAdmin('/api/admin/recent-activity?limit=3');
    expect(response.statusCode).toBe(200);
    const { activities } = response.json<{ activities: AdminActivity[] }>();
    expect(activities).toHaveLength(3);
    expect(activities[0]).toMatchObject({
      type: 'login',
      title: 'Signed in',
      memberId: bidder.id,
      memberName: 'Rita Stone',
      actorName: 'Rita Stone',
      timestamp: context.clock.now().toISOString(),
    });
    // A deleted member's entries stay, under the name they were recorded with.
    expect(activities[1]).toMatchObject({ type: 'login', memberId: null, memberName: null, actorName: 'Lee Vance' });
    expect(activities[2]).toMatchObject({
      type: 'bid',
      memberId: bidder.id,
      memberName: 'Rita Stone',
      actorName: 'Morgan Hale',
      description: 'Spring Bid: Station 2 (Eastside), shift A, Firefighter',
    });

    const byDefault = await asAdmin('/api/admin/recent-activity');
    expect(byDefault.json<{ activities: AdminActivity[] }>().activities).toHaveLength(6);
  });
});

describe('GET /api/admin/export', () => {
  it('answers an .xlsx with every member and every station', async () => {
    await advanceClock(MINUTE_MS, { isAdminSignedInAgain: true });
    await createMember(context, { firstName: '=HYPERLINK("http://evil.example")', lastName: 'Formula' });
    const seated = await createStationWithSeats(
      context.db,
      { A: { Captain: 1 }, C: { Firefighter: 3 } },
      { name: 'Harbor', address: '9 Pier Rd' },
    );
    await createMember(context, {
      firstName: 'Sam',
      lastName: 'Seated',
      employeeId: 'SEAT-1',
      currentSeatId: seated.seats[1]!.id,
    });

    const response = await asAdmin('/api/admin/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="stationbid-data-\d{8}-\d{6}\.xlsx"$/,
    );

    const workbook = XLSX.read(response.rawPayload, { type: 'buffer' });
    expect(workbook.SheetNames).toEqual(['Members', 'Stations']);
    const rows = (name: string) =>
      XLSX.utils.sheet_to_json<Record<string, unknown>>(workbook.Sheets[name]!, { raw: true, defval: null });

    const memberCount = (await context.db.select({ id: members.id }).from(members)).length;
    const memberRows = rows('Members');
    expect(memberRows).toHaveLength(memberCount);
    expect(memberRows.find((row) => row['Employee ID'] === 'SEAT-1')).toMatchObject({
      'Last name': 'Seated',
      'First name': 'Sam',
      Status: 'active',
      Administrator: 'No',
      Station: `Harbor (${seated.station.number})`,
      Shift: 'C',
      Seat: 'Firefighter',
    });
    expect(memberRows.find((row) => row['E-mail'] === admin.email)).toMatchObject({ Administrator: 'Yes' });
    // A name that a spreadsheet would run as a formula is written as text.
    expect(memberRows.find((row) => row['Last name'] === 'Formula')?.['First name']).toBe(
      '\'=HYPERLINK("http://evil.example")',
    );

    const stationRows = rows('Stations');
    expect(stationRows.map((row) => row.Name)).toEqual(expect.arrayContaining(['Harbor']));
    expect(stationRows.find((row) => row.Name === 'Harbor')).toMatchObject({
      Number: seated.station.number,
      Address: '9 Pier Rd',
      Active: 'Yes',
      'Shift A seats': 1,
      'Shift C seats': 3,
      'Shift C filled': 1,
      'Total seats': 4,
      'Filled seats': 1,
      'Fill rate (%)': 25,
    });
    expect(stationRows.filter((row) => row.Active === 'No')).toHaveLength(1);
  });
});
