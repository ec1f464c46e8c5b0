/**
 * The e-mails the member administration sends, and queuing them. They are written to the outbox
 * in the caller's transaction, so a member is never created without their setup message (or the
 * other way round); the outbox worker delivers them once e-mail delivery is configured.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { createOpaqueToken, hashOpaqueToken } from '../auth/tokens.ts';
import { expireUnusedPasswordTokens, insertOutboxEmail, insertPasswordToken } from './users.repository.ts';

/** A setup link stays valid for a week: long enough for a member on a 48/96 rotation to see it. */
export const PASSWORD_SETUP_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

interface Recipient {
  id: string;
  email: string;
  firstName: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The path the web app serves the set-password form on. Messages carry links as paths on a line of
 * their own and in `href="/..."`; the outbox worker puts PUBLIC_WEB_URL in front when it sends.
 */
export function passwordSetupPath(token: string): string {
  return `/reset-password/${token}`;
}

export function buildPasswordSetupEmail(recipient: Recipient, link: string) {
  const subject = 'Set up your StationBid password';
  const textBody = [
    `Hello ${recipient.firstName},`,
    '',
    'An administrator has created a StationBid account for you. Choose your password with this link:',
    link,
    '',
    'The link works once and expires in 7 days. If it has expired, ask an administrator for a new one.',
  ].join('\n');
  const htmlBody = `<p>Hello ${escapeHtml(recipient.firstName)},</p>
<p>An administrator has created a StationBid account for you. Choose your password with this link:</p>
<p><a href="${escapeHtml(link)}">Set up my password</a></p>
<p>The link works once and expires in 7 days. If it has expired, ask an administrator for a new one.</p>`;
  return { subject, textBody, htmlBody };
}

/** The forgotten-password e-mail: a link that works once, for an hour. */
export function buildPasswordResetEmail(recipient: Recipient, link: string) {
  const subject = 'Reset your StationBid password';
  const textBody = [
    `Hello ${recipient.firstName},`,
    '',
    'Someone asked to reset the password of your StationBid account. Choose a new password with this link:',
    link,
    '',
    'The link works once and expires in 1 hour. If you did not ask for this, ignore this e-mail: your password stays as it is.',
  ].join('\n');
  const htmlBody = `<p>Hello ${escapeHtml(recipient.firstName)},</p>
<p>Someone asked to reset the password of your StationBid account. Choose a new password with this link:</p>
<p><a href="${escapeHtml(link)}">Reset my password</a></p>
<p>The link works once and expires in 1 hour. If you did not ask for this, ignore this e-mail: your password stays as it is.</p>`;
  return { subject, textBody, htmlBody };
}

/**
 * Creates a single-use reset link valid for `lifetimeMs` and queues the e-mail that carries it, in
 * the caller's transaction. Earlier links keep working until they expire or one of them is used:
 * a request by someone else must not take away the member's link.
 */
export async function queuePasswordResetEmail(
  executor: Executor,
  recipient: Recipient,
  now: Date,
  lifetimeMs: number,
): Promise<void> {
  const token = createOpaqueToken();
  await insertPasswordToken(executor, {
    memberId: recipient.id,
    purpose: 'reset',
    tokenHash: hashOpaqueToken(token),
    expiresAt: new Date(now.getTime() + lifetimeMs),
    createdAt: now,
  });
  await insertOutboxEmail(executor, {
    kind: 'password_reset',
    memberId: recipient.id,
    recipient: recipient.email,
    createdAt: now,
    ...buildPasswordResetEmail(recipient, passwordSetupPath(token)),
  });
}

/**
 * Tells the holder of an e-mail address or employee ID that someone tried to register with it:
 * the registration's answer does not say so, the holder hears of it here.
 */
export function buildRegistrationAttemptEmail(recipient: Recipient, matched: 'email' | 'employeeId') {
  const what = matched === 'email' ? 'your e-mail address' : 'your employee ID';
  const subject = 'Someone tried to register with your StationBid details';
  const lines = [
    `Someone tried to register a new StationBid account with ${what}. No new account was created: you already have one.`,
    'If it was you, sign in, or use "Forgot password" on the sign-in page to choose a new password.',
    'If it was not you, you need do nothing; tell your administrator if it happens again.',
  ];
  const textBody = [`Hello ${recipient.firstName},`, '', ...lines].join('\n');
  const htmlBody = [
    `<p>Hello ${escapeHtml(recipient.firstName)},</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
  ].join('\n');
  return { subject, textBody, htmlBody };
}

/** Queues the registration-attempt note to the holder, in the caller's transaction. */
export async function queueRegistrationAttemptEmail(
  executor: Executor,
  recipient: Recipient,
  matched: 'email' | 'employeeId',
  now: Date,
): Promise<void> {
  await insertOutboxEmail(executor, {
    kind: 'registration_attempt',
    memberId: recipient.id,
    recipient: recipient.email,
    createdAt: now,
    ...buildRegistrationAttemptEmail(recipient, matched),
  });
}

/** Tells the member their password was changed; never contains the password. */
export function buildPasswordChangedByAdminEmail(recipient: Recipient) {
  const subject = 'Your StationBid password was changed';
  const textBody = [
    `Hello ${recipient.firstName},`,
    '',
    'An administrator has changed your StationBid password, and you have been signed out on every device.',
    'Ask your administrator for the new password. If you did not expect this change, contact them at once.',
  ].join('\n');
  const htmlBody = `<p>Hello ${escapeHtml(recipient.firstName)},</p>
<p>An administrator has changed your StationBid password, and you have been signed out on every device.</p>
<p>Ask your administrator for the new password. If you did not expect this change, contact them at once.</p>`;
  return { subject, textBody, htmlBody };
}

/**
 * Creates a single-use setup link (stored hashed; an older unused one stops working) and queues
 * the e-mail that carries it.
 */
export async function queuePasswordSetupEmail(
  executor: Executor,
  recipient: Recipient,
  now: Date,
  log: FastifyBaseLogger,
  isEmailConfigured = false,
): Promise<void> {
  const token = createOpaqueToken();
  await expireUnusedPasswordTokens(executor, recipient.id, 'setup', now);
  await insertPasswordToken(executor, {
    memberId: recipient.id,
    purpose: 'setup',
    tokenHash: hashOpaqueToken(token),
    expiresAt: new Date(now.getTime() + PASSWORD_SETUP_LIFETIME_MS),
    createdAt: now,
  });
  const email = buildPasswordSetupEmail(recipient, passwordSetupPath(token));
  await insertOutboxEmail(executor, {
    kind: 'password_setup',
    memberId: recipient.id,
    recipient: recipient.email,
    createdAt: now,
    ...email,
  });
  // Without e-mail delivery the log is how an operator can hand the link over, so it is logged in
  // full (single-use, expires in a week); with delivery the link goes only to the member.
  if (isEmailConfigured) {
    log.info({ recipient: recipient.email, subject: email.subject }, 'password-setup e-mail queued');
  } else {
    log.info(
      { recipient: recipient.email, subject: email.subject, body: email.textBody },
      'password-setup e-mail queued; e-mail delivery is not configured',
    );
  }
}

export async function queuePasswordChangedEmail(
  executor: Executor,
  recipient: Recipient,
  now: Date,
  log: FastifyBaseLogger,
): Promise<void> {
  const email = buildPasswordChangedByAdminEmail(recipient);
  await insertOutboxEmail(executor, {
    kind: 'password_changed_by_admin',
    memberId: recipient.id,
    recipient: recipient.email,
    createdAt: now,
    ...email,
  });
  log.info({ recipient: recipient.email, subject: email.subject }, 'password-changed e-mail queued');
}

/**
 * Tells the OLD address that the account's e-mail was changed (issue 13, finding 4): if someone
 * else did it with a stolen session, the member hears of it where they still read mail.
 */
export function buildEmailChangedEmail(recipient: Recipient, newEmail: string) {
  const subject = 'Your StationBid e-mail address was changed';
  const textBody = [
    `Hello ${recipient.firstName},`,
    '',
    `The e-mail address of your StationBid account was changed to ${newEmail}. Messages and password reset links now go there.`,
    'If you did not make this change, contact your administrator at once.',
  ].join('\n');
  const htmlBody = `<p>Hello ${escapeHtml(recipient.firstName)},</p>
<p>The e-mail address of your StationBid account was changed to ${escapeHtml(newEmail)}. Messages and password reset links now go there.</p>
<p>If you did not make this change, contact your administrator at once.</p>`;
  return { subject, textBody, htmlBody };
}

/** Queues the e-mail-changed notice to the old address, in the caller's transaction. */
export async function queueEmailChangedEmail(
  executor: Executor,
  recipient: Recipient,
  newEmail: string,
  now: Date,
): Promise<void> {
  await insertOutboxEmail(executor, {
    kind: 'email_changed',
    memberId: recipient.id,
    recipient: recipient.email,
    createdAt: now,
    ...buildEmailChangedEmail(recipient, newEmail),
  });
}

/** Tells the member their password was changed from their profile; never contains the password. */
export function buildPasswordChangedByMemberEmail(recipient: Recipient) {
  const subject = 'Your StationBid password was changed';
  const textBody = [
    `Hello ${recipient.firstName},`,
    '',
    'The password of your StationBid account was changed, and every other device was signed out.',
    'If you did not make this change, reset your password and contact your administrator at once.',
  ].join('\n');
  const htmlBody = `<p>Hello ${escapeHtml(recipient.firstName)},</p>
<p>The password of your StationBid account was changed, and every other device was signed out.</p>
<p>If you did not make this change, reset your password and contact your administrator at once.</p>`;
  return { subject, textBody, htmlBody };
}

export async function queuePasswordChangedByMemberEmail(
  executor: Executor,
  recipient: Recipient,
  now: Date,
): Promise<void> {
  await insertOutboxEmail(executor, {
    kind: 'password_changed',
    memberId: recipient.id,
    recipient: recipient.email,
    createdAt: now,
    ...buildPasswordChangedByMemberEmail(recipient),
  });
}
