/**
 * Tickets that open a live stream. An EventSource cannot send an Authorization header, and an
 * access token in the address would end up in logs and history, so the tab first asks for a
 * ticket with its bearer token and puts that in the address instead. A ticket is a signed token
 * (HS256, the app's JWT secret) for the audience "live-stream" that lives 30 seconds: any server
 * process can check it, and it is useless for the rest of the API (decision 009). It names the
 * sign-in (refresh-token family) it was issued under, so the stream it opens ends when that sign-in
 * does.
 */
import { randomUUID } from 'node:crypto';
import { LIVE_MESSAGES, LIVE_TICKET_LIFETIME_SECONDS, MESSAGES } from '@stationbid/domain';
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../lib/app-error.ts';

const ISSUER = 'stationbid';
const AUDIENCE = 'live-stream';

/** Whom a ticket was issued to: the member and their sign-in. */
export interface TicketHolder {
  memberId: string;
  familyId: string;
}

/** A checked ticket: its holder, and its id and expiry, with which it is used up (single use). */
export interface ReadTicket extends TicketHolder {
  ticketId: string;
  expiresAt: Date;
}

export class LiveTickets {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  issue(holder: TicketHolder, now: Date): Promise<string> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    return (
      new SignJWT({ fam: holder.familyId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(holder.memberId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + LIVE_TICKET_LIFETIME_SECONDS)
        // Its id is recorded when it opens a stream, so it opens only one (issue 13, finding 8).
        .setJti(randomUUID())
        .sign(this.key)
    );
  }

  /**
   * The member and sign-in a ticket was issued to; refuses with the 401 codes of the access tokens.
   * A ticket without a sign-in or an id (from a version before it had one) is refused: the tab asks again.
   */
  async read(ticket: string, now: Date): Promise<ReadTicket> {
    try {
      const { payload } = await jwtVerify(ticket, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: now,
        requiredClaims: ['exp', 'iat', 'sub', 'jti'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.fam !== 'string' || typeof payload.jti !== 'string') {
        throw new AppError('TOKEN_INVALID', MESSAGES.tokenInvalid);
      }
      return {
        memberId: payload.sub,
        familyId: payload.fam,
        ticketId: payload.jti,
        expiresAt: new Date((payload.exp ?? 0) * 1000),
      };
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof errors.JWTExpired) throw new AppError('TOKEN_EXPIRED', MESSAGES.tokenExpired);
      if (error instanceof errors.JWTClaimValidationFailed) {
        throw new AppError('TOKEN_INVALID', LIVE_MESSAGES.ticketInvalid);
      }
      throw new AppError('TOKEN_INVALID', MESSAGES.tokenInvalid);
    }
  }
}
