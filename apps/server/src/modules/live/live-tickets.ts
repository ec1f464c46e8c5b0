/**
 * Tickets that open a live stream. An EventSource cannot send an Authorization header, and an
 * access token in the address would end up in logs and history, so the tab first asks for a
 * ticket with its bearer token and puts that in the address instead. A ticket is a signed token
 * (HS256, the app's JWT secret) for the audience "live-stream" that lives 30 seconds: any server
 * process can check it, and it is useless for the rest of the API (decision 009).
 */
import { LIVE_TICKET_LIFETIME_SECONDS, MESSAGES } from '@stationbid/domain';
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../lib/app-error.ts';

const ISSUER = 'stationbid';
const AUDIENCE = 'live-stream';

export class LiveTickets {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  issue(memberId: string, now: Date): Promise<string> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(memberId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + LIVE_TICKET_LIFETIME_SECONDS)
      .sign(this.key);
  }

  /** The member a ticket was issued to; refuses with the 401 codes of the access tokens. */
  async readMemberId(ticket: string, now: Date): Promise<string> {
    try {
      const { payload } = await jwtVerify(ticket, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: now,
      });
      if (typeof payload.sub !== 'string') throw new AppError('TOKEN_INVALID', MESSAGES.tokenInvalid);
      return payload.sub;
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof errors.JWTExpired) throw new AppError('TOKEN_EXPIRED', MESSAGES.tokenExpired);
      throw new AppError('TOKEN_INVALID', MESSAGES.tokenInvalid);
    }
  }
}
