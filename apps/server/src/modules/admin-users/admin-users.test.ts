import { MESSAGES } from '@stationbid/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activities,
  bidSessions,
  members,
  outbox,
  participants,
  passwordTokens,
  refreshTokens,
  seats,
  stations,
} from '../../db/schema/index.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  TEST_PASSWORD,
  type TestContext,
} from '../../test/test-app.ts';
import { hashOpaqueToken } from '../auth/tokens.ts';

let context: TestContext;
let admin: typeof members.$inferSelect;
let adminSession: SignedIn;
let memberSession: SignedIn;

beforeAll(async () => {
  context = await createTestContext();
  admin = await createAdmin(context, { firstName: 'Ada', lastName: 'Chief' });
  adminSession = await signIn(context, admin.email);
  const member = await createMember(context);
  memberSession = await signIn(context, member.email);
});
afterAll(async () => {
  await context.close();
});

const asAdmin = (options: Parameters<typeof injectAs>[2]) => injectAs(context, adminSession, options);

let sequence = 0;
const newMemberBody = (overrides: Record<string, unknown> = {}) => {
  sequence += 1;
  return {
    firstName: 'Nina',
    lastName: `New${sequence}`,
    email: `nina${sequence}@test.example`,
    employeeId: `N-${sequence}`,
    ...overrides,
  };
};

async function createStationWithSeats(number: number, seatsPerPosition: Partial<Record<string, number>>, shift = 'A') {
  const [station] = await context.db
    .insert(stations)
    .values({ number, name: `Station ${number}` })
    .returning();
  for (const [seatPosition, count] of Object.entries(seatsPerPosition)) {
    for (let ordinal = 1; ordinal <= (count ?? 0); ordinal++) {
      await context.db.insert(seats).values({ stationId: station!.id, shift, seatPosition, ordinal });
    }
  }
  return station!;
}

describe('guards', () => {
  const routes = [
    { method: 'GET', url: '/api/admin/users' },
    { method: 'POST', url: '/api/admin/users', payload: {} },
    { method: 'PUT', url: '/api/admin/users/00000000-0000-4000-8000-000000000000', payload: {} },
    { method: 'DELETE', url: '/api/admin/users/00000000-0000-4000-8000-000000000000' },
    { method: 'PUT', url: '/api/admin/users/00000000-0000-4000-8000-000000000000/station', payload: {} },
    { method: 'POST', url: '/api/admin/users/00000000-0000-4000-8000-000000000000/reactivate' },
    { method: 'PUT', url: '/api/admin/users/00000000-0000-4000-8000-000000000000/password', payload: {} },
    { method: 'POST', url: '/api/admin/import-users' },
  ] as const;

  it('answers 401 without a token and 403 to a member on every admin route', async () => {
    for (const route of routes) {
      const anonymous = await context.app.inject(route);
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(anonymous.json().code).toBe('TOKEN_MISSING');
      const asMember = await injectAs(context, memberSession, route);
      expect(asMember.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(asMember.json()).toEqual({ error: 'Access denied. Admin privileges required.', code: 'FORBIDDEN' });
    }
  });
});

describe('GET /api/admin/users', () => {
  it('lists every member, inactive ones too, with their bid priority', async () => {
    const inactive = await createMember(context, { isActive: false, lastName: 'Aaron' });
    const response = await asAdmin({ method: 'GET', url: '/api/admin/users' });
    expect(response.statusCode).toBe(200);
    const { users } = response.json();
    const listedInactive = users.find((user: { id: string }) => user.id === inactive.id);
    expect(listedInactive).toMatchObject({ isActive: false, status: 'inactive', bidPriority: null });
    const listedAdmin = users.find((user: { id: string }) => user.id === admin.id);
    expect(listedAdmin.bidPriority).toEqual(expect.any(Number));
    expect(listedAdmin).not.toHaveProperty('passwordHash');
  });
});

describe('POST /api/admin/users', () => {
  it('creates a pending member with a single-use setup link and a queued e-mail, and says so honestly', async () => {
    const body = newMemberBody({
      email: 'Setup.Me@Test.Example',
      rank: 'Captain',
      position: 'Paramedic',
      yearsOfService: 12,
    });
    const response = await asAdmin({ method: 'POST', url: '/api/admin/users', payload: body });
    expect(response.statusCode).toBe(201);
    const result = response.json();
    expect(result).toMatchObject({
      user: { email: 'setup.me@test.example', status: 'pending', isActive: true, isAdmin: false, seniorityScore: 312 },
      emailSent: false,
      emailError: 'E-mail delivery is not configured yet; the password-setup message is queued in the outbox.',
      passwordSetupRequired: true,
      emailQueued: true,
    });
    expect(result.message).toMatch(/queued in the outbox/);

    const [token] = await context.db.select().from(passwordTokens).where(eq(passwordTokens.memberId, result.user.id));
    expect(token).toMatchObject({ purpose: 'setup', usedAt: null });
    expect(token!.expiresAt.getTime() - context.clock.now().getTime()).toBe(7 * 24 * 60 * 60 * 1000);
    const [email] = await context.db.select().from(outbox).where(eq(outbox.memberId, result.user.id));
    expect(email).toMatchObject({
      channel: 'email',
      kind: 'password_setup',
      recipient: 'setup.me@test.example',
      status: 'pending',
    });
    const link = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(email!.textBody);
    expect(link).not.toBeNull();
    // Only the hash is stored; the link carries the token itself.
    expect(hashOpaqueToken(link![1]!)).toBe(token!.tokenHash);
    expect(email!.htmlBody).toContain(`href="/reset-password/${link![1]}"`);
  });

  it('creates a member with the given password, who can sign in with it', async () => {
    const body = newMemberBody({ password: 'engine-crew-42', isAdmin: true });
    const response = await asAdmin({ method: 'POST', url: '/api/admin/users', payload: body });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      user: { status: 'active', isAdmin: true },
      emailSent: false,
      emailError: null,
      passwordSetupRequired: false,
      message: 'User created successfully with the provided password.',
    });
    await expect(signIn(context, body.email, 'engine-crew-42')).resolves.toBeDefined();
    const queued = await context.db.select().from(outbox).where(eq(outbox.recipient, body.email));
    expect(queued).toHaveLength(0);
  });

  it('treats a blank password as none, and queues nothing when sendPasswordEmail is off', async () => {
    const body = newMemberBody({ password: '', sendPasswordEmail: false, isActive: false });
    const response = await asAdmin({ method: 'POST', url: '/api/admin/users', payload: body });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      user: { status: 'inactive' },
      passwordSetupRequired: true,
      emailQueued: false,
      emailError: null,
    });
    expect(await context.db.select().from(outbox).where(eq(outbox.recipient, body.email))).toHaveLength(0);
  });

  it('refuses bad input with the form messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...newMemberBody(), firstName: ' ' }, 'First name is required'],
      [{ ...newMemberBody(), employeeId: '' }, 'Employee ID is required'],
      [{ ...newMemberBody(), email: 'nope' }, 'Invalid email address'],
      [{ ...newMemberBody(), yearsOfService: 51 }, 'Years cannot exceed 50'],
      [{ ...newMemberBody(), yearsOfService: -1 }, 'Years must be 0 or greater'],
      [{ ...newMemberBody(), password: '12345' }, 'Password must be at least 8 characters'],
      // The one password policy (issue 13, finding 11): 8 to 11 characters only when not common.
      [{ ...newMemberBody(), password: 'football' }, MESSAGES.passwordTooCommon],
    ];
    for (const [payload, message] of cases) {
      const response = await asAdmin({ method: 'POST', url: '/api/admin/users', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(message);
    }
    expect(
      (await asAdmin({ method: 'POST', url: '/api/admin/users', payload: { ...newMemberBody(), rank: 'Admiral' } }))
        .statusCode,
    ).toBe(400);
  });

  it('answers 409 with a clear message when an active member holds the e-mail or employee ID', async () => {
    const holder = await createMember(context, { email: 'taken@test.example', employeeId: 'TAKEN-1' });
    const byEmail = await asAdmin({
      method: 'POST',
      url: '/api/admin/users',
      payload: newMemberBody({ email: 'TAKEN@test.example' }),
    });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json()).toMatchObject({ error: 'A user with this email already exists.', code: 'CONFLICT' });
    expect(byEmail.json()).not.toHaveProperty('conflictType');
    const byEmployeeId = await asAdmin({
      method: 'POST',
      url: '/api/admin/users',
      payload: newMemberBody({ employeeId: holder.employeeId }),
    });
    expect(byEmployeeId.statusCode).toBe(409);
    expect(byEmployeeId.json().error).toBe('A user with this employee ID already exists.');
  });

  it('offers an inactive holder for reactivation: conflictType inactive_user with existingUser', async () => {
    const holder = await createMember(context, { email: 'gone@test.example', employeeId: 'GONE-1', isActive: false });
    for (const payload of [newMemberBody({ email: 'gone@test.example' }), newMemberBody({ employeeId: 'GONE-1' })]) {
      const response = await asAdmin({ method: 'POST', url: '/api/admin/users', payload });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'CONFLICT',
        conflictType: 'inactive_user',
        existingUser: {
          id: holder.id,
          _id: holder.id,
          email: 'gone@test.example',
          isActive: false,
          status: 'inactive',
        },
      });
      expect(response.json().error).toMatch(/deactivated user.*Reactivate/);
    }
  });
});

describe("a member's phone, as administrators set it", () => {
  const example = '(555) 201-4477';

  it("stores a new member's number in E.164, and refuses one no text can reach with the example format", async () => {
    const created = await asAdmin({
      method: 'POST',
      url: '/api/admin/users',
      payload: newMemberBody({ phone: '312.555.0199' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().user.phone).toBe('+13125550199');
    const viaOldName = await asAdmin({
      method: 'POST',
      url: '/api/admin/users',
      payload: newMemberBody({ phoneNumber: '+44 20 7946 0958' }),
    });
    expect(viaOldName.json().user.phone).toBe('+442079460958');
    const blank = await asAdmin({ method: 'POST', url: '/api/admin/users', payload: newMemberBody({ phone: '' }) });
    expect(blank.json().user.phone).toBeNull();
    for (const phone of ['555-0100', 'call the station', '12']) {
      const refused = await asAdmin({ method: 'POST', url: '/api/admin/users', payload: newMemberBody({ phone }) });
      expect(refused.statusCode, phone).toBe(400);
      expect(refused.json().error).toContain(example);
    }
  });

  it('keeps an old number sent back unchanged, refuses a new one no text can reach, and turns SMS off when emptied', async () => {
    const member = await createMember(context, { phone: '555-0221', smsNotifications: true });
    const put = (payload: object) => asAdmin({ method: 'PUT', url: `/api/admin/users/${member.id}`, payload });
    // The edit form sends the whole member back: an unrelated change still saves.
    const unchanged = await put({ firstName: 'Kept', phone: '555-0221' });
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(unchanged.json().user).toMatchObject({ firstName: 'Kept', phone: '555-0221' });
    const refused = await put({ phone: '555-0222' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toContain(example);
    const [stillStored] = await context.db.select().from(members).where(eq(members.id, member.id));
    expect(stillStored?.phone).toBe('555-0221');
    expect((await put({ phoneNumber: '(312) 555-0142' })).json().user.phone).toBe('+13125550142');
    expect((await put({ phone: '' })).json().user.phone).toBeNull();
    const [emptied] = await context.db.select().from(members).where(eq(members.id, member.id));
    expect(emptied?.smsNotifications).toBe(false);
  });
});

describe('PUT /api/admin/users/:id', () => {
  it('changes any field, including years, rank, position and the manual score (0 means automatic)', async () => {
    const member = await createMember(context);
    const response = await asAdmin({
      method: 'PUT',
      url: `/api/admin/users/${member.id}`,
      payload: {
        firstName: 'Renamed',
        email: 'Renamed@Test.Example',
        rank: 'Lieutenant',
        position: 'Officer',
        yearsOfService: 10,
        manualSeniorityScore: 999,
        phone: '(312) 555-0100',
        emergencyContact: { name: 'Sam', phone: '555-0101', relationship: 'Partner' },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      firstName: 'Renamed',
      email: 'renamed@test.example',
      rank: 'Lieutenant',
      position: 'Officer',
      yearsOfService: 10,
      manualSeniorityScore: 999,
      seniorityScore: 999,
      phone: '+13125550100',
      emergencyContact: { name: 'Sam', phone: '555-0101', relationship: 'Partner' },
    });
    const seniority = await asAdmin({
      method: 'PUT',
      url: `/api/admin/users/${member.id}`,
      payload: { years: 12, manualSeniorityScore: 0 },
    });
    expect(seniority.json().user).toMatchObject({
      yearsOfService: 12,
      manualSeniorityScore: null,
      seniorityScore: 270,
    });
    const [logged] = await context.db
      .select()
      .from(activities)
      .where(and(eq(activities.type, 'user'), eq(activities.title, 'User updated')));
    expect(logged).toBeDefined();
  });

  it('refuses bad values, an unknown member, and taken e-mails or employee IDs', async () => {
    const member = await createMember(context);
    const other = await createMember(context, { isActive: false });
    const put = (id: string, payload: object) => asAdmin({ method: 'PUT', url: `/api/admin/users/${id}`, payload });
    expect((await put(member.id, { yearsOfService: 60 })).json().error).toBe('Years cannot exceed 50');
    expect((await put(member.id, { manualSeniorityScore: -5 })).statusCode).toBe(400);
    const missing = await put('00000000-0000-4000-8000-000000000000', { firstName: 'X' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('User not found. They may have already been deleted.');
    expect((await put('not-a-uuid', {})).statusCode).toBe(400);
    const taken = await put(member.id, { email: other.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ conflictType: 'inactive_user', existingUser: { id: other.id } });
    expect((await put(member.id, { employeeId: admin.employeeId })).json().error).toBe(
      'A user with this employee ID already exists.',
    );
    // Sending one's own values back is not a conflict.
    expect((await put(member.id, { email: member.email, employeeId: member.employeeId })).statusCode).toBe(200);
  });

  it('does not let an administrator remove their own admin rights or deactivate themselves', async () => {
    const removeAdmin = await asAdmin({
      method: 'PUT',
      url: `/api/admin/users/${admin.id}`,
      payload: { isAdmin: false },
    });
    expect(removeAdmin.statusCode).toBe(403);
    expect(removeAdmin.json().error).toMatch(/cannot remove your own administrator rights/);
    const deactivate = await asAdmin({
      method: 'PUT',
      url: `/api/admin/users/${admin.id}`,
      payload: { isActive: false },
    });
    expect(deactivate.statusCode).toBe(403);
    expect(deactivate.json().error).toMatch(/cannot deactivate your own account/);
    // Another administrator can.
    const other = await createAdmin(context);
    const demoted = await asAdmin({
      method: 'PUT',
      url: `/api/admin/users/${other.id}`,
      payload: { isAdmin: false, isActive: false },
    });
    expect(demoted.json().user).toMatchObject({ isAdmin: false, isActive: false });
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('refuses to delete one’s own account', async () => {
    const response = await asAdmin({ method: 'DELETE', url: `/api/admin/users/${admin.id}` });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('You cannot delete your own account.');
  });

  it('answers 404 for an unknown member', async () => {
    const response = await asAdmin({ method: 'DELETE', url: '/api/admin/users/00000000-0000-4000-8000-000000000000' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('User not found. They may have already been deleted.');
  });

  it('deletes the member and signs them out, while past sessions still name them', async () => {
    const member = await createMember(context, { firstName: 'Gone', lastName: 'Tomorrow', employeeId: 'DEL-1' });
    const theirSession = await signIn(context, member.email);
    const [session] = await context.db
      .insert(bidSessions)
      .values({ name: '2025 bid', year: 2025, status: 'completed' })
      .returning();
    await context.db.insert(participants).values({
      sessionId: session!.id,
      memberId: member.id,
      firstName: member.firstName,
      lastName: member.lastName,
      employeeId: member.employeeId,
      rank: member.rank,
      position: member.position,
      yearsOfService: member.yearsOfService,
      seniorityScore: 0,
      bidPriority: 1,
      queuePosition: 0,
      outcome: 'skipped',
    });

    const response = await asAdmin({ method: 'DELETE', url: `/api/admin/users/${member.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'User deleted successfully' });

    expect(await context.db.select().from(members).where(eq(members.id, member.id))).toHaveLength(0);
    const [kept] = await context.db.select().from(participants).where(eq(participants.sessionId, session!.id));
    expect(kept).toMatchObject({ memberId: null, firstName: 'Gone', lastName: 'Tomorrow', employeeId: 'DEL-1' });
    const me = await injectAs(context, theirSession, { method: 'GET', url: '/api/auth/me' });
    expect(me.statusCode).toBe(401);
    const again = await asAdmin({ method: 'DELETE', url: `/api/admin/users/${member.id}` });
    expect(again.statusCode).toBe(404);
  });
});

describe('PUT /api/admin/users/:id/station', () => {
  it('puts the member in a free seat of their rank’s position, and releases it with stationId null', async () => {
    const station = await createStationWithSeats(11, { Captain: 1, Firefighter: 2 }, 'B');
    const captain = await createMember(context, { rank: 'Battalion Chief' });
    const assigned = await asAdmin({
      method: 'PUT',
      url: `/api/admin/users/${captain.id}/station`,
      payload: { stationId: station.id, shift: 'B' },
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().user).toMatchObject({
      currentStation: { id: station.id, name: 'Station 11', number: 11 },
      currentShift: 'B',
      currentSeatPosition: 'Captain',
    });
    // Asking again for the same place keeps the same seat.
    const again = await asAdmin({
      method: 'PUT',
      url: `/api/admin/users/${captain.id}/station`,
      payload: { stationId: station.id, shift: 'B' },
    });
    expect(again.statusCode).toBe(200);

    const other = await createMember(context, { rank: 'Captain' });
    const full = await asAdmin({
      method: 'PUT',
      url: `/api/admin/users/${other.id}/station`,
      payload: { stationId: station.id, shift: 'B' },
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toBe(
      'No free Captain seat on shift B at Station 11 (Station 11). Free a seat or choose another station or shift.',
    );
    // An explicit seat position overrides the rank's default.
    const asFirefighter = await asAdmin({
      method: 'PUT',
      url: `/api/admin/users/${other.id}/station`,
      payload: { stationId: station.id, shift: 'B', seatPosition: 'Firefighter' },
    });
    expect(asFirefighter.json().user.currentSeatPosition).toBe('Firefighter');

    const released = await asAdmin({
      method: 'PUT',
      url: `/api/admin/users/${captain.id}/station`,
      payload: { stationId: null },
    });
    expect(released.json().user).toMatchObject({ currentStation: null, currentShift: null, currentSeatPosition: null });
    const freed = await asAdmin({
      method: 'PUT',
      url: `/api/admin/users/${other.id}/station`,
      payload: { stationId: station.id, shift: 'B' },
    });
    expect(freed.json().user.currentSeatPosition).toBe('Captain');
  });

  it('refuses a missing shift, an unknown or inactive station and an unknown member', async () => {
    const station = await createStationWithSeats(12, { Firefighter: 1 });
    const member = await createMember(context);
    const put = (id: string, payload: object) =>
      asAdmin({ method: 'PUT', url: `/api/admin/users/${id}/station`, payload });
    const noShift = await put(member.id, { stationId: station.id });
    expect(noShift.statusCode).toBe(400);
    expect(noShift.json().error).toBe('Shift is required');
    expect((await put(member.id, { stationId: station.id, shift: 'D' })).json().error).toBe('Shift must be A, B or C');
    const unknownStation = await put(member.id, { stationId: '00000000-0000-4000-8000-000000000000', shift: 'A' });
    expect(unknownStation.statusCode).toBe(404);
    expect(unknownStation.json().error).toBe('Station not found');
    const unknownMember = await put('00000000-0000-4000-8000-000000000000', { stationId: station.id, shift: 'A' });
    expect(unknownMember.statusCode).toBe(404);
    await context.db.update(stations).set({ isActive: false }).where(eq(stations.id, station.id));
    const inactive = await put(member.id, { stationId: station.id, shift: 'A' });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().error).toMatch(/inactive/);
  });

  it('gives the last seat to one of two simultaneous assignments, and a clear 409 to the other', async () => {
    const station = await createStationWithSeats(13, { Firefighter: 1 }, 'C');
    const first = await createMember(context);
    const second = await createMember(context);
    const responses = await Promise.all(
      [first, second].map((member) =>
        asAdmin({
          method: 'PUT',
          url: `/api/admin/users/${member.id}/station`,
          payload: { stationId: station.id, shift: 'C' },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const loser = responses.find((response) => response.statusCode === 409)!;
    expect(loser.json().error).toMatch(/That seat is no longer available|No free Firefighter seat/);
    const holders = await context.db
      .select()
      .from(members)
      .innerJoin(seats, eq(seats.id, members.currentSeatId))
      .where(eq(seats.stationId, station.id));
    expect(holders).toHaveLength(1);
  });
});

describe('POST /api/admin/users/:id/reactivate', () => {
  it('reactivates an inactive member, who can sign in again', async () => {
    const member = await createMember(context, { isActive: false });
    const response = await asAdmin({ method: 'POST', url: `/api/admin/users/${member.id}/reactivate` });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: member.id, isActive: true, status: 'active' });
    await expect(signIn(context, member.email)).resolves.toBeDefined();
    const missing = await asAdmin({
      method: 'POST',
      url: '/api/admin/users/00000000-0000-4000-8000-000000000000/reactivate',
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('PUT /api/admin/users/:id/password', () => {
  it('sets the password, signs the member out everywhere, and queues a notice without the password', async () => {
    const member = await createMember(context);
    const theirSession = await signIn(context, member.email);
    const response = await asAdmin({
      method: 'PUT',
      url: `/api/admin/users/${member.id}/password`,
      payload: { newPassword: 'brand-new', sendEmail: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toMatch(/^Password updated successfully/);

    const live = await context.db.select().from(refreshTokens).where(eq(refreshTokens.memberId, member.id));
    expect(live.every((token) => token.revokedAt !== null)).toBe(true);
    expect((await injectAs(context, theirSession, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    await expect(signIn(context, member.email, TEST_PASSWORD)).rejects.toThrow(/401/);
    await expect(signIn(context, member.email, 'brand-new')).resolves.toBeDefined();

    const [notice] = await context.db.select().from(outbox).where(eq(outbox.memberId, member.id));
    expect(notice).toMatchObject({ kind: 'password_changed_by_admin', recipient: member.email });
    expect(notice!.textBody).not.toContain('brand-new');
    expect(notice!.htmlBody).not.toContain('brand-new');
  });

  it('queues nothing without sendEmail, ends a pending member’s setup link, and refuses bad input', async () => {
    const created = await asAdmin({ method: 'POST', url: '/api/admin/users', payload: newMemberBody() });
    const id = created.json().user.id;
    const response = await asAdmin({
      method: 'PUT',
      url: `/api/admin/users/${id}/password`,
      payload: { newPassword: 'engine-crew-42' },
    });
    expect(response.json()).toEqual({ message: 'Password updated successfully' });
    const [setup] = await context.db.select().from(passwordTokens).where(eq(passwordTokens.memberId, id));
    expect(setup!.usedAt).not.toBeNull();
    expect(
      await context.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.memberId, id), eq(outbox.kind, 'password_changed_by_admin'))),
    ).toHaveLength(0);

    const short = await asAdmin({
      method: 'PUT',
      url: `/api/admin/users/${id}/password`,
      payload: { newPassword: '12345' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe('Password must be at least 8 characters');
    const common = await asAdmin({
      method: 'PUT',
      url: `/api/admin/users/${id}/password`,
      payload: { newPassword: 'password1' },
    });
    expect(common.json().error).toBe(MESSAGES.passwordTooCommon);
    const missing = await asAdmin({ method: 'PUT', url: `/api/admin/users/${id}/password`, payload: {} });
    expect(missing.json().error).toBe('Password is required');
    const unknown = await asAdmin({
      method: 'PUT',
      url: '/api/admin/users/00000000-0000-4000-8000-000000000000/password',
      payload: { newPassword: 'engine-crew-42' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("the spec client's user form (contract gap 6)", () => {
  it('treats an empty rank or position as not given', async () => {
    const created = await asAdmin({
      method: 'POST',
      url: '/api/admin/users',
      payload: newMemberBody({ rank: '', position: '', password: 'a-long-enough-password-1' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().user).toMatchObject({ rank: 'Firefighter', position: 'Firefighter' });
  });
});
