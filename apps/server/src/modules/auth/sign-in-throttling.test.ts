/**
 * Sign-in throttling. Simultaneous guesses, a station's shared address, the
 * administrator's Unlock, password reset requests by strangers, current-password guessing with a
 * stolen session, and self-registration. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL
 * (where the simultaneous requests really run on separate connections).
 */
import {
  MESSAGES,
  PASSWORD_RESET_MESSAGES,
  PROFILE_MESSAGES,
  tooManyAttemptsMessage,
  tooManyCurrentPasswordAttemptsMessage,
  tooManyRegistrationsMessage,
  UNLOCK_MESSAGES,
} from '@stationbid/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/schema/index.ts';
import { deliveryTo, type SmtpCapture, startSmtpCapture } from '../../test/smtp-capture.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  type SignedIn,
  signIn,
  TEST_PASSWORD,
  type TestContext,
  withSettings,
} from '../../test/test-app.ts';
import { LOGIN_BACKOFF, PASSWORD_RESET_THROTTLE, REGISTRATION_THROTTLE } from './auth.service.ts';

const WEB_URL = 'https://bids.example-fd.org';
let smtp: SmtpCapture;
let context: TestContext;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  context = await createTestContext({}, { delivery: deliveryTo(smtp.url) });
});
afterAll(async () => {
  await context.close();
  await smtp.close();
});

const login = (email: string, password: string, remoteAddress: string) =>
  context.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

const statuses = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((counts, response) => {
    counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
    return counts;
  }, {});

const inboxOf = (email: string) => smtp.messages.filter((message) => message.to.includes(email));

/** Delivers the outbox and returns every reset link e-mailed to `email`, oldest first. */
async function resetLinksOf(email: string): Promise<string[]> {
  await context.app.outboxWorker.tick();
  return inboxOf(email)
    .filter((message) => message.subject === 'Reset your StationBid password')
    .map((message) => {
      const match = new RegExp(`^${WEB_URL}/reset-password/([A-Za-z0-9_-]+)$`, 'm').exec(message.text);
      if (!match?.[1]) throw new Error(`no reset link in: ${message.text}`);
      return match[1];
    });
}

const requestReset = (email: string, remoteAddress: string) =>
  context.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress });
const resetPassword = (token: string, password: string) =>
  context.app.inject({ method: 'POST', url: `/api/auth/reset-password/${token}`, payload: { password } });

describe('simultaneous guesses count before the password is checked', () => {
  it('of 100 wrong passwords sent at once for one account, checks only the free ones and refuses the rest with 429', async () => {
    const member = await createMember(context);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => login(member.email, 'not-the-password', '10.23.1.1')),
    );
    const { freeFailures } = LOGIN_BACKOFF.accountAndAddress;
    // The free failures and the one that starts the wait are checked; every other one waits.
    expect(statuses(answers)).toEqual({ 401: freeFailures + 1, 429: 100 - freeFailures - 1 });
    for (const refused of answers.filter((answer) => answer.statusCode === 429)) {
      expect(refused.headers['retry-after']).toBe('30');
      expect(refused.json()).toEqual({
        error: tooManyAttemptsMessage(30),
        code: 'TOO_MANY_ATTEMPTS',
        retryAfterSeconds: 30,
      });
    }
    // The wait holds for the right password from that address; elsewhere the member signs in.
    expect((await login(member.email, TEST_PASSWORD, '10.23.1.1')).statusCode).toBe(429);
    expect((await login(member.email, TEST_PASSWORD, '10.23.1.2')).statusCode).toBe(200);
  });

  it('lets a member signing in on a few devices at once through, and a right password gives its count back', async () => {
    const member = await createMember(context);
    const { freeFailures } = LOGIN_BACKOFF.accountAndAddress;
    // Attempts in flight count as failures until their check ends: as many as the free failures
    // and one more pass at once (more would wait, even with the right password: the price of
    // counting before the check).
    const together = await Promise.all(
      Array.from({ length: freeFailures + 1 }, () => login(member.email, TEST_PASSWORD, '10.23.2.1')),
    );
    expect(statuses(together)).toEqual({ 200: freeFailures + 1 });
    for (let again = 0; again < 3 * freeFailures; again++) {
      expect((await login(member.email, TEST_PASSWORD, '10.23.2.1')).statusCode).toBe(200);
    }
  });
});

describe("a station's shared address (NAT) and the administrator's Unlock", () => {
  it("never refuses a member's right password because of failures on other accounts from their address, and Unlock lets anyone through", async () => {
    const station = '10.23.3.1';
    const regular = await createMember(context);
    const newcomer = await createMember(context);
    const admin = await createAdmin(context);
    const adminSession = await signIn(context, admin.email);
    // The regular has signed in from the station before.
    expect((await login(regular.email, TEST_PASSWORD, station)).statusCode).toBe(200);

    // Someone behind the same address guesses across unknown accounts until the address waits.
    const guesses = [];
    for (let attempt = 0; attempt < LOGIN_BACKOFF.address.freeFailures + 3; attempt++) {
      guesses.push(await login(`nobody${attempt}@test.example`, 'spray-password', station));
    }
    expect(guesses.at(-1)?.statusCode).toBe(429);

    // The regular's right password still signs in from the station; a wrong one is still a 401.
    expect((await login(regular.email, TEST_PASSWORD, station)).statusCode).toBe(200);
    expect((await login(regular.email, 'wrong-password', station)).statusCode).toBe(401);
    expect((await login(regular.email, TEST_PASSWORD, station)).statusCode).toBe(200);

    // Someone who never signed in there waits with the strangers, until an administrator unlocks them.
    const waiting = await login(newcomer.email, TEST_PASSWORD, station);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().code).toBe('TOO_MANY_ATTEMPTS');
    const unlocked = await injectAs(context, adminSession, {
      method: 'POST',
      url: `/api/admin/users/${newcomer.id}/unlock`,
    });
    expect(unlocked.json()).toEqual({ message: UNLOCK_MESSAGES.unlocked });
    expect((await login(newcomer.email, TEST_PASSWORD, station)).statusCode).toBe(200);
    // The address still makes strangers wait.
    expect((await login('nobody-else@test.example', 'spray-password', station)).statusCode).toBe(429);
  }, 60_000);

  it("Unlock clears a member's own back-off at every address, even while their station's address waits", async () => {
    const station = '10.23.4.1';
    const member = await createMember(context);
    const admin = await createAdmin(context);
    const adminSession = await signIn(context, admin.email);
    for (let attempt = 0; attempt < LOGIN_BACKOFF.address.freeFailures + 1; attempt++) {
      await login(`stranger${attempt}@test.example`, 'spray-password', station);
    }
    for (let attempt = 0; attempt < 6; attempt++) await login(member.email, 'wrong-password', '10.23.4.2');
    expect((await login(member.email, TEST_PASSWORD, '10.23.4.2')).statusCode).toBe(429);
    expect((await login(member.email, TEST_PASSWORD, station)).statusCode).toBe(429);

    await injectAs(context, adminSession, { method: 'POST', url: `/api/admin/users/${member.id}/unlock` });
    expect((await login(member.email, TEST_PASSWORD, '10.23.4.2')).statusCode).toBe(200);
    expect((await login(member.email, TEST_PASSWORD, station)).statusCode).toBe(200);
  }, 60_000);
});

describe('password reset requests cannot be used to deny a member their reset', () => {
  it('keeps earlier links working after a new request; using one retires the others', async () => {
    const member = await createMember(context, { email: 'two.links@example-fd.org' });
    expect((await requestReset(member.email, '10.23.5.1')).statusCode).toBe(200);
    context.clock.advance(PASSWORD_RESET_THROTTLE.account.minIntervalMs);
    expect((await requestReset(member.email, '10.23.5.2')).statusCode).toBe(200);
    const [first, second] = await resetLinksOf(member.email);
    expect(second).toBeDefined();

    const reset = await resetPassword(first!, 'the-first-link-works');
    expect(reset.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.passwordReset });
    const retired = await resetPassword(second!, 'the-second-is-retired');
    expect(retired.statusCode).toBe(400);
    expect(retired.json().code).toBe('RESET_LINK_USED');
    await signIn(context, member.email, 'the-first-link-works');
  });

  it("lets a stranger's requests only ever send the member a working link, however many and for however long", async () => {
    const member = await createMember(context, { email: 'targeted@example-fd.org' });
    // A stranger asks every minute for half an hour, from ever new addresses.
    for (let minute = 0; minute < 30; minute++) {
      const response = await requestReset(member.email, `10.23.6.${minute}`);
      expect(response.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.resetRequested });
      context.clock.advance(60_000);
    }
    // One e-mail per interval reached the member, each with a link that still works...
    expect(await resetLinksOf(member.email)).toHaveLength(
      (30 * 60_000) / PASSWORD_RESET_THROTTLE.account.minIntervalMs,
    );
    // ... and when the member asks right after the stranger's latest, that one is in their inbox;
    // every link sent still works (the first is half an hour old).
    await requestReset(member.email, '10.23.6.200');
    expect((await requestReset(member.email, '10.23.7.1')).json()).toEqual({
      message: PASSWORD_RESET_MESSAGES.resetRequested,
    });
    const links = await resetLinksOf(member.email);
    expect(links).toHaveLength(30 / 5 + 1);
    expect((await resetPassword(links[0]!, 'still-my-account')).statusCode).toBe(200);
    await signIn(context, member.email, 'still-my-account');
  }, 60_000);

  it('cancels pending reset links when the member changes their own password', async () => {
    const member = await createMember(context, { email: 'changes.own@example-fd.org' });
    const session = await signIn(context, member.email);
    await requestReset(member.email, '10.23.8.1');
    const [link] = await resetLinksOf(member.email);
    const changed = await injectAs(context, session, {
      method: 'PUT',
      url: '/api/users/change-password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'my-own-new-password' },
    });
    expect(changed.statusCode).toBe(200);
    const stale = await resetPassword(link!, 'someone-elses-password');
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ error: PASSWORD_RESET_MESSAGES.linkUsed, code: 'RESET_LINK_USED' });
    await signIn(context, member.email, 'my-own-new-password');
  });
});

describe('current-password checks with a stolen session', () => {
  const changePassword = (session: SignedIn, currentPassword: string) =>
    injectAs(context, session, {
      method: 'PUT',
      url: '/api/users/change-password',
      payload: { currentPassword, newPassword: 'a-new-long-password' },
    });
  const changeEmail = (session: SignedIn, currentPassword: string) =>
    injectAs(context, session, {
      method: 'PUT',
      url: '/api/users/profile',
      payload: { email: 'taken.over@evil.example', currentPassword },
    });

  it('refuses guesses at the current password after the free ones, on the password and the e-mail change alike, with 429 and Retry-After', async () => {
    const member = await createMember(context);
    const stolen = await signIn(context, member.email);
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, guess) =>
        guess % 2 === 0 ? changePassword(stolen, `guess-${guess}-pw`) : changeEmail(stolen, `guess-${guess}-pw`),
      ),
    );
    expect(statuses(guesses)).toEqual({ 400: 5, 429: 25 });
    for (const wrong of guesses.filter((answer) => answer.statusCode === 400)) {
      expect(wrong.json()).toEqual({
        error: PROFILE_MESSAGES.currentPasswordIncorrect,
        code: 'CURRENT_PASSWORD_INCORRECT',
      });
    }
    const refused = guesses.find((answer) => answer.statusCode === 429)!;
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.json()).toEqual({
      error: tooManyCurrentPasswordAttemptsMessage(30),
      code: 'TOO_MANY_ATTEMPTS',
      retryAfterSeconds: 30,
    });
    expect(refused.json().error).toBe(
      'Too many wrong current passwords. Try again in 30 seconds, or reset your password from the sign-in page.',
    );
    // While the wait lasts, even the right password is not checked, from any session of the member.
    const own = await signIn(context, member.email);
    expect((await changeEmail(own, TEST_PASSWORD)).statusCode).toBe(429);

    context.clock.advance(30_000);
    const next = await changePassword(stolen, 'one-more-guess');
    expect(next.statusCode).toBe(400);
    const doubled = await changePassword(stolen, 'and-another-guess');
    expect(doubled.json().retryAfterSeconds).toBe(60);
    const [stored] = await context.db.select().from(members).where(eq(members.id, member.id));
    expect(stored!.email).toBe(member.email);

    // An administrator's Unlock clears it too; the right password then works at once.
    const admin = await createAdmin(context);
    const adminSession = await signIn(context, admin.email);
    await injectAs(context, adminSession, { method: 'POST', url: `/api/admin/users/${member.id}/unlock` });
    expect((await changePassword(own, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('self-registration (ALLOW_SELF_REGISTRATION=true)', () => {
  const registration = (values: Partial<Record<string, string>> = {}) => ({
    email: 'recruit@example-fd.org',
    password: 'a-long-registration-password',
    firstName: 'Riley',
    lastName: 'Recruit',
    employeeId: 'REC-1',
    ...values,
  });

  it('answers the same whether or not the e-mail or employee ID is in use, and tells their holder by e-mail', async () => {
    const holder = await createMember(context, { email: 'holder@example-fd.org', employeeId: 'HOLD-1' });
    await withSettings(context, { allowSelfRegistration: true }, async (open) => {
      const register = (payload: object, remoteAddress: string) =>
        open.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress });
      const fresh = await register(registration(), '10.23.9.1');
      const sameEmail = await register(
        registration({ email: 'HOLDER@example-fd.org', employeeId: 'NEW-9' }),
        '10.23.9.2',
      );
      const sameEmployeeId = await register(
        registration({ email: 'someone.new@example-fd.org', employeeId: 'HOLD-1' }),
        '10.23.9.3',
      );
      for (const answer of [fresh, sameEmail, sameEmployeeId]) {
        expect(answer.statusCode).toBe(201);
        expect(answer.json()).toEqual({ message: MESSAGES.registrationReceived });
      }
    });
    // The new registration waits for approval; nothing was created for the two in use.
    const stored = await context.db
      .select()
      .from(members)
      .where(
        sql`${members.email} in ('recruit@example-fd.org', 'someone.new@example-fd.org') or ${members.employeeId} = 'NEW-9'`,
      );
    expect(stored.map((member) => [member.email, member.isActive])).toEqual([['recruit@example-fd.org', false]]);

    await context.app.outboxWorker.tick();
    const notes = inboxOf(holder.email);
    expect(notes.map((note) => note.subject)).toEqual([
      'Someone tried to register with your StationBid details',
      'Someone tried to register with your StationBid details',
    ]);
    const told = notes.map((note) => /with your (e-mail address|employee ID)/.exec(note.text)?.[1]).sort();
    expect(told).toEqual(['e-mail address', 'employee ID']);
    expect(inboxOf('someone.new@example-fd.org')).toHaveLength(0);
  });

  it('refuses an address that registers too often with 429, Retry-After and the wait', async () => {
    await withSettings(context, { allowSelfRegistration: true }, async (open) => {
      const register = (index: number, remoteAddress: string) =>
        open.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: registration({ email: `batch${index}@example-fd.org`, employeeId: `BATCH-${index}` }),
          remoteAddress,
        });
      for (let index = 0; index < REGISTRATION_THROTTLE.address.limit; index++) {
        expect((await register(index, '10.23.10.1')).statusCode).toBe(201);
      }
      const refused = await register(99, '10.23.10.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('3600');
      expect(refused.json()).toEqual({
        error: tooManyRegistrationsMessage(3600),
        code: 'TOO_MANY_ATTEMPTS',
        retryAfterSeconds: 3600,
      });
      expect(refused.json().error).toBe('Too many registrations from this address. Try again in 60 minutes.');
      expect((await register(98, '10.23.10.2')).statusCode).toBe(201);
    });
  });
});
