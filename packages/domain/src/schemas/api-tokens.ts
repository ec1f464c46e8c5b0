/**
 * API tokens for integrations (docs/integrations.md, "API tokens and scopes"): an administrator
 * gives another system (an HR script, a scheduling system) a named token with scopes, and that
 * system calls the routes its scopes allow with `Authorization: Bearer sbt_...`, nowhere else. The
 * scope list is declared once, here: the server's guard, the route access matrix and the web's
 * checkboxes all read it.
 */
import { z } from 'zod';

/** Every scope, with what it lets a token do (shown beside the checkbox and in the docs). */
export const API_TOKEN_SCOPE_DESCRIPTIONS = {
  'sessions:read': 'List bid sessions and read one session',
  'results:read': "Read a session's results and export them",
  'roster:write': 'Replace the active roster (PUT /api/admin/roster)',
} as const;

export type ApiTokenScope = keyof typeof API_TOKEN_SCOPE_DESCRIPTIONS;
export const API_TOKEN_SCOPES = Object.keys(API_TOKEN_SCOPE_DESCRIPTIONS) as [ApiTokenScope, ...ApiTokenScope[]];

/** What every API token starts with: the server tells it from a sign-in's JWT by it. */
export const API_TOKEN_PREFIX = 'sbt_';
export const MAX_API_TOKEN_NAME_LENGTH = 100;

export const API_TOKEN_MESSAGES = {
  nameRequired: 'Token name is required',
  nameTooLong: `Token name must be at most ${MAX_API_TOKEN_NAME_LENGTH} characters`,
  scopeInvalid: `Scope must be one of ${API_TOKEN_SCOPES.join(', ')}`,
  scopesRequired: 'Choose at least one scope',
  expiryInvalid: 'Expiry must be a date and time, such as 2027-01-31T00:00:00Z',
  expiryPast: 'Expiry must be in the future',
  notFound: 'API token not found',
  alreadyRevoked: 'This API token was already revoked',
  created: 'API token created. Copy it now: it will not be shown again.',
  revoked: 'API token revoked',
  /** An `sbt_` token the server does not know (mistyped, or its row deleted). */
  unknown: 'This API token is not valid. Check that it was copied whole, or ask an administrator for a new one.',
  revokedToken: 'This API token was revoked. Ask an administrator for a new one.',
  expiredToken: 'This API token has expired. Ask an administrator for a new one.',
  integrationRoutesOnly:
    'API tokens can only call integration routes (see docs/integrations.md); sign in as a member for this one.',
} as const;

/** "This API token does not have the sessions:read scope" */
export function apiTokenMissingScopeMessage(scope: ApiTokenScope): string {
  return `This API token does not have the ${scope} scope`;
}

export const apiTokenScopeSchema = z.enum(API_TOKEN_SCOPES, { error: API_TOKEN_MESSAGES.scopeInvalid });

export const createApiTokenRequestSchema = z.object({
  name: z
    .string({ error: API_TOKEN_MESSAGES.nameRequired })
    .trim()
    .min(1, API_TOKEN_MESSAGES.nameRequired)
    .max(MAX_API_TOKEN_NAME_LENGTH, API_TOKEN_MESSAGES.nameTooLong),
  scopes: z
    .array(apiTokenScopeSchema, { error: API_TOKEN_MESSAGES.scopesRequired })
    .min(1, API_TOKEN_MESSAGES.scopesRequired)
    .transform((scopes) => [...new Set(scopes)]),
  /** When it stops working; null or left out: never. Checked against the server's clock. */
  expiresAt: z.iso.datetime({ offset: true, error: API_TOKEN_MESSAGES.expiryInvalid }).nullish(),
});
export type CreateApiTokenRequest = z.infer<typeof createApiTokenRequestSchema>;

export const apiTokenStatusSchema = z.enum(['active', 'expired', 'revoked']);
export type ApiTokenStatus = z.infer<typeof apiTokenStatusSchema>;

/** A token as listed: never its secret, only the first characters to tell tokens apart. */
export const apiTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** "sbt_AbC12x": the secret's first characters, not enough to use it. */
  prefix: z.string(),
  scopes: z.array(apiTokenScopeSchema),
  createdAt: z.string(),
  /** The administrator who created it; null once they are deleted. */
  createdBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  expiresAt: z.string().nullable(),
  /** Within about a minute: uses are written at most once a minute per token. */
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  status: apiTokenStatusSchema,
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenListResponseSchema = z.object({ tokens: z.array(apiTokenSchema) });
export type ApiTokenListResponse = z.infer<typeof apiTokenListResponseSchema>;

/** The one answer that carries the secret: it is not kept, so it cannot be shown again. */
export const createApiTokenResponseSchema = z.object({
  token: apiTokenSchema,
  secret: z.string().startsWith(API_TOKEN_PREFIX),
  message: z.string(),
});
export type CreateApiTokenResponse = z.infer<typeof createApiTokenResponseSchema>;

export const revokeApiTokenResponseSchema = z.object({ token: apiTokenSchema, message: z.string() });
export type RevokeApiTokenResponse = z.infer<typeof revokeApiTokenResponseSchema>;
