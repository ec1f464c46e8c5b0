/**
 * Authentication and authorisation for every route. A valid token is not enough: the member
 * must still exist, be active, and not have signed out, so deactivating or deleting a member,
 * or signing out, takes effect on the next request.
 */
import { MESSAGES } from '@stationbid/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import type { Clock } from '../lib/clock.ts';
import { isRefreshFamilyLive } from '../modules/auth/auth.repository.ts';
import type { AccessTokens } from '../modules/auth/tokens.ts';
import { findMemberWithSeatById, type MemberWithSeat, touchMemberLastSeen } from '../modules/users/users.repository.ts';

export interface AuthenticatedMember {
  id: string;
  isAdmin: boolean;
  firstName: string;
  lastName: string;
  email: string;
  familyId: string;
  row: MemberWithSeat;
}

declare module 'fastify' {
  interface FastifyRequest {
    member: AuthenticatedMember | null;
  }
  interface FastifyInstance {
    /** preHandler: any signed-in, active member. */
    requireMember: (request: FastifyRequest) => Promise<void>;
    /** preHandler: a signed-in, active administrator. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
  }
}

/** The signed-in member of a request that passed `requireMember`. */
export function currentMember(request: FastifyRequest): AuthenticatedMember {
  if (!request.member) throw new AppError('TOKEN_MISSING', MESSAGES.tokenMissing);
  return request.member;
}

function readBearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) {
    throw new AppError('TOKEN_MALFORMED', MESSAGES.tokenMalformed);
  }
  return token.trim();
}

export const authPlugin = fp(
  async (app: FastifyInstance, options: { db: Database; clock: Clock; accessTokens: AccessTokens }) => {
    const { db, clock, accessTokens } = options;
    app.decorateRequest('member', null);

    async function authenticate(request: FastifyRequest): Promise<void> {
      if (request.member) return;
      const token = readBearerToken(request);
      if (!token) throw new AppError('TOKEN_MISSING', MESSAGES.tokenMissing);
      const now = clock.now();
      const claims = await accessTokens.verify(token, now);
      const [row, isFamilyLive] = await Promise.all([
        findMemberWithSeatById(db, claims.memberId),
        isRefreshFamilyLive(db, claims.familyId),
      ]);
      if (!row || !isFamilyLive) throw new AppError('TOKEN_INVALID', MESSAGES.tokenInvalid);
      if (!row.member.isActive) throw new AppError('ACCOUNT_DEACTIVATED', MESSAGES.accountDeactivated);
      request.member = {
        id: row.member.id,
        isAdmin: row.member.isAdmin,
        firstName: row.member.firstName,
        lastName: row.member.lastName,
        email: row.member.email,
        familyId: claims.familyId,
        row,
      };
      await touchMemberLastSeen(db, row.member.id, now);
    }

    app.decorate('requireMember', authenticate);
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      await authenticate(request);
      if (!request.member?.isAdmin) throw new AppError('FORBIDDEN', MESSAGES.adminRequired);
    });
  },
  { name: 'auth' },
);
