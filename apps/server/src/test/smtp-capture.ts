/**
 * A real SMTP server inside the test process (smtp-server), recording every message it accepts
 * with its envelope, headers and decoded text and HTML parts, so tests check what a member's
 * inbox would receive.
 */
import { createServer as createNetServer } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { DeliveryConfig } from '../config/env.ts';

export interface CapturedEmail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | undefined;
  /** The outbox row the message came from (X-StationBid-Message). */
  outboxId: string | undefined;
  raw: string;
}

export interface SmtpCapture {
  port: number;
  url: string;
  messages: CapturedEmail[];
  close(): Promise<void>;
}

export const SMTP_TEST_USER = 'stationbid';
export const SMTP_TEST_PASSWORD = 'smtp-test-password';

/** A port that was free a moment ago, for a server started later (e.g. "the SMTP server comes back"). */
export async function findFreePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The app's delivery settings: e-mail to this SMTP server, no SMS, links to the tests' public address. */
export function deliveryTo(
  smtpUrl: string,
  values: Partial<Omit<DeliveryConfig, 'email' | 'sms'>> = {},
): DeliveryConfig {
  return {
    publicWebUrl: 'https://bids.example-fd.org',
    departmentTimeZone: 'UTC',
    ...values,
    email: { smtpUrl, from: 'StationBid <no-reply@example-fd.org>' },
    sms: undefined,
  };
}

/** Starts the server on `port` (0: any free port); it requires the test user's password. */
export async function startSmtpCapture(port = 0): Promise<SmtpCapture> {
  const messages: CapturedEmail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    closeTimeout: 1000,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_TEST_USER && auth.password === SMTP_TEST_PASSWORD) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          ...parseEmail(raw),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('smtp server has no port');
  return {
    port: address.port,
    url: `smtp://${SMTP_TEST_USER}:${SMTP_TEST_PASSWORD}@127.0.0.1:${address.port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): MimePart {
  const separator = raw.indexOf('\r\n\r\n');
  const head = separator === -1 ? raw : raw.slice(0, separator);
  const body = separator === -1 ? '' : raw.slice(separator + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(part: MimePart): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = part.body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return part.body;
}

/** Enough MIME for nodemailer's output: one level of multipart/alternative, or a single part. */
function parseEmail(raw: string): Omit<CapturedEmail, 'from' | 'to' | 'raw'> {
  const message = splitPart(raw);
  const contentType = message.headers.get('content-type') ?? 'text/plain';
  let text = '';
  let html: string | undefined;
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (contentType.toLowerCase().startsWith('multipart/') && boundary) {
    for (const section of message.body.split(`--${boundary}`).slice(1)) {
      if (section.startsWith('--')) break;
      const part = splitPart(section.replace(/^\r\n/, ''));
      const type = (part.headers.get('content-type') ?? '').toLowerCase();
      if (type.startsWith('text/plain')) text = decodeBody(part).replace(/\r\n$/, '');
      if (type.startsWith('text/html')) html = decodeBody(part).replace(/\r\n$/, '');
    }
  } else {
    text = decodeBody(message);
  }
  return {
    subject: message.headers.get('subject') ?? '',
    text: text.replace(/\r\n/g, '\n'),
    html: html?.replace(/\r\n/g, '\n'),
    outboxId: message.headers.get('x-stationbid-message'),
  };
}
