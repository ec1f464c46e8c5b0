/**
 * Authentication and authorisation for every route. A valid token is not enough: the member
 * must still exist, be active, and not have signed out, so deactivating or deleting a member,
 * or signing out, takes effect on the next request.
 *
 * Those checks are answered by the member cache (`modules/auth/member-cache.ts`), which every
 * such change clears at once in every server process, so a steady stream of requests costs no
 * database reads here; the member is noted as seen in memory and written in batches
 * (`SeenMembers`), not on every request.
 *
 * A bearer token starting with `sbt_` is an API token of an integration, not a member's sign-in:
 * one hook here checks it before any route's own guard and admits it only to a route that declares
 * the scope it holds (`app.requireScope`), refusing it everywhere else, so which routes a token may
 * call is decided in this one place (docs/integrations.md).
 */
import {
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  type ApiTokenScope,
  apiTokenMissingScopeMessage,
  MESSAGES,
} from '@stationbid/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import type { Clock } from '../lib/clock.ts';
import type { ApiTokenCaller } from '../modules/api-tokens/api-tokens.service.ts';
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
    /** The integration calling with an API token (`sbt_...`); null for members and anonymous callers. */
    apiToken: ApiTokenCaller | null;
  }
  interface FastifyContextConfig {
    /** The scope an API token needs for this route; set from its `requireScope` guard, never by hand. */
    apiTokenScope?: ApiTokenScope;
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
    /**
     * onRequest guard of a route an integration may call: an API token holding `scope` is let
     * through; any other caller is checked by `memberGuard` (administrators only unless the route
     * names `requireMember`), as the route was before it had a scope.
     */
    requireScope: (scope: ApiTokenScope, memberGuard?: (request: FastifyRequest) => Promise<void>) => ScopeGuard;
  }
}

/** A route's `requireScope` guard, marked with its scope so the route learns it when registered. */
export type ScopeGuard = ((request: FastifyRequest) => Promise<void>) & { readonly apiTokenScope: ApiTokenScope };

/** What the auth plugin asks about a presented `sbt_` token (ApiTokensService). */
export interface ApiTokenAuthenticator {
  authenticate(secret: string): Promise<ApiTokenCaller>;
}

/** The signed-in member of a request that passed `requireMember`. */
export function currentMember(request: FastifyRequest): AuthenticatedMember {
  if (!request.member) throw new AppError('TOKEN_MISSING', MESSAGES.tokenMissing);
  return request.member;
}

/**
 * Who reads a session on a route with a scope: the signed-in member, or an integration's API token,
 * which reads as an administrator does (its scopes allow reads only, and only on those routes).
 */
export function currentViewer(request: FastifyRequest): {
  id: string;
  isAdmin: boolean;
  firstName: string;
  lastName: string;
} {
  if (request.apiToken) {
    return { id: request.apiToken.id, isAdmin: true, firstName: 'API token', lastName: request.apiToken.name };
  }
  return currentMember(request);
}

const isApiToken = (token: string) => token.startsWith(API_TOKEN_PREFIX);

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
    options: {
      clock: Clock;
      accessTokens: AccessTokens;
      memberCache: MemberCache;
      seenMembers: SeenMembers;
      apiTokens: ApiTokenAuthenticator;
    },
  ) => {
    const { clock, accessTokens, memberCache, seenMembers, apiTokens } = options;
    app.decorateRequest('member', null);
    app.decorateRequest('apiToken', null);

    // A route learns the scope of its `requireScope` guard, for the API token check below.
    app.addHook('onRoute', (route) => {
      const guards: unknown[] = [route.onRequest, route.preHandler].flat();
      const scoped = guards.find((guard) => typeof guard === 'function' && 'apiTokenScope' in guard) as
        | ScopeGuard
        | undefined;
      if (scoped) route.config = { ...route.config, apiTokenScope: scoped.apiTokenScope };
    });

    // Every request with an API token: a token that does not work is 401 (unknown, revoked,
    // expired); one that works is let through only to a route declaring a scope it holds, before
    // any other hook or guard of the route runs.
    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization;
      const token = header ? parseBearerToken(header) : null;
      if (!token || !isApiToken(token)) return;
      const caller = await apiTokens.authenticate(token);
      request.apiToken = caller;
      const scope = request.routeOptions.config?.apiTokenScope;
      if (!scope) throw new AppError('FORBIDDEN', API_TOKEN_MESSAGES.integrationRoutesOnly);
      if (!caller.scopes.includes(scope)) throw new AppError('FORBIDDEN', apiTokenMissingScopeMessage(scope));
    });

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
      if (!token || isApiToken(token)) return undefined;
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
      // Only `requireScope` admits an API token; the hook above refuses it first, this is the backstop.
      if (isApiToken(token)) throw new AppError('FORBIDDEN', API_TOKEN_MESSAGES.integrationRoutesOnly);
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
    async function requireAdmin(request: FastifyRequest) {
      await authenticate(request);
      if (!request.member?.isAdmin) throw new AppError('FORBIDDEN', MESSAGES.adminRequired);
    }
    app.decorate('requireAdmin', requireAdmin);
    app.decorate(
      'requireScope',
      (scope: ApiTokenScope, memberGuard: (request: FastifyRequest) => Promise<void> = requireAdmin): ScopeGuard => {
        const guard = async (request: FastifyRequest) => {
          if (request.apiToken) {
            // The onRequest hook above has checked the scope; again here, should a guard ever run without it.
            if (!request.apiToken.scopes.includes(scope)) {
              throw new AppError('FORBIDDEN', apiTokenMissingScopeMessage(scope));
            }
            return;
          }
          await memberGuard(request);
        };
        return Object.assign(guard, { apiTokenScope: scope });
      },
    );
  },
  { name: 'auth' },
);
