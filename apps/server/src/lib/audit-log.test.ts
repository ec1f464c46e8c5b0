/**
 * The audit lines as an operator reads them: the real app with the server's logger options writing
 * to a captured stream, driven through the API. Each test greps the captured JSON lines for the
 * events it caused, and the raw text for the secrets that must never be in it.
 */
import { DEFAULT_SENIORITY_RULE } from '@stationbid/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { outbox } from '../db/schema/index.ts';
import { createSession, createStationWithSeats } from '../modules/session-engine/test-sessions.ts';
import {
  capturedLog,
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  TEST_PASSWORD,
  TEST_SETTINGS,
  type TestContext,
} from '../test/test-app.ts';
import { AUDIT_EVENTS, type AuditEvent, hashEmail } from './audit-log.ts';

let base: TestContext;
/** The same database and clock, served by an app whose log lines are kept in `log`. */
let context: TestContext;
const log = capturedLog();
let admin: SignedIn;
let adminId: string;
let adminEmail: string;

beforeAll(async () => {
  base = await createTestContext();
  const app = await buildApp({
    db: base.db,
    databaseKind: base.databaseKind,
    clock: base.clock,
    settings: TEST_SETTINGS,
    sessionVersionsMaxAgeMs: 0,
    logger: log.logger,
  });
  context = { ...base, app };
  const adminRow = await createAdmin(context, { firstName: 'Dana', lastName: 'Chief' });
  adminId = adminRow.id;
  adminEmail = adminRow.email;
});
afterAll(async () => {
  await context.app.close();
  await base.close();
});
// Signed in afresh: the sign-in tests move the clock past an access token's life.
beforeEach(async () => {
  admin = await signIn(context, adminEmail);
  log.clear();
});

type Line = Record<string, unknown> & { event?: AuditEvent; msg: string; level: number };

/** The audit lines written since the test began, of one event or all. */
function lines(event?: AuditEvent): Line[] {
  return log
    .text()
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Line)
    .filter((line) => line.event !== undefined && (event === undefined || line.event === event));
}

const INFO = 30;

const login = (email: string, password: string, remoteAddress: string) =>
  context.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

describe('sign-in lines', () => {
  it('writes 8 wrong passwords, the lockouts they caused and the 3 refusals after them, with no password or e-mail', async () => {
    const member = await createMember(context);
    const wrongPassword = 'Wrong-Guess-7731-xyz';
    const address = '10.77.0.1';
    for (let attempt = 1; attempt <= 8; attempt++) {
      // Past the wait the last failure set (4 minutes at most here), so this guess is checked again.
      if (attempt > 1) base.clock.advance(5 * 60_000);
      expect((await login(member.email, wrongPassword, address)).statusCode).toBe(401);
    }
    // The 8th failure left a wait: the next three are refused unchecked.
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await login(member.email, wrongPassword, address)).statusCode).toBe(429);
    }

    const failed = lines('auth.sign_in_failed');
    expect(failed).toHaveLength(8);
    for (const line of failed) {
      expect(line).toMatchObject({
        level: INFO,
        memberId: member.id,
        reason: 'wrong_password',
        emailHash: hashEmail(member.email),
        clientAddress: address,
        actorRole: 'anonymous',
      });
    }
    // 4 free failures, then each further one sets a wait: failures 5 to 8.
    const lockouts = lines('auth.locked_out');
    expect(lockouts.map((line) => [line.scope, line.memberId])).toEqual(
      Array.from({ length: 4 }, () => ['account', member.id]),
    );
    expect(lockouts.map((line) => line.retryAfterSeconds)).toEqual([30, 60, 120, 240]);
    const refused = lines('auth.sign_in_refused');
    expect(refused).toHaveLength(3);
    for (const line of refused) {
      expect(line).toMatchObject({ scope: 'account', emailHash: hashEmail(member.email), clientAddress: address });
      expect(line.retryAfterSeconds).toBeGreaterThan(0);
    }
    expect(log.text()).not.toContain(wrongPassword);
    expect(log.text()).not.toContain(member.email);
  });

  it('tells an unknown e-mail from a wrong password by its reason, and hashes the e-mail', async () => {
    expect((await login('nobody-here@example-fd.org', 'whatever-password-1', '10.77.0.2')).statusCode).toBe(401);
    expect(lines('auth.sign_in_failed')).toEqual([
      expect.objectContaining({
        reason: 'unknown_email',
        memberId: null,
        emailHash: hashEmail('Nobody-Here@example-fd.org'),
      }),
    ]);
    expect(log.text()).not.toContain('nobody-here@example-fd.org');
  });

  it('writes a sign-in and a sign-out with the member and role, and never the tokens or the password', async () => {
    const member = await createMember(context);
    const signedIn = await signIn(context, member.email);
    expect(lines('auth.sign_in')).toEqual([
      expect.objectContaining({ actorId: member.id, actorRole: 'member', memberId: member.id, level: INFO }),
    ]);
    expect((await injectAs(context, signedIn, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
    expect(lines('auth.sign_out')).toEqual([expect.objectContaining({ actorId: member.id, memberId: member.id })]);
    expect(log.text()).not.toContain(signedIn.token);
    expect(log.text()).not.toContain(signedIn.refreshToken);
    expect(log.text()).not.toContain(TEST_PASSWORD);
  });

  it('writes a reset asked for and completed, without the link, its token or the new password', async () => {
    const member = await createMember(context);
    const asked = await context.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: member.email },
      remoteAddress: '10.77.0.3',
    });
    expect(asked.statusCode).toBe(200);
    expect(lines('auth.password_reset_requested')).toEqual([expect.objectContaining({ memberId: member.id })]);
    const [mail] = await context.db.select().from(outbox).where(eq(outbox.memberId, member.id));
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail?.textBody ?? '')?.[1];
    if (!token) throw new Error(`no reset link in: ${mail?.textBody}`);
    const newPassword = 'a-brand-new-long-passphrase-42';
    const reset = await context.app.inject({
      method: 'POST',
      url: `/api/auth/reset-password/${token}`,
      payload: { password: newPassword },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(lines('auth.password_reset_completed')).toEqual([
      expect.objectContaining({ memberId: member.id, actorId: member.id, purpose: 'reset' }),
    ]);
    expect(log.text()).not.toContain(token);
    expect(log.text()).not.toContain(newPassword);
  });

  it("writes an administrator's unlock with who unlocked whom", async () => {
    const member = await createMember(context);
    const unlocked = await injectAs(context, admin, { method: 'POST', url: `/api/admin/users/${member.id}/unlock` });
    expect(unlocked.statusCode).toBe(200);
    expect(lines('auth.unlocked')).toEqual([
      expect.objectContaining({ actorId: adminId, actorRole: 'admin', memberId: member.id }),
    ]);
  });
});

describe("administrators' changes", () => {
  it('names the fields of a member edit, never their values, and writes a deactivation and a role change', async () => {
    const member = await createMember(context, { firstName: 'Robin', phone: '555-0100' });
    const newPhone = '(312) 555-0199';
    const edited = await injectAs(context, admin, {
      method: 'PUT',
      url: `/api/admin/users/${member.id}`,
      payload: { firstName: 'Robyn', phone: newPhone, isActive: false, isAdmin: true },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [update] = lines('member.updated');
    expect(update).toMatchObject({ actorId: adminId, actorRole: 'admin', memberId: member.id, level: INFO });
    expect(update?.fields).toEqual(expect.arrayContaining(['firstName', 'phone', 'isActive', 'isAdmin']));
    expect(update?.fields).toHaveLength(4);
    expect(lines('member.deactivated')).toEqual([expect.objectContaining({ actorId: adminId, memberId: member.id })]);
    expect(lines('member.role_changed')).toEqual([expect.objectContaining({ memberId: member.id, role: 'admin' })]);
    expect(log.text()).not.toContain(newPhone);
    expect(log.text()).not.toContain('3125550199');
    expect(log.text()).not.toContain('Robyn');
  });

  it('names the department setting changed and who changed it', async () => {
    const changed = await injectAs(context, admin, {
      method: 'PUT',
      url: '/api/admin/department-settings',
      payload: { timeZone: 'America/Chicago' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [line] = lines('settings.changed');
    expect(line).toMatchObject({ actorId: adminId, actorRole: 'admin', settings: ['timeZone'] });
    expect(line?.msg).toContain('America/Chicago');
    // The request's logger: the line carries the request id that ties it to the request's other lines.
    expect(line?.reqId).toBeDefined();
  });

  it('writes a seniority rule change as a settings change', async () => {
    const changed = await injectAs(context, admin, {
      method: 'PUT',
      url: '/api/admin/seniority-rule',
      payload: { keys: [{ key: 'hireDate', direction: 'asc' }] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(lines('settings.changed')).toEqual([
      expect.objectContaining({ actorId: adminId, settings: ['seniorityRule'] }),
    ]);
    // Back to today's order for the session tests.
    const restored = await injectAs(context, admin, {
      method: 'PUT',
      url: '/api/admin/seniority-rule',
      payload: DEFAULT_SENIORITY_RULE,
    });
    expect(restored.json()).toMatchObject({ isDefault: true });
  });

  it('writes nothing for a change that was refused and rolled back', async () => {
    const member = await createMember(context);
    const other = await createMember(context);
    const refused = await injectAs(context, admin, {
      method: 'PUT',
      url: `/api/admin/users/${member.id}`,
      payload: { employeeId: other.employeeId },
    });
    expect(refused.statusCode).toBe(409);
    expect(lines('member.updated')).toEqual([]);
  });
});

describe('session lines', () => {
  async function runningSession(count: number) {
    const people = await Promise.all(
      Array.from({ length: count }, (_, index) => createMember(context, { yearsOfService: 10 - index })),
    );
    const { station } = await createStationWithSeats(context.db, { A: { Firefighter: count } });
    const session = await createSession(context, admin, {
      participantIds: people.map((person) => person.id),
      stationIds: [station.id],
    });
    return { people, station, sessionId: session.id };
  }
  const post = (who: SignedIn, url: string, payload?: Record<string, unknown>) =>
    injectAs(context, who, { method: 'POST', url, ...(payload ? { payload } : {}) });

  it('writes the creation, start, pause, resume, a phone-in bid and the completion when the last turn ends', async () => {
    const { people, station, sessionId } = await runningSession(2);
    const [first, second] = people as [(typeof people)[number], (typeof people)[number]];
    expect(lines('session.created')).toEqual([
      expect.objectContaining({ actorId: adminId, actorRole: 'admin', sessionId, count: 2 }),
    ]);
    expect((await post(admin, `/api/bid-sessions/${sessionId}/start`)).statusCode).toBe(200);
    expect((await post(admin, `/api/bid-sessions/${sessionId}/pause`)).statusCode).toBe(200);
    expect((await post(admin, `/api/bid-sessions/${sessionId}/resume`)).statusCode).toBe(200);
    const bid = (who: SignedIn, userId?: string) =>
      post(who, '/api/bid-sessions/submit-bid', {
        sessionId,
        bidData: { station: station.id, shift: 'A', position: 'Firefighter' },
        ...(userId ? { userId } : {}),
      });
    expect((await bid(admin, first.id)).statusCode).toBe(200);
    expect((await bid(await signIn(context, second.email))).statusCode).toBe(200);

    const sessionLines = lines().filter((line) => line.sessionId === sessionId);
    expect(sessionLines.map((line) => line.event)).toEqual([
      'session.created',
      'session.started',
      'session.paused',
      'session.resumed',
      'session.phone_in_bid',
      'session.completed',
    ]);
    for (const event of ['session.started', 'session.paused', 'session.resumed'] as const) {
      expect(lines(event)).toEqual([expect.objectContaining({ actorId: adminId, actorRole: 'admin', level: INFO })]);
    }
    expect(lines('session.phone_in_bid')).toEqual([
      expect.objectContaining({
        actorId: adminId,
        memberId: first.id,
        seat: expect.objectContaining({ stationId: station.id, shift: 'A', seatPosition: 'Firefighter' }),
      }),
    ]);
    // The member's own bid ended the last turn; the session completed by itself.
    expect(lines('session.completed')).toEqual([
      expect.objectContaining({ actorId: null, actorRole: 'system', sessionId }),
    ]);
  });

  it('writes a rewind with its reason, a move to the back and an early end, each with the administrator', async () => {
    const { people, station, sessionId } = await runningSession(3);
    const [first, second] = people as [(typeof people)[number], (typeof people)[number], (typeof people)[number]];
    expect((await post(admin, `/api/bid-sessions/${sessionId}/start`)).statusCode).toBe(200);
    const firstIn = await signIn(context, first.email);
    expect(
      (
        await post(firstIn, '/api/bid-sessions/submit-bid', {
          sessionId,
          bidData: { station: station.id, shift: 'A', position: 'Firefighter' },
        })
      ).statusCode,
    ).toBe(200);
    const reason = 'Seniority of the first member was entered wrong';
    const rewound = await post(admin, `/api/bid-sessions/${sessionId}/rewind`, { toUserId: first.id, reason });
    expect(rewound.statusCode, rewound.body).toBe(200);
    // Undone: the first member's award and the second member's turn, which had begun.
    expect(lines('session.rewound')).toEqual([
      expect.objectContaining({
        actorId: adminId,
        actorRole: 'admin',
        sessionId,
        memberId: first.id,
        reason,
        turnsUndone: 2,
      }),
    ]);
    expect((await post(admin, `/api/bid-sessions/${sessionId}/move-to-back`)).statusCode).toBe(200);
    expect(lines('session.moved_to_back')).toEqual([
      expect.objectContaining({ actorId: adminId, sessionId, memberId: first.id }),
    ]);
    expect((await post(admin, `/api/bid-sessions/${sessionId}/end`)).statusCode).toBe(200);
    expect(lines('session.ended')).toEqual([expect.objectContaining({ actorId: adminId, sessionId })]);
    expect(lines('session.completed')).toEqual([]);
    expect(second.id).not.toBe(first.id);
  });
});

describe('the event list', () => {
  it('describes every event it names, under a dotted name', () => {
    for (const [name, meaning] of Object.entries(AUDIT_EVENTS)) {
      expect(name).toMatch(/^[a-z]+\.[a-z_]+$/);
      expect(meaning.length).toBeGreaterThan(10);
    }
  });
});
