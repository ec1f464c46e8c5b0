/**
 * What a single sign-on keeps between its start and the provider's callback (the PKCE verifier,
 * the state and the nonce), in a signed, HttpOnly cookie that lives ten minutes and is cleared by
 * the callback, whatever it answers. A cookie rather than server memory, so the callback may reach
 * any of the server's processes; signed, so nobody can choose its values.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGN_IN_COOKIE = 'stationbid_sso';
/** The cookie is sent only to the callback. */
export const SIGN_IN_COOKIE_PATH = '/api/auth/oidc';
export const SIGN_IN_LIFETIME_MS = 10 * 60 * 1000;

export interface PendingSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Epoch milliseconds after which the callback is refused as too late. */
  expiresAtMs: number;
}

export class SignInCookie {
  private readonly key: Buffer;

  constructor(secret: string) {
    // A key of its own, derived from the server's secret, so it signs nothing else.
    this.key = createHmac('sha256', secret).update('stationbid single sign-on cookie').digest();
  }

  seal(pending: PendingSignIn): string {
    const body = Buffer.from(JSON.stringify(pending)).toString('base64url');
    return `${body}.${this.sign(body)}`;
  }

  /** The pending sign-in, or undefined when the cookie is missing, altered or not ours. */
  open(value: string | undefined): PendingSignIn | undefined {
    if (!value) return undefined;
    const [body = '', signature = '', ...rest] = value.split('.');
    if (rest.length > 0) return undefined;
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    try {
      const parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<PendingSignIn>;
      if (
        typeof parsed.state !== 'string' ||
        typeof parsed.nonce !== 'string' ||
        typeof parsed.codeVerifier !== 'string' ||
        typeof parsed.expiresAtMs !== 'number'
      ) {
        return undefined;
      }
      return parsed as PendingSignIn;
    } catch {
      return undefined;
    }
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}

/** The attributes of the cookie; Secure when the public address is https. SameSite=Lax: the provider's redirect back is a top-level GET. */
export function cookieAttributes(isSecure: boolean, maxAgeSeconds: number): string {
  return `Path=${SIGN_IN_COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${isSecure ? '; Secure' : ''}`;
}

/** One cookie's value from a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}
