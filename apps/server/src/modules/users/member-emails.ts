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

/** The path the web app serves the set-password form on; the web origin is prefixed by the mailer. */
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
  // Until e-mail delivery exists the log is how an operator can hand the link over, so it is
  // logged in full; the link is single-use and expires in a week.
  log.info(
    { recipient: recipient.email, subject: email.subject, body: email.textBody },
    'password-setup e-mail queued',
  );
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
