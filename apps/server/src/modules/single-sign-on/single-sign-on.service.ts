/**
 * Single sign-on with OpenID Connect (docs/integrations.md): the authorization code flow with
 * PKCE, state and nonce through openid-client, which checks the ID token (signature, issuer,
 * audience, expiry, nonce). The person the provider vouches for is matched to an existing active
 * member, by a verified e-mail or by a configured claim compared with the employee ID, and gets the
 * same tokens as a password sign-in, through a one-time code the web app exchanges (tokens never
 * travel in a URL). Every refusal is a redirect to the web's /auth/sso page naming a reason
 * (SINGLE_SIGN_ON_REFUSALS), never an error page of the API.
 */
import { randomBytes } from 'node:crypto';
import {
  type AuthResponse,
  MESSAGES,
  SINGLE_SIGN_ON_MESSAGES,
  type SingleSignOnConfig,
  type SingleSignOnRefusal,
  type SingleSignOnSettings,
  type SingleSignOnSettingsUpdate,
} from '@stationbid/domain';
import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import type { OidcConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { violatedConstraint } from '../../db/errors.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { ANONYMOUS_AUDIT_ACTOR, audit, auditActor } from '../../lib/audit-log.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { isSelfRegistered, SELF_REGISTRATION_DETAIL } from '../auth/auth.repository.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { announceMembersAdded } from '../auth/member-cache.ts';
import { hashOpaqueToken } from '../auth/tokens.ts';
import { findMemberByEmail, findMemberById, insertMember, type MemberRow } from '../users/users.repository.ts';
import { OidcProviderClient, ProviderUnavailableError } from './oidc-provider-client.ts';
import { type PendingSignIn, SIGN_IN_LIFETIME_MS, SignInCookie } from './sign-in-cookie.ts';
import {
  deleteOldSingleSignOnCodes,
  findMemberByEmployeeId,
  insertSingleSignOnCode,
  readSingleSignOnSettings,
  saveSingleSignOnSettings,
  useSingleSignOnCode,
} from './single-sign-on.repository.ts';

/** The web app's page that exchanges a code, or shows a refusal. */
export const WEB_CALLBACK_PATH = '/auth/sso';
/** How long the web app has to exchange the code from its redirect. */
const CODE_LIFETIME_MS = 60_000;
const NOT_CONFIGURED_NAME = 'your organization';

/** Where a step of the flow sends the browser; `cookie` is the pending sign-in to keep, or null to clear it. */
export interface Redirect {
  location: string;
  cookie?: { value: string | null; isSecure: boolean };
}

class Refusal extends Error {
  constructor(
    readonly reason: SingleSignOnRefusal,
    readonly detail: string,
  ) {
    super(detail);
  }
}

export class SingleSignOnService {
  private readonly provider: OidcProviderClient | undefined;
  private readonly cookie: SignInCookie;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly authService: AuthService,
    config: OidcConfig | undefined,
    secret: string,
    private readonly log: FastifyBaseLogger,
    /** The web app's address when single sign-on is not configured (its refusal page). */
    private readonly fallbackWebUrl: string,
  ) {
    this.provider = config ? new OidcProviderClient(config, clock) : undefined;
    this.cookie = new SignInCookie(secret);
  }

  get displayName(): string {
    return this.provider?.config.displayName ?? NOT_CONFIGURED_NAME;
  }

  private get webUrl(): string {
    return this.provider?.config.publicWebUrl ?? this.fallbackWebUrl;
  }

  private get isSecure(): boolean {
    return this.webUrl.startsWith('https://');
  }

  /** GET /api/auth/oidc/config: what the sign-in and sign-out screens offer. */
  async publicConfig(): Promise<SingleSignOnConfig> {
    if (!this.provider)
      return { enabled: false, displayName: NOT_CONFIGURED_NAME, required: false, endSessionUrl: null };
    const required = await this.authService.isSingleSignOnRequired();
    let endSessionUrl: string | null = null;
    try {
      const configuration = await this.provider.configuration();
      if (configuration.serverMetadata().end_session_endpoint) {
        endSessionUrl = oidc
          .buildEndSessionUrl(configuration, {
            client_id: this.provider.config.clientId,
            post_logout_redirect_uri: `${this.webUrl}/login`,
          })
          .toString();
      }
    } catch (error) {
      // The provider is down: the button still shows; a sign-in says it could not be reached.
      if (!(error instanceof ProviderUnavailableError)) throw error;
    }
    return { enabled: true, displayName: this.displayName, required, endSessionUrl };
  }

  /** GET /api/auth/oidc/start: to the provider, with a fresh PKCE verifier, state and nonce kept in the cookie. */
  async start(): Promise<Redirect> {
    if (!this.provider) return this.refuse('not_configured', 'single sign-on is not configured');
    let configuration: oidc.Configuration;
    try {
      configuration = await this.provider.configuration();
    } catch (error) {
      if (error instanceof ProviderUnavailableError) return this.refuseUnavailable(error);
      throw error;
    }
    const pending: PendingSignIn = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
      expiresAtMs: this.clock.now().getTime() + SIGN_IN_LIFETIME_MS,
    };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.provider.redirectUri,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    return { location: url.toString(), cookie: { value: this.cookie.seal(pending), isSecure: this.isSecure } };
  }

  /**
   * GET /api/auth/oidc/callback: the provider's answer. The cookie is cleared whatever happens, so
   * a pending sign-in is used once.
   */
  async callback(query: Record<string, unknown>, cookieValue: string | undefined, clientAddress: string) {
    const cleared = { value: null, isSecure: this.isSecure };
    try {
      const memberId = await this.identify(query, this.cookie.open(cookieValue), clientAddress);
      const code = randomBytes(32).toString('base64url');
      const now = this.clock.now();
      await insertSingleSignOnCode(this.db, {
        codeHash: hashOpaqueToken(code),
        memberId,
        expiresAt: new Date(now.getTime() + CODE_LIFETIME_MS),
        createdAt: now,
      });
      await deleteOldSingleSignOnCodes(this.db, new Date(now.getTime() - 24 * 60 * 60 * 1000));
      return { location: `${this.webUrl}${WEB_CALLBACK_PATH}?code=${encodeURIComponent(code)}`, cookie: cleared };
    } catch (error) {
      if (error instanceof Refusal)
        return { ...this.refuse(error.reason, error.detail, clientAddress), cookie: cleared };
      if (error instanceof ProviderUnavailableError) return { ...this.refuseUnavailable(error), cookie: cleared };
      throw error;
    }
  }

  /** The member the provider's answer names, or a Refusal. */
  private async identify(
    query: Record<string, unknown>,
    pending: PendingSignIn | undefined,
    clientAddress: string,
  ): Promise<string> {
    const provider = this.provider;
    if (!provider) throw new Refusal('not_configured', 'single sign-on is not configured');
    if (typeof query.error === 'string') {
      throw new Refusal('provider_refused', `the provider answered ${query.error}`);
    }
    if (!pending || pending.expiresAtMs <= this.clock.now().getTime()) {
      throw new Refusal('expired', pending ? 'the sign-in was started too long ago' : 'no pending sign-in cookie');
    }
    if (typeof query.state !== 'string' || query.state !== pending.state) {
      throw new Refusal('expired', 'the state does not match the pending sign-in');
    }
    const configuration = await provider.configuration();
    const currentUrl = new URL(provider.redirectUri);
    for (const [name, value] of Object.entries(query)) {
      if (typeof value === 'string') currentUrl.searchParams.set(name, value);
    }
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      if (isUnreachable(error)) throw new ProviderUnavailableError(error);
      // A replayed or expired code, a wrong nonce, an expired or forged ID token: openid-client said no.
      throw new Refusal('not_confirmed', describeFailure(error));
    }
    const claims = { ...(tokens.claims() ?? {}) } as Record<string, unknown>;
    const memberClaim = provider.config.memberClaim;
    if (claims[memberClaim] === undefined && configuration.serverMetadata().userinfo_endpoint) {
      // Some providers put a claim only in the UserInfo answer (Entra ID's optional claims, Okta's profile).
      try {
        Object.assign(claims, await oidc.fetchUserInfo(configuration, tokens.access_token, String(claims.sub)), claims);
      } catch (error) {
        this.log.warn({ reason: describeFailure(error) }, 'single sign-on: the UserInfo request failed');
      }
    }
    const member = await this.findMember(claims, memberClaim);
    if (!member) return this.createOrRefuseUnknown(claims, memberClaim, clientAddress);
    if (!member.isActive) {
      const isAwaitingApproval = member.lastLoginAt === null && (await isSelfRegistered(this.db, member.id));
      throw new Refusal(isAwaitingApproval ? 'awaiting_approval' : 'deactivated', `member ${member.id} is inactive`);
    }
    return member.id;
  }

  private async findMember(claims: Record<string, unknown>, memberClaim: string): Promise<MemberRow | undefined> {
    if (memberClaim === 'email') {
      const email = verifiedEmail(claims);
      return findMemberByEmail(this.db, email);
    }
    const value = claims[memberClaim];
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new Refusal('missing_claim', `the provider sent no ${memberClaim} claim`);
    }
    return findMemberByEmployeeId(this.db, String(value).trim());
  }

  /**
   * A person no member matches: refused, unless the department lets single sign-on create them as
   * inactive members waiting for approval, as self-registration does.
   */
  private async createOrRefuseUnknown(
    claims: Record<string, unknown>,
    memberClaim: string,
    clientAddress: string,
  ): Promise<never> {
    const settings = await readSingleSignOnSettings(this.db);
    if (!settings.createUnknownMembers) throw new Refusal('unknown_member', 'no member matches');
    const email = verifiedEmail(claims);
    const employeeId =
      memberClaim === 'email' ? `SSO-${randomBytes(4).toString('hex').toUpperCase()}` : String(claims[memberClaim]);
    const [firstName, lastName] = namesOf(claims, email);
    try {
      const memberId = await this.db.transaction(async (tx) => {
        const created = await insertMember(tx, {
          email: email.toLowerCase(),
          passwordHash: null,
          firstName,
          lastName,
          employeeId,
          isActive: false,
        });
        await recordActivity(tx, {
          memberId: created.id,
          actorName: `${firstName} ${lastName}`,
          type: 'user',
          title: 'Registered, waiting for approval',
          description: `${firstName} ${lastName} signed in with ${this.displayName} for the first time; an administrator sets their rank and years of service and activates them`,
          details: { [SELF_REGISTRATION_DETAIL]: true },
          at: this.clock.now(),
        });
        return created.id;
      });
      announceMembersAdded(this.db);
      audit(
        this.log,
        'auth.registered',
        { ...ANONYMOUS_AUDIT_ACTOR, memberId, clientAddress },
        'single sign-on created a member waiting for approval',
      );
    } catch (error) {
      const constraint = violatedConstraint(error);
      // The e-mail or employee ID belongs to a member the claim did not match: an administrator sorts it out.
      if (constraint === 'members_email_lower_unique' || constraint === 'members_employee_id_unique') {
        throw new Refusal(
          'unknown_member',
          `a member holds this ${constraint.includes('email') ? 'e-mail' : 'employee ID'}`,
        );
      }
      throw error;
    }
    throw new Refusal('awaiting_approval', 'created a member waiting for approval');
  }

  /** POST /api/auth/oidc/exchange: the one-time code for the usual sign-in answer. */
  async exchange(code: string, clientAddress: string): Promise<AuthResponse> {
    const memberId = await useSingleSignOnCode(this.db, hashOpaqueToken(code), this.clock.now());
    if (!memberId) throw badRequest(SINGLE_SIGN_ON_MESSAGES.codeInvalid);
    const member = await findMemberById(this.db, memberId);
    if (!member?.isActive) throw new AppError('ACCOUNT_DEACTIVATED', MESSAGES.accountDeactivated);
    return this.authService.issueSignIn(member, clientAddress, 'single_sign_on');
  }

  async settings(): Promise<SingleSignOnSettings> {
    const saved = await readSingleSignOnSettings(this.db);
    return {
      ...saved,
      configured: this.provider !== undefined,
      displayName: this.displayName,
      redirectUri: this.provider?.redirectUri ?? null,
    };
  }

  async saveSettings(
    admin: { id: string; isAdmin: boolean },
    update: SingleSignOnSettingsUpdate,
    log: FastifyBaseLogger,
  ): Promise<SingleSignOnSettings> {
    if (update.requireSingleSignOn && !this.provider)
      throw badRequest(SINGLE_SIGN_ON_MESSAGES.requireNeedsConfiguration);
    const before = await readSingleSignOnSettings(this.db);
    await saveSingleSignOnSettings(this.db, update, admin.id, this.clock.now());
    const changed = (['requireSingleSignOn', 'createUnknownMembers'] as const).filter(
      (name) => before[name] !== update[name],
    );
    audit(
      log,
      'settings.changed',
      { ...auditActor(admin), settings: changed },
      `administrator saved single sign-on: required ${update.requireSingleSignOn ? 'on' : 'off'}, unknown people become waiting members ${update.createUnknownMembers ? 'on' : 'off'}`,
    );
    return this.settings();
  }

  private refuse(reason: SingleSignOnRefusal, detail: string, clientAddress?: string): Redirect {
    audit(
      this.log,
      'auth.sign_in_failed',
      {
        ...ANONYMOUS_AUDIT_ACTOR,
        memberId: null,
        ...(clientAddress ? { clientAddress } : {}),
        reason: `single_sign_on_${reason}`,
      },
      `single sign-on refused: ${detail}`,
    );
    return { location: `${this.webUrl}${WEB_CALLBACK_PATH}?error=${reason}` };
  }

  private refuseUnavailable(error: ProviderUnavailableError): Redirect {
    this.log.warn({ reason: describeFailure(error.cause) }, 'single sign-on: the OpenID provider could not be reached');
    return { location: `${this.webUrl}${WEB_CALLBACK_PATH}?error=provider_unavailable` };
  }
}

/** The e-mail claim, only when the provider says it verified it. */
function verifiedEmail(claims: Record<string, unknown>): string {
  const email = claims.email;
  if (typeof email !== 'string' || !email.includes('@'))
    throw new Refusal('missing_claim', 'the provider sent no email claim');
  // Only `true` counts: a provider that does not say, or says "false", has not verified it.
  if (claims.email_verified !== true)
    throw new Refusal('email_not_verified', 'the provider has not verified the e-mail');
  return email;
}

function namesOf(claims: Record<string, unknown>, email: string): [string, string] {
  const given = typeof claims.given_name === 'string' ? claims.given_name.trim() : '';
  const family = typeof claims.family_name === 'string' ? claims.family_name.trim() : '';
  if (given && family) return [given.slice(0, 100), family.slice(0, 100)];
  const name = typeof claims.name === 'string' ? claims.name.trim() : '';
  const [first = '', ...rest] = (name || email.split('@')[0] || 'New').split(/\s+/);
  return [first.slice(0, 100) || 'New', rest.join(' ').slice(0, 100) || 'Member'];
}

/** A failure to reach the provider (network, timeout), as opposed to an answer it gave. */
function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return true;
  return error instanceof TypeError && /fetch failed/i.test(error.message);
}

function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const inner = (error as { error?: unknown }).error;
  return [typeof code === 'string' ? code : null, typeof inner === 'string' ? inner : null, error.message]
    .filter(Boolean)
    .join(': ');
}
