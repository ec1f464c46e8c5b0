import { MESSAGES, PASSWORD_RESET_MESSAGES } from '@stationbid/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, outbox, passwordTokens } from '../../db/schema/index.ts';
import { deliveryTo, type SmtpCapture, startSmtpCapture } from '../../test/smtp-capture.ts';
import {
  createAdmin,
  createMember,
  createTestContext,
  injectAs,
  signIn,
  TEST_PASSWORD,
  type TestContext,
} from '../../test/test-app.ts';
import { FORGOT_PASSWORD_MIN_ANSWER_MS, PASSWORD_RESET_THROTTLE } from './auth.service.ts';

const WEB_URL = 'https://bids.example-fd.org';
let smtp: SmtpCapture;
let context: TestContext;
let addressCounter = 0;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  context = await createTestContext({}, { delivery: deliveryTo(smtp.url) });
});
afterAll(async () => {
  await context.close();
  await smtp.close();
});

/** Each test asks from its own address, so the per-address limit of one test does not touch another. */
const newAddress = () => `10.0.0.${++addressCounter}`;

function requestReset(email: string, remoteAddress = newAddress()) {
  return context.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress });
}

function resetPassword(token: string, password: string) {
  return context.app.inject({ method: 'POST', url: `/api/auth/reset-password/${token}`, payload: { password } });
}

/** Delivers the outbox and returns the reset token from the latest e-mail to `email`. */
async function tokenFromInbox(email: string, subject = 'Reset your StationBid password'): Promise<string> {
  await context.app.outboxWorker.tick();
  const message = smtp.messages.filter((candidate) => candidate.to.includes(email)).at(-1);
  expect(message?.subject).toBe(subject);
  expect(message?.html).toContain(`href="${WEB_URL}/reset-password/`);
  const match = new RegExp(`^${WEB_URL}/reset-password/([A-Za-z0-9_-]+)$`, 'm').exec(message?.text ?? '');
  if (!match?.[1]) throw new Error(`no reset link in: ${message?.text}`);
  return match[1];
}

const inboxOf = (email: string) => smtp.messages.filter((message) => message.to.includes(email));

describe('POST /api/auth/forgot-password', () => {
  it('answers the same, in at least the same time, for an account, an unknown and a deactivated address', async () => {
    const member = await createMember(context, { email: 'known@example-fd.org' });
    await createMember(context, { email: 'gone@example-fd.org', isActive: false });
    const answers = [];
    for (const email of [member.email, 'nobody@example-fd.org', 'gone@example-fd.org']) {
      const startedAt = performance.now();
      const response = await requestReset(email);
      answers.push({ status: response.statusCode, body: response.json(), ms: performance.now() - startedAt });
    }
    for (const answer of answers) {
      expect(answer).toMatchObject({ status: 200, body: { message: PASSWORD_RESET_MESSAGES.resetRequested } });
      expect(answer.ms).toBeGreaterThanOrEqual(FORGOT_PASSWORD_MIN_ANSWER_MS - 5);
    }
    await context.app.outboxWorker.tick();
    expect(inboxOf('known@example-fd.org')).toHaveLength(1);
    expect(inboxOf('nobody@example-fd.org')).toHaveLength(0);
    expect(inboxOf('gone@example-fd.org')).toHaveLength(0);
    const [token] = await context.db.select().from(passwordTokens).where(eq(passwordTokens.memberId, member.id));
    expect(token).toMatchObject({ purpose: 'reset', usedAt: null });
    expect(token!.expiresAt.getTime() - context.clock.now().getTime()).toBe(60 * 60_000);
  });

  it('checks the e-mail like the sign-in form does', async () => {
    const response = await requestReset('not-an-email');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain(MESSAGES.emailInvalid);
  });

  it('sends one account at most one e-mail per interval, with the same answer in between', async () => {
    const member = await createMember(context, { email: 'flood@example-fd.org' });
    for (let request = 0; request < 5; request++) {
      const response = await requestReset(member.email);
      expect(response.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.resetRequested });
    }
    await context.app.outboxWorker.tick();
    expect(inboxOf(member.email)).toHaveLength(1);

    context.clock.advance(PASSWORD_RESET_THROTTLE.account.minIntervalMs);
    await requestReset(member.email);
    await context.app.outboxWorker.tick();
    expect(inboxOf(member.email)).toHaveLength(2);
    // A new request leaves the earlier link working.
    const tokens = await context.db.select().from(passwordTokens).where(eq(passwordTokens.memberId, member.id));
    expect(tokens.filter((token) => token.usedAt === null)).toHaveLength(2);
  });

  it('refuses an address that asks too often, whatever e-mail it asks for', async () => {
    const address = newAddress();
    for (let request = 0; request < PASSWORD_RESET_THROTTLE.address.limit; request++) {
      expect((await requestReset(`someone${request}@example-fd.org`, address)).statusCode).toBe(200);
    }
    const refused = await requestReset('someone-else@example-fd.org', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', error: PASSWORD_RESET_MESSAGES.tooManyRequests });
    expect((await requestReset('someone-else@example-fd.org')).statusCode).toBe(200);
  });
});

describe('POST /api/auth/reset-password/:token', () => {
  it('sets the new password from the e-mailed link, ends every sign-in, and the link works only once', async () => {
    const member = await createMember(context, { email: 'reset.me@example-fd.org', firstName: 'Reese' });
    const phone = await signIn(context, member.email);
    const laptop = await signIn(context, member.email);

    await requestReset(member.email);
    const token = await tokenFromInbox(member.email);
    expect(inboxOf(member.email).at(-1)?.text).toMatch(/^Hello Reese,/);

    const reset = await resetPassword(token, 'a-brand-new-password');
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.passwordReset });

    // The new password works, the old one does not.
    await signIn(context, member.email, 'a-brand-new-password');
    const oldPassword = await context.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: TEST_PASSWORD },
    });
    expect(oldPassword.statusCode).toBe(401);

    // Every earlier sign-in has ended: refresh tokens are refused and so are their access tokens.
    for (const session of [phone, laptop]) {
      const refreshed = await context.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refreshToken: session.refreshToken },
      });
      expect(refreshed.statusCode).toBe(401);
      expect((await injectAs(context, session, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    }

    // The link is used up.
    const reused = await resetPassword(token, 'yet-another-password');
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'RESET_LINK_USED', error: PASSWORD_RESET_MESSAGES.linkUsed });
    await signIn(context, member.email, 'a-brand-new-password');
  });

  it('refuses a link after its hour, saying it expired', async () => {
    const member = await createMember(context, { email: 'slow@example-fd.org' });
    await requestReset(member.email);
    const token = await tokenFromInbox(member.email);
    context.clock.advance(60 * 60_000);
    const response = await resetPassword(token, 'too-late-password');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'RESET_LINK_EXPIRED', error: PASSWORD_RESET_MESSAGES.linkExpired });
    await signIn(context, member.email);
  });

  it('refuses an unknown link, and a password shorter than 8 characters', async () => {
    const unknown = await resetPassword('x'.repeat(43), 'long-enough-password');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'RESET_LINK_INVALID', error: PASSWORD_RESET_MESSAGES.linkInvalid });

    const member = await createMember(context, { email: 'short@example-fd.org' });
    await requestReset(member.email);
    const token = await tokenFromInbox(member.email);
    const short = await resetPassword(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toContain(MESSAGES.newPasswordTooShort);
    // A refused password does not use the link up.
    expect((await resetPassword(token, 'long-enough-password')).statusCode).toBe(200);
  });

  it('sets a new member’s first password from the setup e-mail an administrator’s creation queued', async () => {
    const admin = await createAdmin(context);
    const adminSession = await signIn(context, admin.email);
    const created = await injectAs(context, adminSession, {
      method: 'POST',
      url: '/api/admin/users',
      payload: { firstName: 'Nova', lastName: 'Recruit', email: 'nova@example-fd.org', employeeId: 'R-1' },
    });
    expect(created.statusCode).toBe(201);
    const token = await tokenFromInbox('nova@example-fd.org', 'Set up your StationBid password');
    expect((await resetPassword(token, 'my-first-password')).statusCode).toBe(200);
    await signIn(context, 'nova@example-fd.org', 'my-first-password');
    const [stored] = await context.db.select().from(members).where(eq(members.email, 'nova@example-fd.org'));
    const [sent] = await context.db.select().from(outbox).where(eq(outbox.memberId, stored!.id));
    expect(sent).toMatchObject({ kind: 'password_setup', status: 'sent' });
  });
});
