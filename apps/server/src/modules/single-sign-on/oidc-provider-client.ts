/**
 * The department's OpenID provider as openid-client sees it. Discovery (the issuer's
 * /.well-known/openid-configuration) happens on first use, not at start-up, so a provider that is
 * down never stops the server: a failed discovery is tried again on the next sign-in after a short
 * pause, and until then single sign-on answers "could not be reached" while passwords keep working.
 */
import * as oidc from 'openid-client';
import type { OidcConfig } from '../../config/env.ts';
import type { Clock } from '../../lib/clock.ts';

/** How long a failed discovery is remembered before the next sign-in tries again. */
const DISCOVERY_RETRY_MS = 15_000;
/** Seconds a request to the provider may take. */
const PROVIDER_TIMEOUT_SECONDS = 10;

export class ProviderUnavailableError extends Error {
  constructor(cause: unknown) {
    super('the OpenID provider could not be reached', { cause });
    this.name = 'ProviderUnavailableError';
  }
}

export class OidcProviderClient {
  private discovered: oidc.Configuration | undefined;
  private pending: Promise<oidc.Configuration> | undefined;
  private failedAtMs = Number.NEGATIVE_INFINITY;
  private lastFailure: unknown;

  constructor(
    readonly config: OidcConfig,
    private readonly clock: Clock,
  ) {}

  /** Where the provider sends people back: registered with the provider as is. */
  get redirectUri(): string {
    return `${this.config.publicWebUrl}/api/auth/oidc/callback`;
  }

  /** An http:// issuer is allowed outside production only (config/env.ts refuses it there). */
  private get isInsecure(): boolean {
    return new URL(this.config.issuer).protocol === 'http:';
  }

  /**
   * The provider's configuration, discovered once. Throws ProviderUnavailableError while it cannot
   * be reached (one try per DISCOVERY_RETRY_MS, shared by simultaneous sign-ins).
   */
  async configuration(): Promise<oidc.Configuration> {
    if (this.discovered) return this.forNow(this.discovered);
    if (Date.now() - this.failedAtMs < DISCOVERY_RETRY_MS) throw new ProviderUnavailableError(this.lastFailure);
    this.pending ??= oidc
      .discovery(new URL(this.config.issuer), this.config.clientId, this.config.clientSecret, undefined, {
        execute: this.isInsecure ? [oidc.allowInsecureRequests] : [],
        timeout: PROVIDER_TIMEOUT_SECONDS,
      })
      .finally(() => {
        this.pending = undefined;
      });
    try {
      this.discovered = await this.pending;
    } catch (error) {
      this.failedAtMs = Date.now();
      this.lastFailure = error;
      throw new ProviderUnavailableError(error);
    }
    return this.forNow(this.discovered);
  }

  /** The discovered configuration if discovery has succeeded, without trying it. */
  get known(): oidc.Configuration | undefined {
    return this.discovered;
  }

  /**
   * The configuration with the server's clock: ID tokens' times are checked against the clock the
   * rest of the server uses (the real one in production; a test's clock in tests). The provider's
   * keys, once fetched, are kept across calls.
   */
  private forNow(discovered: oidc.Configuration): oidc.Configuration {
    const skewSeconds = Math.round((this.clock.now().getTime() - Date.now()) / 1000);
    if (skewSeconds === 0) return discovered;
    const configuration = new oidc.Configuration(discovered.serverMetadata(), this.config.clientId, {
      client_secret: this.config.clientSecret,
      [oidc.clockSkew]: skewSeconds,
    });
    if (this.isInsecure) oidc.allowInsecureRequests(configuration);
    const keys = oidc.getJwksCache(discovered);
    if (keys) oidc.setJwksCache(configuration, keys);
    return configuration;
  }
}
