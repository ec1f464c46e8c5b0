/**
 * Authentication and authorisation for every route. A valid token is not enough: the member
 * must still exist, be active, and not have signed out, so deactivating or deleting a member,
 * or signing out, takes effect on the next request.
 *
 * Those checks are answered by the member cache (`modules/auth/member-cache.ts`), which every
 * such change clears at once in every server process, so a steady stream of requests costs no
 * database reads here; the member is noted as seen in memory and written in batches
 * (`SeenMembers`), not on every request.
 */
import { MESSAGES } from '@stationbid/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import type { Clock } from '../lib/clock.ts';
import type { MemberCache } from '../modules/auth/member-cache.ts';
import type { AccessTokens } from '../modules/auth/tokens.ts';
import type { SeenMembers } from '../modules/users/seen-members.ts';

export interface AuthenticatedMember {
  id: string;
  isAdmin: boolean;
  firstName: string;
  lastName: string;
  email: string;
  familyId: string;
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
  async (
    app: FastifyInstance,
    options: { clock: Clock; accessTokens: AccessTokens; memberCache: MemberCache; seenMembers: SeenMembers },
  ) => {
    const { clock, accessTokens, memberCache, seenMembers } = options;
    app.decorateRequest('member', null);

    async function authenticate(request: FastifyRequest): Promise<void> {
      if (request.member) return;
      const token = readBearerToken(request);
      if (!token) throw new AppError('TOKEN_MISSING', MESSAGES.tokenMissing);
      const now = clock.now();
      const claims = await accessTokens.verify(token, now);
      const [member, isFamilyLive] = await Promise.all([
        memberCache.getMember(claims.memberId),
        memberCache.isFamilyLive(claims.familyId, claims.memberId),
      ]);
      if (!member || !isFamilyLive) throw new AppError('TOKEN_INVALID', MESSAGES.tokenInvalid);
      if (!member.isActive) throw new AppError('ACCOUNT_DEACTIVATED', MESSAGES.accountDeactivated);
      request.member = {
        id: member.id,
        isAdmin: member.isAdmin,
        firstName: member.firstName,
        lastName: member.lastName,
        email: member.email,
        familyId: claims.familyId,
      };
      seenMembers.record(member.id, now);
    }

    app.decorate('requireMember', authenticate);
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      await authenticate(request);
      if (!request.member?.isAdmin) throw new AppError('FORBIDDEN', MESSAGES.adminRequired);
    });
  },
  { name: 'auth' },
);
