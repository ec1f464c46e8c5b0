/**
 * API tokens for integrations: administrators create, list and revoke them; the auth plugin asks
 * `authenticate` who a presented `sbt_` token is. The secret is made here, answered once by
 * `create` and never stored: only its SHA-256 (to find it) and its first characters (to show it).
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  type ApiToken,
  type ApiTokenScope,
  type ApiTokenStatus,
  apiTokenScopeSchema,
  type CreateApiTokenRequest,
} from '@stationbid/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError, badRequest, conflict } from '../../lib/app-error.ts';
import { audit, auditActor } from '../../lib/audit-log.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ApiTokenUses } from './api-token-uses.ts';
import {
  type ApiTokenListRow,
  findApiToken,
  findApiTokenByHash,
  insertApiToken,
  listApiTokens,
  revokeApiToken,
} from './api-tokens.repository.ts';

/** 32 random bytes: 256 bits, as base64url 43 characters after the prefix. */
const SECRET_BYTES = 32;
/** "sbt_" and the secret's first 6 characters: tells tokens apart, gives nothing away. */
const DISPLAY_PREFIX_LENGTH = API_TOKEN_PREFIX.length + 6;

/** Who an authenticated `sbt_` token is: what the request may do is its scopes, nothing else. */
export interface ApiTokenCaller {
  id: string;
  name: string;
  scopes: readonly ApiTokenScope[];
}

/** The administrator acting. */
export interface ApiTokenActor {
  id: string;
  isAdmin: boolean;
}

export const hashApiTokenSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export function newApiTokenSecret(): string {
  return `${API_TOKEN_PREFIX}${randomBytes(SECRET_BYTES).toString('base64url')}`;
}

function statusOf(row: { revokedAt: Date | null; expiresAt: Date | null }, now: Date): ApiTokenStatus {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt <= now) return 'expired';
  return 'active';
}

/** Scopes as stored, keeping only those this version knows (a scope dropped later grants nothing). */
function knownScopes(scopes: readonly string[]): ApiTokenScope[] {
  return scopes.flatMap((scope) => {
    const parsed = apiTokenScopeSchema.safeParse(scope);
    return parsed.success ? [parsed.data] : [];
  });
}

export function presentApiToken(row: ApiTokenListRow, now: Date): ApiToken {
  const creatorName = [row.creatorFirstName, row.creatorLastName].filter(Boolean).join(' ');
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: knownScopes(row.scopes),
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy ? { id: row.createdBy, name: creatorName || 'Unknown member' } : null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    status: statusOf(row, now),
  };
}

export class ApiTokensService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly uses: ApiTokenUses,
  ) {}

  async list(): Promise<ApiToken[]> {
    const now = this.clock.now();
    return (await listApiTokens(this.db)).map((row) => presentApiToken(row, now));
  }

  async create(
    body: CreateApiTokenRequest,
    actor: ApiTokenActor,
    log?: FastifyBaseLogger,
  ): Promise<{ token: ApiToken; secret: string }> {
    const now = this.clock.now();
    const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
    if (expiresAt && expiresAt <= now) throw badRequest(API_TOKEN_MESSAGES.expiryPast);
    const secret = newApiTokenSecret();
    const row = await insertApiToken(this.db, {
      name: body.name,
      prefix: secret.slice(0, DISPLAY_PREFIX_LENGTH),
      tokenHash: hashApiTokenSecret(secret),
      scopes: body.scopes,
      createdBy: actor.id,
      createdAt: now,
      expiresAt,
    });
    audit(
      log,
      'integration.token_created',
      { ...auditActor(actor), apiTokenId: row.id, scopes: row.scopes },
      `API token "${row.name}" created`,
    );
    const listed = await findApiToken(this.db, row.id);
    if (!listed) throw new AppError('NOT_FOUND', API_TOKEN_MESSAGES.notFound);
    return { token: presentApiToken(listed, now), secret };
  }

  async revoke(id: string, actor: ApiTokenActor, log?: FastifyBaseLogger): Promise<ApiToken> {
    const now = this.clock.now();
    const existing = await findApiToken(this.db, id);
    if (!existing) throw new AppError('NOT_FOUND', API_TOKEN_MESSAGES.notFound);
    if (!(await revokeApiToken(this.db, id, now, actor.id))) throw conflict(API_TOKEN_MESSAGES.alreadyRevoked);
    audit(
      log,
      'integration.token_revoked',
      { ...auditActor(actor), apiTokenId: id },
      `API token "${existing.name}" revoked`,
    );
    return presentApiToken({ ...existing, revokedAt: now, revokedBy: actor.id }, now);
  }

  /**
   * The caller a presented `sbt_` secret stands for, or a 401 saying why not (unknown, revoked,
   * expired). Read from the database on every request, so a revocation takes effect at once in
   * every server process; the use is noted, written at most once a minute (api-token-uses.ts).
   */
  async authenticate(secret: string): Promise<ApiTokenCaller> {
    const now = this.clock.now();
    const row = await findApiTokenByHash(this.db, hashApiTokenSecret(secret));
    if (!row) throw new AppError('TOKEN_INVALID', API_TOKEN_MESSAGES.unknown);
    const status = statusOf(row, now);
    if (status === 'revoked') throw new AppError('TOKEN_INVALID', API_TOKEN_MESSAGES.revokedToken);
    if (status === 'expired') throw new AppError('TOKEN_EXPIRED', API_TOKEN_MESSAGES.expiredToken);
    this.uses.record(row.id, row.lastUsedAt, now);
    return { id: row.id, name: row.name, scopes: knownScopes(row.scopes) };
  }
}
