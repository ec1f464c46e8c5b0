import { NOTIFICATION_SETTINGS_MESSAGES, PROFILE_MESSAGES } from '@stationbid/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, members, outbox } from '../../db/schema/index.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  signIn,
  TEST_PASSWORD,
  type TestContext,
} from '../../test/test-app.ts';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

describe('guards', () => {
  it('answers 401 without a token on every own-account route', async () => {
    for (const route of [
      { method: 'GET', url: '/api/users/profile' },
      { method: 'PUT', url: '/api/users/profile', payload: {} },
      { method: 'PUT', url: '/api/users/change-password', payload: {} },
      { method: 'GET', url: '/api/users/seniority' },
    ] as const) {
      const response = await context.app.inject(route);
      expect(response.statusCode, route.url).toBe(401);
    }
  });
});

describe('GET/PUT /api/users/profile', () => {
  it('returns the signed-in member', async () => {
    const member = await createMember(context, { firstName: 'Mara' });
    const session = await signIn(context, member.email);
    const response = await injectAs(context, session, { method: 'GET', url: '/api/users/profile' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: member.id, firstName: 'Mara' });
  });

  it('updates personal fields and the emergency contact, and logs a profile activity', async () => {
    const member = await createMember(context);
    const session = await signIn(context, member.email);
    const response = await injectAs(context, session, {
      method: 'PUT',
      url: '/api/users/profile',
      payload: {
        firstName: 'Jo',
        lastName: 'Rivera',
        email: 'Jo.Rivera@Test.Example',
        currentPassword: TEST_PASSWORD,
        phone: '(555) 201-4477',
        address: '1 Hydrant Way',
        emergencyContact: { name: 'Lee Rivera', phone: '555-0198', relationship: 'Spouse' },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Profile updated successfully',
      user: {
        firstName: 'Jo',
        lastName: 'Rivera',
        email: 'jo.rivera@test.example',
        phone: '+15552014477',
        phoneNumber: '+15552014477',
        address: '1 Hydrant Way',
        emergencyContact: { name: 'Lee Rivera', phone: '555-0198', relationship: 'Spouse' },
      },
    });
    const logged = await context.db
      .select()
      .from(activities)
      .where(and(eq(activities.memberId, member.id), eq(activities.type, 'profile')));
    expect(logged).toHaveLength(1);
    // The new e-mail signs in.
    await expect(signIn(context, 'jo.rivera@test.example')).resolves.toBeDefined();
  });

  it('keeps one phone number: the profile’s is the SMS number, in E.164, checked when it changes', async () => {
    const member = await createMember(context, { phone: '555-0199', smsNotifications: false });
    const session = await signIn(context, member.email);
    const putProfile = (payload: Record<string, unknown>) =>
      injectAs(context, session, { method: 'PUT', url: '/api/users/profile', payload });
    const smsSettings = async () =>
      (await injectAs(context, session, { method: 'GET', url: '/api/notifications/preferences' })).json();

    // A number kept from before numbers were checked does not block an unrelated edit.
    const unchanged = await putProfile({ phone: '555-0199', address: '2 Ladder Lane' });
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json().user).toMatchObject({ phone: '555-0199', address: '2 Ladder Lane' });

    // A new number that cannot receive a text is refused, in words that show how to write one.
    const refused = await putProfile({ phone: '555-0200' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(NOTIFICATION_SETTINGS_MESSAGES.phoneInvalid);
    expect(NOTIFICATION_SETTINGS_MESSAGES.phoneInvalid).toContain('(555) 201-4477');

    // The old clients' field name works too; the stored number is the one texts go to.
    const saved = await putProfile({ phoneNumber: '555.201.4477' });
    expect(saved.json().user).toMatchObject({ phone: '+15552014477', phoneNumber: '+15552014477' });
    expect(await smsSettings()).toMatchObject({ phoneNumber: '+15552014477' });

    // With texts on, emptying the profile's phone turns them off rather than leave SMS with no number.
    expect(
      (
        await injectAs(context, session, {
          method: 'PUT',
          url: '/api/notifications/preferences',
          payload: { smsNotifications: true },
        })
      ).statusCode,
    ).toBe(200);
    const removed = await putProfile({ phone: '' });
    expect(removed.statusCode).toBe(200);
    expect(await smsSettings()).toMatchObject({ phoneNumber: null, preferences: { smsNotifications: false } });
  });

  it('accepts the whole user sent back unchanged, rank and employee ID included', async () => {
    const member = await createMember(context, { rank: 'Engineer', yearsOfService: 4 });
    const session = await signIn(context, member.email);
    const { user } = (await injectAs(context, session, { method: 'GET', url: '/api/users/profile' })).json();
    const response = await injectAs(context, session, {
      method: 'PUT',
      url: '/api/users/profile',
      payload: { ...user, yearsOfService: '4', manualSeniorityScore: 0, address: 'Changed' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ address: 'Changed', rank: 'Engineer', yearsOfService: 4 });
  });

  it('refuses a member changing rank, position, years, employee ID or the manual score with 403', async () => {
    const member = await createMember(context, { rank: 'Firefighter', yearsOfService: 3 });
    const session = await signIn(context, member.email);
    for (const change of [
      { rank: 'Chief' },
      { position: 'Officer' },
      { yearsOfService: 30 },
      { employeeId: 'NEW-ID' },
      { manualSeniorityScore: 5000 },
    ]) {
      const response = await injectAs(context, session, {
        method: 'PUT',
        url: '/api/users/profile',
        payload: { firstName: 'Sneaky', ...change },
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(403);
      expect(response.json()).toEqual({
        error: 'Rank, position, years of service and employee ID can only be changed by an administrator.',
        code: 'FORBIDDEN',
      });
    }
    const [stored] = await context.db.select().from(members).where(eq(members.id, member.id));
    expect(stored).toMatchObject({
      firstName: 'Test',
      rank: 'Firefighter',
      yearsOfService: 3,
      manualSeniorityScore: null,
    });
  });

  it('refuses anyone granting themselves admin rights or changing their own account status', async () => {
    const member = await createMember(context);
    const session = await signIn(context, member.email);
    const response = await injectAs(context, session, {
      method: 'PUT',
      url: '/api/users/profile',
      payload: { isAdmin: true },
    });
    expect(response.statusCode).toBe(403);
    const admin = await createAdmin(context);
    const adminSession = await signIn(context, admin.email);
    const demote = await injectAs(context, adminSession, {
      method: 'PUT',
      url: '/api/users/profile',
      payload: { isAdmin: false },
    });
    expect(demote.statusCode).toBe(403);
  });

  it('lets an administrator change their own rank and years from the profile', async () => {
    const admin = await createAdmin(context, { yearsOfService: 5 });
    const session = await signIn(context, admin.email);
    const response = await injectAs(context, session, {
      method: 'PUT',
      url: '/api/users/profile',
      payload: { rank: 'Deputy Chief', yearsOfService: 6 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ rank: 'Deputy Chief', yearsOfService: 6 });
    const bad = await injectAs(context, session, {
      method: 'PUT',
      url: '/api/users/profile',
      payload: { yearsOfService: 70 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Years cannot exceed 50');
  });

  it('refuses an e-mail someone else holds (409) and bad input (400)', async () => {
    const other = await createMember(context);
    const member = await createMember(context);
    const session = await signIn(context, member.email);
    const taken = await injectAs(context, session, {
      method: 'PUT',
      url: '/api/users/profile',
      payload: { email: other.email.toUpperCase(), currentPassword: TEST_PASSWORD },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('A user with this email already exists.');
    const blank = await injectAs(context, session, {
      method: 'PUT',
      url: '/api/users/profile',
      payload: { firstName: '' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe('First name is required');
    const badEmail = await injectAs(context, session, {
      method: 'PUT',
      url: '/api/users/profile',
      payload: { email: 'x' },
    });
    expect(badEmail.json().error).toBe('Invalid email address');
  });
});

describe('an e-mail change needs the current password and tells the old address (issue 13, finding 4)', () => {
  it('refuses an e-mail change without the password (400) or with a wrong one (400), changing nothing', async () => {
    const member = await createMember(context);
    const session = await signIn(context, member.email);
    const change = (payload: object) =>
      injectAs(context, session, { method: 'PUT', url: '/api/users/profile', payload });

    const missing = await change({ email: 'thief@evil.example' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: PROFILE_MESSAGES.currentPasswordRequiredForEmail, code: 'BAD_REQUEST' });
    const wrong = await change({ email: 'thief@evil.example', currentPassword: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: PROFILE_MESSAGES.currentPasswordIncorrect,
      code: 'CURRENT_PASSWORD_INCORRECT',
    });
    const [stored] = await context.db.select().from(members).where(eq(members.id, member.id));
    expect(stored!.email).toBe(member.email);
    expect(await context.db.select().from(outbox).where(eq(outbox.memberId, member.id))).toHaveLength(0);

    // Other fields, and the same e-mail sent back, need no password.
    expect((await change({ firstName: 'Sam', email: member.email.toUpperCase() })).statusCode).toBe(200);
  });

  it('changes the e-mail with the password and queues a notice to the old address', async () => {
    const member = await createMember(context, { firstName: 'Robin' });
    const session = await signIn(context, member.email);
    const response = await injectAs(context, session, {
      method: 'PUT',
      url: '/api/users/profile',
      payload: { email: 'robin.new@test.example', currentPassword: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.email).toBe('robin.new@test.example');
    const queued = await context.db.select().from(outbox).where(eq(outbox.memberId, member.id));
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ kind: 'email_changed', recipient: member.email, channel: 'email' });
    expect(queued[0]!.textBody).toContain('robin.new@test.example');
    expect(queued[0]!.textBody).not.toContain(TEST_PASSWORD);
  });
});

describe('PUT /api/users/change-password', () => {
  it('changes the password, keeps this sign-in, signs out the others, and the new password signs in', async () => {
    const member = await createMember(context);
    const here = await signIn(context, member.email);
    const elsewhere = await signIn(context, member.email);
    const response = await injectAs(context, here, {
      method: 'PUT',
      url: '/api/users/change-password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'a-much-newer-one' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Password changed successfully' });

    expect((await injectAs(context, here, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    expect((await injectAs(context, elsewhere, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const refreshElsewhere = await context.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: elsewhere.refreshToken },
    });
    expect(refreshElsewhere.statusCode).toBe(401);
    await expect(signIn(context, member.email, TEST_PASSWORD)).rejects.toThrow(/401/);
    await expect(signIn(context, member.email, 'a-much-newer-one')).resolves.toBeDefined();
  });

  it('refuses a wrong current password and a short or missing new one', async () => {
    const member = await createMember(context);
    const session = await signIn(context, member.email);
    const change = (payload: object) =>
      injectAs(context, session, { method: 'PUT', url: '/api/users/change-password', payload });
    const wrong = await change({ currentPassword: 'not-my-password', newPassword: 'long-enough-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'Current password is incorrect', code: 'CURRENT_PASSWORD_INCORRECT' });
    expect((await change({ currentPassword: TEST_PASSWORD, newPassword: 'short' })).json().error).toBe(
      'Password must be at least 8 characters',
    );
    expect((await change({ newPassword: 'long-enough-1' })).json().error).toBe('Current password is required');
    expect((await change({ currentPassword: TEST_PASSWORD })).json().error).toBe('Password is required');
    await expect(signIn(context, member.email, TEST_PASSWORD)).resolves.toBeDefined();
  });
});

describe('GET /api/users/seniority', () => {
  it('works out the member’s score with their own numbers, with their queue place and tips', async () => {
    // A fresh context keeps the active-member count exact.
    const own = await createTestContext();
    try {
      const captain = await createMember(own, {
        rank: 'Captain',
        position: 'Paramedic',
        yearsOfService: 12,
        employeeId: 'S-2',
      });
      await createMember(own, { rank: 'Chief', position: 'Officer', yearsOfService: 30, employeeId: 'S-1' });
      await createMember(own, { isActive: false, yearsOfService: 40, employeeId: 'S-9' });
      await createMember(own, { yearsOfService: 1, employeeId: 'S-3' });
      const session = await signIn(own, captain.email);
      const response = await injectAs(own, session, { method: 'GET', url: '/api/users/seniority' });
      expect(response.statusCode).toBe(200);
      const info = response.json();
      expect(info).toMatchObject({
        seniorityScore: 312,
        automaticScore: 312,
        manualOverride: null,
        yearsOfService: 12,
        rank: 'Captain',
        position: 'Paramedic',
        rankMultiplier: 2,
        positionMultiplier: 1.3,
        experienceLevel: 'Experienced',
        calculation: '12 years × 10 × 2 (Captain) × 1.3 (Paramedic) = 312',
        queuePosition: 2,
        totalActiveMembers: 3,
      });
      expect(info.multipliers.ranks[0]).toEqual({ rank: 'Firefighter', multiplier: 1 });
      expect(info.multipliers.positions).toHaveLength(6);
      expect(info.tips).toContain('3 more years of service to reach Senior (15 years).');

      await own.db.update(members).set({ manualSeniorityScore: 10_000 }).where(eq(members.id, captain.id));
      const overridden = (await injectAs(own, session, { method: 'GET', url: '/api/users/seniority' })).json();
      expect(overridden).toMatchObject({
        seniorityScore: 10_000,
        automaticScore: 312,
        manualOverride: 10_000,
        queuePosition: 1,
      });
    } finally {
      await own.close();
    }
  });
});
