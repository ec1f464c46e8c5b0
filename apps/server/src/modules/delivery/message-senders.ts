/**
 * The channels the outbox worker delivers through: e-mail over SMTP (nodemailer) and SMS through
 * a Twilio-compatible HTTP API. Each sender takes one stored message, sends it, and throws a
 * `DeliveryError` saying whether trying again could help.
 */
import nodemailer from 'nodemailer';
import type { DeliveryConfig } from '../../config/env.ts';
import type { OutboxRow } from './outbox.repository.ts';

/** The part of an outbox row a sender needs. */
export type OutgoingMessage = Pick<
  OutboxRow,
  'id' | 'channel' | 'kind' | 'recipient' | 'subject' | 'textBody' | 'htmlBody'
>;

export interface MessageSender {
  send(message: OutgoingMessage): Promise<void>;
  /** Closes pooled connections; called when the worker stops. */
  close(): Promise<void>;
}

/** A failed send. `isPermanent` when the provider refused the message itself (retrying cannot help). */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly isPermanent: boolean,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/**
 * Not sent, and not an attempt: the recipient asks to wait (a push device backing off after it
 * stopped answering). The worker puts the message back until `until` without counting an attempt.
 */
export class DeliveryDeferred extends Error {
  constructor(
    message: string,
    readonly until: Date,
  ) {
    super(message);
    this.name = 'DeliveryDeferred';
  }
}

/**
 * Ends the reason of a push whose service said the device's subscription is gone (404/410) and that
 * removed the device: the administrators' status screen counts and marks these pushes by it.
 */
export const DEVICE_REMOVED_NOTE = '(the subscription has expired or was revoked; removed)';

/** Network waits of one SMTP or HTTP exchange; far below the worker's lease, so a hung send ends first. */
export const SEND_TIMEOUT_MS = 30_000;

/** SMTP connections kept open: one for each e-mail the outbox worker's e-mail lane has in flight. */
export const SMTP_CONNECTIONS = 4;

/**
 * Messages carry links as web paths on a line of their own (text) and in `href="/..."` (HTML), so a
 * queued message follows PUBLIC_WEB_URL as it is when it is sent.
 */
export function resolveMessageLinks(body: string, publicWebUrl: string): string {
  return body.replace(/^\/(?=\S*$)/gm, `${publicWebUrl}/`).replace(/href="\//g, `href="${publicWebUrl}/`);
}

export function createEmailSender(email: NonNullable<DeliveryConfig['email']>, publicWebUrl: string): MessageSender {
  const transport = nodemailer.createTransport({
    url: email.smtpUrl,
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
  });
  return {
    async send(message) {
      try {
        await transport.sendMail({
          from: email.from,
          to: message.recipient,
          subject: message.subject ?? 'StationBid',
          text: resolveMessageLinks(message.textBody, publicWebUrl),
          ...(message.htmlBody ? { html: resolveMessageLinks(message.htmlBody, publicWebUrl) } : {}),
          headers: { 'X-StationBid-Message': message.id },
        });
      } catch (error) {
        const responseCode = (error as { responseCode?: number }).responseCode;
        // 5xx SMTP replies refuse this message (unknown mailbox, rejected sender); 4xx and network
        // failures are worth another try.
        throw new DeliveryError(describeError(error), responseCode !== undefined && responseCode >= 500);
      }
    },
    async close() {
      transport.close();
    },
  };
}

export function createSmsSender(
  sms: NonNullable<DeliveryConfig['sms']>,
  publicWebUrl: string,
  fetchImplementation: typeof fetch = fetch,
): MessageSender {
  const endpoint = `${sms.providerUrl}/2010-04-01/Accounts/${encodeURIComponent(sms.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${sms.accountSid}:${sms.authToken}`).toString('base64')}`;
  return {
    async send(message) {
      let response: Response;
      try {
        response = await fetchImplementation(endpoint, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({
            To: message.recipient,
            From: sms.from,
            Body: resolveMessageLinks(message.textBody, publicWebUrl),
          }),
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
      } catch (error) {
        throw new DeliveryError(describeError(error), false);
      }
      if (response.ok) return;
      const detail = await readProviderError(response);
      // The provider refused this message (bad number, bad credentials); rate limits and its own
      // failures are worth another try.
      const isPermanent = response.status >= 400 && response.status < 500 && response.status !== 429;
      throw new DeliveryError(`SMS provider answered ${response.status}${detail ? `: ${detail}` : ''}`, isPermanent);
    },
    async close() {},
  };
}

async function readProviderError(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { message?: unknown; code?: unknown };
    if (typeof body.message === 'string') return body.code ? `${body.message} (code ${body.code})` : body.message;
  } catch {
    // not JSON: keep the start of the text
  }
  return text.slice(0, 200);
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    const text = error.message || error.name;
    return (typeof code === 'string' && !text.includes(code) ? `${code}: ${text}` : text).slice(0, 500);
  }
  return String(error).slice(0, 500);
}
