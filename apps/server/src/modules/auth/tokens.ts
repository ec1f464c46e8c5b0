/**
 * Access tokens (short-lived JWTs) and refresh tokens (opaque random strings stored as hashes).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { isMalformedToken, LIMITS, MESSAGES } from '@stationbid/domain';
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../lib/app-error.ts';

const ISSUER = 'stationbid';
const AUDIENCE = 'stationbid-api';

export interface AccessTokenClaims {
  memberId: string;
  /** The refresh-token family of the sign-in; signing out revokes it and its access tokens. */
  familyId: string;
}

/** Above this many remembered tokens, expired ones are swept out, then the oldest. */
const MAX_VERIFIED_TOKENS = 50_000;

export class AccessTokens {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature and claims were checked, with their expiry (seconds): a member's page
   * sends the same token with every request for its 15 minutes, and checking the HMAC through
   * WebCrypto each time was a tenth of a polled read's cost (docs/performance.md). A token is
   * immutable, so a checked one stays valid until it expires; whether its sign-in is still live is
   * the member cache's question, asked on every request.
   */
  private readonly verified = new Map<string, AccessTokenClaims & { expiresAt: number }>();

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessTokenClaims, now: Date): Promise<string> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    return new SignJWT({ fam: claims.familyId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.memberId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + LIMITS.accessTokenLifetimeSeconds)
      .sign(this.key);
  }

  /**
   * The refresh token that replaces `presentedToken`, derived from it with the server's secret: a
   * repeat of the same refresh within the grace window gets the same successor without any usable
   * token being stored, and nobody without the secret can compute it from a stolen old token.
   */
  deriveRefreshSuccessor(presentedToken: string): string {
    return createHmac('sha256', this.key).update(`refresh-successor:${presentedToken}`).digest('base64url');
  }

  /** The claims of a token this process has checked already and that has not expired; else undefined. */
  peek(token: string, now: Date): AccessTokenClaims | undefined {
    const known = this.verified.get(token);
    if (!known || now.getTime() / 1000 >= known.expiresAt) return undefined;
    return { memberId: known.memberId, familyId: known.familyId };
  }

  /** Verifies a token, refusing with the 401 code the web client acts on. */
  async verify(token: string, now: Date): Promise<AccessTokenClaims> {
    const known = this.peek(token, now);
    if (known) return known;
    const nowSeconds = now.getTime() / 1000;
    if (isMalformedToken(token)) throw new AppError('TOKEN_MALFORMED', MESSAGES.tokenMalformed);
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: now,
        // A token without an expiry would be good for ever (issue 13, finding 12).
        requiredClaims: ['exp', 'iat', 'sub'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.fam !== 'string' || typeof payload.exp !== 'number') {
        throw new AppError('TOKEN_INVALID', MESSAGES.tokenInvalid);
      }
      const claims = { memberId: payload.sub, familyId: payload.fam };
      this.remember(token, { ...claims, expiresAt: payload.exp }, nowSeconds);
      return claims;
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof errors.JWTExpired) throw new AppError('TOKEN_EXPIRED', MESSAGES.tokenExpired);
      if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid) {
        throw new AppError('TOKEN_MALFORMED', MESSAGES.tokenMalformed);
      }
      throw new AppError('TOKEN_INVALID', MESSAGES.tokenInvalid);
    }
  }

  private remember(token: string, entry: AccessTokenClaims & { expiresAt: number }, nowSeconds: number): void {
    if (this.verified.size >= MAX_VERIFIED_TOKENS) {
      for (const [known, { expiresAt }] of this.verified) if (expiresAt <= nowSeconds) this.verified.delete(known);
      // Still full of live tokens: the oldest checked are checked again when they come back.
      for (const known of this.verified.keys()) {
        if (this.verified.size < MAX_VERIFIED_TOKENS * 0.9) break;
        this.verified.delete(known);
      }
    }
    this.verified.set(token, entry);
  }
}

/** A new opaque token: 256 random bits, URL-safe. */
export function createOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored as SHA-256 hashes, so a leaked table cannot be used to sign in. */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
