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
import type { MemberAuthFacts } from '../modules/users/users.repository.ts';

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
    /**
     * The request's member when memory alone can admit them (a checked token, cached facts, a
     * live sign-in, active), else undefined: never a refusal, which is `requireMember`'s.
     */
    recognizeMemberFromMemory: (request: FastifyRequest) => AuthenticatedMember | undefined;
  }
}

/** The signed-in member of a request that passed `requireMember`. */
export function currentMember(request: FastifyRequest): AuthenticatedMember {
  if (!request.member) throw new AppError('TOKEN_MISSING', MESSAGES.tokenMissing);
  return request.member;
}

/** The token of an `Authorization: Bearer <token>` header, or null when the header is malformed. */
function parseBearerToken(header: string): string | null {
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : null;
}

function readBearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const token = parseBearerToken(header);
  if (token === null) throw new AppError('TOKEN_MALFORMED', MESSAGES.tokenMalformed);
  return token;
}

export const authPlugin = fp(
  async (
    app: FastifyInstance,
    options: { clock: Clock; accessTokens: AccessTokens; memberCache: MemberCache; seenMembers: SeenMembers },
  ) => {
    const { clock, accessTokens, memberCache, seenMembers } = options;
    app.decorateRequest('member', null);

    /** The request's member from checked facts: kept on the request and noted as seen. */
    function admit(request: FastifyRequest, member: MemberAuthFacts, familyId: string, now: Date) {
      request.member = {
        id: member.id,
        isAdmin: member.isAdmin,
        firstName: member.firstName,
        lastName: member.lastName,
        email: member.email,
        familyId,
      };
      seenMembers.record(member.id, now);
      return request.member;
    }

    /**
     * The same checks as `authenticate`, answered from memory alone: the member of a token this
     * process has checked, whose facts and live sign-in the member cache holds, if they are active.
     * Undefined when anything must be read or would be refused; the route's `requireMember` then
     * runs the whole check and gives the refusal.
     */
    function recognizeFromMemory(request: FastifyRequest): AuthenticatedMember | undefined {
      if (request.member) return request.member;
      const header = request.headers.authorization;
      const token = header ? parseBearerToken(header) : null;
      if (!token) return undefined;
      const now = clock.now();
      const claims = accessTokens.peek(token, now);
      const known = claims && memberCache.peek(claims.memberId, claims.familyId);
      if (!claims || !known?.member?.isActive) return undefined;
      return admit(request, known.member, claims.familyId, now);
    }

    async function authenticate(request: FastifyRequest): Promise<void> {
      if (recognizeFromMemory(request)) return;
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
      admit(request, member, claims.familyId, now);
    }

    app.decorate('recognizeMemberFromMemory', recognizeFromMemory);
    app.decorate('requireMember', authenticate);
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      await authenticate(request);
      if (!request.member?.isAdmin) throw new AppError('FORBIDDEN', MESSAGES.adminRequired);
    });
  },
  { name: 'auth' },
);
