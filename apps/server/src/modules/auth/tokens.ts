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

export class AccessTokens {
  private readonly key: Uint8Array;

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

  /** Verifies a token, refusing with the 401 code the web client acts on. */
  async verify(token: string, now: Date): Promise<AccessTokenClaims> {
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
      if (typeof payload.sub !== 'string' || typeof payload.fam !== 'string') {
        throw new AppError('TOKEN_INVALID', MESSAGES.tokenInvalid);
      }
      return { memberId: payload.sub, familyId: payload.fam };
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof errors.JWTExpired) throw new AppError('TOKEN_EXPIRED', MESSAGES.tokenExpired);
      if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid) {
        throw new AppError('TOKEN_MALFORMED', MESSAGES.tokenMalformed);
      }
      throw new AppError('TOKEN_INVALID', MESSAGES.tokenInvalid);
    }
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
